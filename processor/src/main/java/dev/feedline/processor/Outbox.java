package dev.feedline.processor;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Reporter;
import dev.feedline.processor.writing.GeneratedSource;
import dev.feedline.processor.writing.spec.JavaFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;

/**
 * The files a round generates, made once every pipeline of the round is read and checked, each
 * step over all of them before the next: every file's code, then every file's text, then every
 * file created through the Filer. The same work interleaved, file by file between the reads of
 * the round's declarations, costs about twice as much (docs/rules.md, What the processor costs).
 * A round's files become visible to javac in the next round either way.
 */
final class Outbox {
  /**
   * A file to make: its code, the declaration a failure is reported at, and how to report that
   * the Filer refused it.
   */
  private record Entry(Supplier<JavaFile> code, Element origin,
      BiConsumer<Report, String> refused) {}

  /** A file's code, and the entry it came from. */
  private record Built(Entry entry, JavaFile code) {}

  /** A file written out, and the entry it came from. */
  private record Written(Entry entry, GeneratedSource.Rendered file) {}

  private final List<Entry> entries = new ArrayList<>();

  /**
   * Adds a file whose code {@code code} builds; a failure to build or write it is an internal
   * error at {@code origin}, and {@code refused} reports into a report of its own that the Filer
   * did not create it, and why.
   */
  void add(Supplier<JavaFile> code, Element origin, BiConsumer<Report, String> refused) {
    entries.add(new Entry(code, origin, refused));
  }

  /**
   * Makes every file added since the last call, in order, and reports each that fails; a file
   * that fails loses no other.
   */
  void writeAll(Filer filer, Reporter reporter) {
    List<Built> built = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      try {
        built.add(new Built(entry, entry.code().get()));
      } catch (RuntimeException e) {
        reporter.printInternalError(entry.origin(), e);
      }
    }
    entries.clear();
    List<Written> written = new ArrayList<>(built.size());
    for (Built file : built) {
      try {
        written.add(new Written(file.entry(), GeneratedSource.render(file.code())));
      } catch (RuntimeException e) {
        reporter.printInternalError(file.entry().origin(), e);
      }
    }
    for (Written file : written) {
      create(file, filer, reporter);
    }
  }

  private static void create(Written written, Filer filer, Reporter reporter) {
    try {
      written.file().writeTo(filer);
    } catch (IOException e) {
      refused(written.entry(), e.getMessage(), reporter);
    } catch (RuntimeException e) { // the Filer's own: reported, never thrown into javac
      refused(written.entry(), e.toString(), reporter);
    }
  }

  private static void refused(Entry entry, String why, Reporter reporter) {
    Report report = new Report();
    entry.refused().accept(report, why);
    reporter.print(report);
  }
}
