package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Choose;
import dev.feedline.Concatenate;
import dev.feedline.Cost;
import dev.feedline.Decode;
import dev.feedline.Element;
import dev.feedline.InMemorySource;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Mix;
import dev.feedline.OnEmpty;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.Zip;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Pipelines that read other pipelines: test rows from TFRecord files and ids in memory, each
 * element tagged with the pipeline it came from, mixed, concatenated and zipped.
 */
public final class SourcePipelines {
  private SourcePipelines() {}

  /** An id and the pipeline it came from: 0 for {@link FileRows}, 1 for {@link MemoryIds}. */
  @Element
  public record Tagged(@Shape({}) Operand<TInt64> id, @Shape({}) Operand<TInt32> from) {}

  /** An id alone. */
  @Element
  public record Id(@Shape({}) Operand<TInt64> id) {}

  /** A label kept apart from the data, and the id it belongs to. */
  @Element
  public record Label(@Shape({}) Operand<TInt64> labelId, @Shape({}) Operand<TInt64> label) {}

  /** A tagged id joined with its label, from two pipelines. */
  @Element
  public record Labeled(
      @Shape({}) Operand<TInt64> id,
      @Shape({}) Operand<TInt32> from,
      @Shape({}) Operand<TInt64> labelId,
      @Shape({}) Operand<TInt64> label) {}

  /** The test rows of TFRecord files, tagged 0, in file order. */
  @Pipeline
  public interface FileRows {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Row parse(Operand<TString> record);

    @Map
    static Tagged tag(Ops tf, Row row) {
      return new Tagged(row.id(), tf.constant(0));
    }
  }

  /** Ids given in memory, shuffled with a seed of their own, tagged 1. */
  @Pipeline
  public interface MemoryIds {
    @InMemorySource
    Id ids();

    @Map
    static Tagged tag(Ops tf, Id id) {
      return new Tagged(id.id(), tf.constant(1));
    }

    @Shuffle(buffer = 64, seed = 3)
    Tagged shuffle(Tagged tagged);
  }

  /**
   * Ids given in memory, each tagged after about 2 billion multiply-adds that depend on it: a
   * slow pipeline to mix with a fast one.
   */
  @Pipeline
  public interface SlowIds {
    @InMemorySource
    Id ids();

    @Map(parallel = 1, cost = Cost.EXPENSIVE)
    static Tagged work(Ops tf, Id id) {
      return new Tagged(id.id(), SourcePipelines.busy(tf, id.id()));
    }
  }

  /**
   * 0, after multiplying a 400×400 matrix filled with {@code id} by itself 32 times: work that
   * dwarfs what a busy machine adds to every element (each hand-over between tf.data's threads
   * waits for a core), so that the doctor's tests name the same stage under load.
   */
  static Operand<TInt32> busy(Ops tf, Operand<TInt64> id) {
    Operand<TFloat32> m = tf.fill(tf.constant(new int[] {400, 400}),
        tf.dtypes.cast(id, TFloat32.class));
    Operand<TFloat32> product = m;
    for (int i = 0; i < 32; i++) {
      product = tf.linalg.matMul(product, m);
    }
    return tf.dtypes.cast(tf.math.mul(tf.reduceSum(product, tf.constant(new int[] {0, 1})),
        tf.constant(0f)), TInt32.class);
  }

  /** The slow pipeline mixed with the in-memory ids: the mix's own prefix is the slow one. */
  @Pipeline
  public interface SlowlyMixed {
    @Mix(of = {SlowIds.class, MemoryIds.class}, seed = 5)
    Tagged mixed();

    @Batch(size = 4)
    Tagged batch(Tagged tagged);

    @Prefetch(AUTO)
    Tagged prefetch(Tagged batch);
  }

  /** Two fast pipelines mixed, then a slow map: the map is the slow stage. */
  @Pipeline
  public interface MixedThenSlow {
    @Mix(of = {FileRows.class, MemoryIds.class}, seed = 5)
    Tagged mixed();

    @Map(parallel = 1, cost = Cost.EXPENSIVE)
    static Tagged work(Ops tf, Tagged tagged) {
      return new Tagged(tagged.id(), tf.math.add(tagged.from(), busy(tf, tagged.id())));
    }

    @Batch(size = 4)
    Tagged batch(Tagged tagged);

    @Prefetch(AUTO)
    Tagged prefetch(Tagged batch);
  }

  /** Labels given in memory. */
  @Pipeline
  public interface Labels {
    @InMemorySource
    Label labels();
  }

  /** Rows and ids mixed 70/30, stopping when either runs out. */
  @Pipeline(reproducible = true)
  public interface Mixed {
    @Mix(of = {FileRows.class, MemoryIds.class}, weights = {0.7, 0.3}, seed = 7)
    Tagged mixed();

    @Batch(size = 10)
    Tagged batch(Tagged tagged);

    @Prefetch(AUTO)
    Tagged prefetch(Tagged batch);
  }

  /** Rows and ids mixed equally, going on with the other when one runs out. */
  @Pipeline
  public interface MixedToTheEnd {
    @Mix(of = {FileRows.class, MemoryIds.class}, seed = 11, onEmpty = OnEmpty.CONTINUE)
    Tagged mixed();
  }

  /** Every row, then every id. */
  @Pipeline
  public interface Appended {
    @Concatenate(of = {FileRows.class, MemoryIds.class})
    Tagged appended();
  }

  /** Rows and ids in the order indices given at run time choose. */
  @Pipeline
  public interface Chosen {
    @Choose(of = {FileRows.class, MemoryIds.class})
    Tagged chosen();
  }

  /** The same, skipping the indices of a pipeline that has run out. */
  @Pipeline
  public interface ChosenToTheEnd {
    @Choose(of = {FileRows.class, MemoryIds.class}, onEmpty = OnEmpty.CONTINUE)
    Tagged chosen();
  }

  /** Row {@code i} with label {@code i}. */
  @Pipeline
  public interface LabeledRows {
    @Zip(of = {FileRows.class, Labels.class})
    Labeled labeled();

    @Batch(size = 4)
    Labeled batch(Labeled labeled);
  }

  /** The test rows' labels, from TFRecord files, each with the id of its row. */
  @Pipeline
  public interface FileLabels {
    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Row parse(Operand<TString> record);

    @Map
    static Label label(Ops tf, Row row) {
      return new Label(row.id(), row.label());
    }
  }

  /** Row {@code i} of one set of files with label {@code i} of another. */
  @Pipeline
  public interface LabeledFileRows {
    @Zip(of = {FileRows.class, FileLabels.class})
    Labeled labeled();
  }
}
