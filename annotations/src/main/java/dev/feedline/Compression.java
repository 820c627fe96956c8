package dev.feedline;

/** How the files of a source are compressed, as TensorFlow's readers name it. */
public enum Compression {
  /** Plain files. */
  NONE,
  /** gzip ({@code .gz}): TensorFlow's {@code compression_type = "GZIP"}. */
  GZIP,
  /** zlib streams: TensorFlow's {@code compression_type = "ZLIB"}. */
  ZLIB
}
