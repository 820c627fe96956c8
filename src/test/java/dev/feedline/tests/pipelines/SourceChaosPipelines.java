package dev.feedline.tests.pipelines;

import dev.feedline.Batch;
import dev.feedline.Choose;
import dev.feedline.Compression;
import dev.feedline.Concatenate;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Mix;
import dev.feedline.OnEmpty;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.Snapshot;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Vocabulary;
import dev.feedline.Zip;
import dev.feedline.runtime.VocabularyTable;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The pipelines the chaos test runs over every other kind of source ({@code SourceChaosTrial}):
 * CSV text, plain and GZIP; lines looked up in a vocabulary; two TFRecord pipelines mixed,
 * concatenated, zipped and chosen from; a snapshot. Every element is one id, or two for a zip, in
 * batches of 5, so that an epoch's elements can be told apart and counted.
 */
public final class SourceChaosPipelines {
  private SourceChaosPipelines() {}

  /** One id. */
  @Element
  public record Id(@Shape({}) Operand<TInt64> id) {}

  /** The ids of a zip's two pipelines. */
  @Element
  public record Pair(@Shape({}) Operand<TInt64> id, @Shape({}) Operand<TInt64> other) {}

  /** An id per line of CSV text. */
  @Pipeline
  public interface Csv {
    @TextLineSource Operand<TString> files();

    @Interleave(cycleLength = 2) Operand<TString> lines(Operand<TString> file);

    @DecodeCsv Id parse(Operand<TString> line);

    @Batch(size = 5) Id batch(Id id);
  }

  /** The same, GZIP-compressed. */
  @Pipeline
  public interface GzipCsv {
    @TextLineSource(compression = Compression.GZIP) Operand<TString> files();

    @Interleave(cycleLength = 2) Operand<TString> lines(Operand<TString> file);

    @DecodeCsv Id parse(Operand<TString> line);

    @Batch(size = 5) Id batch(Id id);
  }

  /** A word per line, as its id in a vocabulary; -1 for a word not in it. */
  @Pipeline
  public interface Looked {
    @Vocabulary VocabularyTable words();

    @TextLineSource Operand<TString> files();

    @Interleave(cycleLength = 1) Operand<TString> lines(Operand<TString> file);

    @Map
    static Id look(Ops tf, Operand<TString> line, VocabularyTable words) {
      return new Id(words.ids(tf, line));
    }

    @Batch(size = 5) Id batch(Id id);
  }

  /** The row ids of TFRecord files, in file order. */
  @Pipeline
  public interface RowsA {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 1) Operand<TString> read(Operand<TString> file);

    @Decode Row parse(Operand<TString> record);

    @Map
    static Id id(Ops tf, Row row) {
      return new Id(row.id());
    }
  }

  /** The same, for the other side of a composition. */
  @Pipeline
  public interface RowsB extends RowsA {}

  @Pipeline
  public interface Mixed {
    @Mix(of = {RowsA.class, RowsB.class}, seed = 9, onEmpty = OnEmpty.CONTINUE) Id mixed();

    @Batch(size = 5) Id batch(Id id);
  }

  @Pipeline
  public interface Appended {
    @Concatenate(of = {RowsA.class, RowsB.class}) Id appended();

    @Batch(size = 5) Id batch(Id id);
  }

  @Pipeline
  public interface Zipped {
    @Zip(of = {RowsA.class, RowsB.class}) Pair zipped();

    @Batch(size = 5) Pair batch(Pair pair);
  }

  @Pipeline
  public interface Chosen {
    @Choose(of = {RowsA.class, RowsB.class}, onEmpty = OnEmpty.CONTINUE) Id chosen();

    @Batch(size = 5) Id batch(Id id);
  }

  /** TFRecord rows through a snapshot. */
  @Pipeline
  public interface Snapshotted extends RowsA {
    @Snapshot(path = "target/chaos-snapshot", shards = 2) Id snapshot(Id id);

    @Batch(size = 5) Id batch(Id id);
  }
}
