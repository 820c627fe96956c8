package dev.feedline.tools;

import dev.feedline.Compression;
import dev.feedline.runtime.TFRecordWriter;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.TFRecordIO;
import org.apache.beam.sdk.transforms.Contextful;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Writes a {@code PCollection} of values as TFRecord shards, each value turned into its serialized
 * {@code tf.train.Example} by a record's generated writer, with Beam's TFRecord sink: the Beam form
 * of the runtime's {@code ShardedTFRecordWriter}, for any schema.
 *
 * <pre>{@code
 * // rows: a PCollection<RowValues>, plain serializable values of the @Element record Row
 * rows.apply(WriteExamples.of(
 *     (RowValues r) -> FeedlineRowWriter.builder().id(r.id()).values(r.values()).toByteArray(),
 *     RowValues::id).to("out/", "rows").withShards(64));
 * }</pre>
 *
 * <p>A value goes to shard {@code floorMod(key, shards)}, and shards are named
 * {@code <prefix>-00003-of-00064.tfrecord}, as the runtime's writers name them: the same values
 * always land in the same shards, and only the order inside a shard is the runner's. A shard that
 * no value went to has no file (Beam writes a file per key it sees), which a caller that needs
 * every shard checks after the run. Compressed shards keep the {@code .tfrecord} name. Beam
 * leaves its emptied scratch folder, {@code .temp-beam}, beside the shards; a glob of
 * {@code *.tfrecord} does not see it.
 *
 * @param <T> the values, serializable so that Beam can send them to its workers
 */
public final class WriteExamples<T> extends PTransform<PCollection<T>, PDone> {
  private final SerializableFunction<T, byte[]> toExample;
  private final SerializableFunction<T, Long> key;
  private final String folder;
  private final String prefix;
  private final int shards;
  private final Compression compression;

  private WriteExamples(SerializableFunction<T, byte[]> toExample,
      SerializableFunction<T, Long> key, String folder, String prefix, int shards,
      Compression compression) {
    this.toExample = toExample;
    this.key = key;
    this.folder = folder;
    this.prefix = prefix;
    this.shards = shards;
    this.compression = compression;
  }

  /**
   * @param toExample a value's serialized Example: its record's generated writer
   * @param key a value's key, which picks its shard
   */
  public static <T> WriteExamples<T> of(SerializableFunction<T, byte[]> toExample,
      SerializableFunction<T, Long> key) {
    return new WriteExamples<>(toExample, key, null, null, 1, Compression.NONE);
  }

  /** Writes into {@code folder}, files named {@code <prefix>-00000-of-00001.tfrecord}. */
  public WriteExamples<T> to(String folder, String prefix) {
    return new WriteExamples<>(toExample, key, folder, prefix, shards, compression);
  }

  /** How many shards; 1 unless set. */
  public WriteExamples<T> withShards(int shards) {
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be 1 or more, not " + shards);
    }
    return new WriteExamples<>(toExample, key, folder, prefix, shards, compression);
  }

  /** How the files are compressed, as {@code @TFRecordSource(compression = ...)} reads them. */
  public WriteExamples<T> withCompression(Compression compression) {
    return new WriteExamples<>(toExample, key, folder, prefix, shards, compression);
  }

  @Override
  public PDone expand(PCollection<T> values) {
    if (folder == null) {
      throw new IllegalStateException("WriteExamples needs a folder and a prefix: call to(...)");
    }
    // Fields copied into locals: a lambda that captured `this` would serialize the transform.
    SerializableFunction<T, byte[]> example = toExample;
    SerializableFunction<T, Long> keyOf = key;
    int count = shards;
    String name = prefix;
    values.apply("Serialize", MapElements
            .into(TypeDescriptors.kvs(TypeDescriptors.integers(), TypeDescriptor.of(byte[].class)))
            .via((T value) -> KV.of(Math.floorMod(keyOf.apply(value), count),
                example.apply(value))))
        .setCoder(KvCoder.of(VarIntCoder.of(), ByteArrayCoder.of()))
        .apply("Write shards", FileIO.<Integer, KV<Integer, byte[]>>writeDynamic()
            .by(KV::getKey)
            .withDestinationCoder(VarIntCoder.of())
            .via(Contextful.fn(KV::getValue), TFRecordIO.sink())
            .to(folder)
            .withCompression(beam(compression))
            .withNaming(shard -> (window, pane, numShards, index, beamCompression) ->
                TFRecordWriter.shardName(name, shard, count))
            .withNumShards(1)); // one file per shard: the destination is the shard
    return PDone.in(values.getPipeline());
  }

  private static org.apache.beam.sdk.io.Compression beam(Compression compression) {
    return switch (compression) {
      case NONE -> org.apache.beam.sdk.io.Compression.UNCOMPRESSED;
      case GZIP -> org.apache.beam.sdk.io.Compression.GZIP;
      // Beam's DEFLATE is a zlib stream, TensorFlow's ZLIB.
      case ZLIB -> org.apache.beam.sdk.io.Compression.DEFLATE;
    };
  }
}
