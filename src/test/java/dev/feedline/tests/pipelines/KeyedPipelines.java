package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shape;
import dev.feedline.Snapshot;
import dev.feedline.TFRecordSource;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Print;
import org.tensorflow.op.strings.StringFormat;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Pipelines that cache the same rows in files under one folder and differ in one thing each: the
 * body of the map before the cache, the record the decode parses, a value of a stage before the
 * cache, or one after it. {@link Scaled} and {@link ScaledAgain} are the same declaration in two
 * interfaces. Each map prints "scaled &lt;id&gt;" to standard error for every element it runs on,
 * so that a run can count the elements it computed rather than read from a cache.
 */
public final class KeyedPipelines {
  private KeyedPipelines() {}

  /** What each map prints per element, before the element's id. */
  public static final String WORK_MARK = "scaled ";

  /** Row {@code values} times {@code factor}, printing the mark with the row's id. */
  static Row scale(Ops tf, Row row, float factor) {
    Print mark = tf.print(tf.strings.stringFormat(List.of(row.id()),
        StringFormat.template(WORK_MARK + "%s")), Print.outputStream("stderr"));
    Ops after = tf.withControlDependencies(List.of(mark));
    return new Row(after.identity(row.id()), row.label(),
        tf.math.mul(row.values(), tf.constant(factor)));
  }

  /** A row with its values left out. */
  @Element
  public record Ids(@Shape({}) Operand<TInt64> id, @Shape({}) Operand<TInt64> label) {}

  @Pipeline
  public interface Scaled {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 2f);
    }

    @Cache(file = "target/keyed-cache") Row cache(Row row);

    @Batch(size = 10) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** {@link Scaled}, declared again. */
  @Pipeline
  public interface ScaledAgain {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 2f);
    }

    @Cache(file = "target/keyed-cache") Row cache(Row row);

    @Batch(size = 10) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** {@link Scaled} with another map body: three times the values. */
  @Pipeline
  public interface Tripled {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 3f);
    }

    @Cache(file = "target/keyed-cache") Row cache(Row row);

    @Batch(size = 10) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** {@link Scaled}'s rows parsed into another record, without their values, and cached. */
  @Pipeline
  public interface IdsOnly {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Ids parse(Operand<TString> record);

    @Cache(file = "target/keyed-cache") Ids cache(Ids row);

    @Batch(size = 10) Ids batch(Ids row);

    @Prefetch(AUTO) Ids prefetch(Ids batch);
  }

  /** {@link Scaled} reading two records of a file before the next: a value before the cache. */
  @Pipeline
  public interface InBlocks {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, blockLength = 2, parallel = AUTO)
    Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 2f);
    }

    @Cache(file = "target/keyed-cache") Row cache(Row row);

    @Batch(size = 10) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** {@link Scaled} with smaller batches: a value after the cache. */
  @Pipeline
  public interface SmallBatches {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 2f);
    }

    @Cache(file = "target/keyed-cache") Row cache(Row row);

    @Batch(size = 3) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }

  /** {@link Scaled} with a snapshot in place of the cache, in 4 shards. */
  @Pipeline
  public interface Snapshotted {
    @TFRecordSource Operand<TString> files();

    @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> file);

    @Decode(parallel = AUTO) Row parse(Operand<TString> record);

    @Map(parallel = AUTO)
    static Row scale(Ops tf, Row row) {
      return KeyedPipelines.scale(tf, row, 2f);
    }

    @Snapshot(path = "target/keyed-snapshot", shards = 4) Row snapshot(Row row);

    @Batch(size = 10) Row batch(Row row);

    @Prefetch(AUTO) Row prefetch(Row batch);
  }
}
