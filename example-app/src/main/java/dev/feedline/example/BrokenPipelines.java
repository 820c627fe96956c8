package dev.feedline.example;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Cost;
import dev.feedline.Decode;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shuffle;
import dev.feedline.StageGroup;
import dev.feedline.TFRecordSource;
import dev.feedline.photos.EncodedPhoto;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@link PhotoPipeline} broken on purpose, one mistake each, for {@code ./feedline doctor
 * --variant NAME} and its tests. The processor's warnings for each mistake are suppressed where it
 * can see them; two of the mistakes it cannot see. Each takes the photo pipeline's stages from
 * {@link PhotoStages} and changes, drops or inserts only those of its mistake.
 */
public final class BrokenPipelines {
  private BrokenPipelines() {}

  /**
   * The decode runs one photo at a time. It also jitters the brightness at random, which keeps
   * TensorFlow's {@code map_parallelization} rewrite from parallelizing it behind the pipeline's
   * back, as it would a deterministic map.
   */
  @Pipeline(ramBudget = "4GiB")
  @SuppressWarnings({"feedline:map-not-parallel", "feedline:cache-after-random-map"})
  public interface SequentialMap extends PhotoPipeline {
    @Map(random = true)
    static DecodedPhoto decodeAndResize(Ops tf, EncodedPhoto photo) {
      Operand<TFloat32> jitter = tf.math.mul(tf.constant(0.05f * 255),
          tf.random.randomUniform(tf.constant(new int[0]), TFloat32.class));
      Operand<TFloat32> values = tf.clipByValue(
          tf.math.add(PhotoStages.Decoding.resize(tf, photo.jpeg()), jitter), tf.constant(0f),
          tf.constant(255f));
      return new DecodedPhoto(PhotoStages.Decoding.pixels(tf, values), photo.label(), photo.id());
    }
  }

  /** No prefetch at the end: nothing prepares the next batch while a step runs. */
  @Pipeline(ramBudget = "4GiB")
  @SuppressWarnings("feedline:terminal-prefetch-autotune")
  public interface NoPrefetch extends PhotoStages.Files, PhotoStages.Decoding, PhotoStages.Cached {
    @Shuffle(buffer = 1000)
    DecodedPhoto shuffle(DecodedPhoto photo);

    @Batch(size = 32)
    DecodedPhoto batch(DecodedPhoto photo);
  }

  /** The cache of {@link CacheBeforeMap}: the encoded records, then a decode declared cheap. */
  @StageGroup
  public interface EncodedCache {
    @Decode(parallel = AUTO)
    EncodedPhoto parse(Operand<TString> record);

    @Cache
    EncodedPhoto cache(EncodedPhoto photo);

    @Map(parallel = AUTO, cost = Cost.CHEAP)
    static DecodedPhoto decodeAndResize(Ops tf, EncodedPhoto photo) {
      return PhotoStages.Decoding.decodeAndResize(tf, photo);
    }
  }

  /**
   * The cache holds the encoded records, before the decode, which is declared cheap: the
   * mistake the processor cannot see (cache-before-expensive-map trusts the declared cost), so
   * every epoch decodes every photo again.
   */
  @Pipeline(ramBudget = "4GiB")
  public interface CacheBeforeMap
      extends PhotoStages.Files, EncodedCache, PhotoStages.Batches {}

  /** A shuffle buffer of 2: each batch holds photos that were neighbours in the files. */
  @Pipeline(ramBudget = "4GiB")
  @SuppressWarnings("feedline:shuffle-buffer-too-small")
  public interface TinyShuffle extends PhotoPipeline {
    @Shuffle(buffer = 2)
    DecodedPhoto shuffle(DecodedPhoto photo);
  }

  /**
   * The slow fetch of {@link SlowSource}: each record passes a sequential {@code fetch} that
   * stands in for remote storage, where 1 read in 12, at random, stalls and the others return at
   * once. A stall is CPU work, so that the doctor can tell it on CPU time however busy the machine:
   * it hashes a 64 KiB block made from the record 1,000 times over (64 MiB), 80 to 140 ms on an
   * AMD EPYC, the same for every record. Hashing the record itself, as before, made a stall's cost
   * follow the record's size, 5 to 330 ms, and a pass whose few stalls fell on small records
   * stayed under the 30 ms line that tells a stall from the JVM's 10 ms clock ticks
   * (docs/doctor.md). At 1 in 12, a pass of 127 timed reads holds fewer than the 2 stalls its p99
   * needs about once in 5,000 passes, and the 25 or more that would make a stall no spike (5
   * times the mean) about once in 22,000.
   */
  @StageGroup
  public interface SlowFetch {
    @Map(random = true)
    static Operand<TString> fetch(Ops tf, Operand<TString> record) {
      Operand<TBool> stall = tf.math.less(
          tf.random.randomUniform(tf.constant(new int[0]), TFloat32.class), tf.constant(1f / 12));
      Operand<TInt32> copies = tf.select(stall, tf.constant(1000), tf.constant(1));
      Operand<TString> block = tf.strings.substr(
          tf.strings.join(List.of(record, tf.strings.reduceJoin(
              tf.fill(tf.constant(new int[] {4096}), tf.constant("0123456789abcdef")),
              tf.constant(0)))),
          tf.constant(0), tf.constant(64 * 1024));
      Operand<TString> repeated = tf.strings.reduceJoin(
          tf.fill(tf.reshape(copies, tf.constant(new int[] {1})), block), tf.constant(0));
      Operand<TInt64> hash = tf.strings.toHashBucketStrong(repeated, 1L, List.of(1L, 2L));
      // The record, made to depend on the hash so that the stall cannot be skipped.
      return tf.strings.join(List.of(record,
          tf.strings.substr(tf.dtypes.asString(hash), tf.constant(0), tf.constant(0))));
    }
  }

  /** A slow source: the photo pipeline with {@link SlowFetch} between reading and parsing. */
  @Pipeline(ramBudget = "4GiB")
  @SuppressWarnings("feedline:map-not-parallel")
  public interface SlowSource extends PhotoStages.Files, SlowFetch, PhotoStages.Decoding,
      PhotoStages.Cached, PhotoStages.Batches {}
}
