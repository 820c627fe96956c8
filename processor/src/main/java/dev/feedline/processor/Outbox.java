package dev.feedline.processor;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Reporter;
import dev.feedline.processor.writing.GeneratedSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import javax.annotation.processing.Filer;

/**
 * The files a round generates, created through the Filer together once every pipeline of the
 * round is read, checked and written out. The Filer looks each new type's name up in every module;
 * between the reads of a round's declarations those same lookups cost about twice as much as one
 * after the other, as a processor that only writes files makes them (docs/rules.md, What the
 * processor costs). A round's files become visible to javac in the next round either way.
 */
final class Outbox {
  /** A file, and how to report that it could not be written. */
  private record Entry(GeneratedSource.Rendered file, BiConsumer<Report, String> failed) {}

  private final List<Entry> entries = new ArrayList<>();

  /**
   * Adds {@code file}; {@code failed} reports into a report of its own that it was not written,
   * and why.
   */
  void add(GeneratedSource.Rendered file, BiConsumer<Report, String> failed) {
    entries.add(new Entry(file, failed));
  }

  /** Creates every file added since the last call, in order, and reports each that fails. */
  void writeAll(Filer filer, Reporter reporter) {
    for (Entry entry : entries) {
      try {
        entry.file().writeTo(filer);
      } catch (IOException e) {
        fail(entry, e.getMessage(), reporter);
      } catch (RuntimeException e) { // the Filer's own: reported, never thrown into javac
        fail(entry, e.toString(), reporter);
      }
    }
    entries.clear();
  }

  private static void fail(Entry entry, String why, Reporter reporter) {
    Report report = new Report();
    entry.failed().accept(report, why);
    reporter.print(report);
  }
}
