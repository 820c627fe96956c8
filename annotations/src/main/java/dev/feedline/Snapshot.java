package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Writes the elements to disk once, sharded and compressed, and serves every later run from there:
 * TensorFlow's snapshot, for data sets larger than memory. One run writes it while its first epoch
 * passes the elements on; later runs, and several workers at once, read it.
 *
 * <p>Like a file cache, a snapshot lives under {@code path/<key>/}, where the key is a fingerprint
 * of everything before it: the graph of the stages up to it (their functions, parse specs and
 * values), the files the source reads (path, size, modification time, a sample of their content)
 * and the TensorFlow version. A snapshot of other data or other code is never read. The generated
 * builder's {@code <method>Path(path)} sets the path at run time.
 *
 * <p>Workers named with the builder's {@code worker(index, count)} read disjoint shards: worker
 * {@code i} reads shards {@code i}, {@code i + count}, ... Make {@link #shards} a multiple of the
 * worker count to balance them. A snapshot is written by a run of one worker; workers refuse to
 * start without a complete one. (In a pipeline with a {@link Shard} stage, that stage splits the
 * elements instead, and each worker reads every shard.)
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Snapshot {
  /** The folder the snapshots are kept in, one sub-folder per key, unless the builder gives another. */
  String path();

  /** How many shard files the elements are spread over: element {@code i} goes to {@code i % shards}. */
  int shards() default 8;

  /** How the shard files are compressed. */
  Codec compression() default Codec.SNAPPY;

  /** A compression TensorFlow's snapshot writes. */
  enum Codec {
    /** Fast to write and read; TensorFlow's default. */
    SNAPPY,
    /** Smaller files, slower. */
    GZIP,
    /** Not compressed. */
    NONE
  }
}
