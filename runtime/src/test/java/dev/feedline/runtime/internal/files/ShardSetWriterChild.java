package dev.feedline.runtime.internal.files;

import dev.feedline.Compression;
import dev.feedline.runtime.ShardedTFRecordWriter;
import dev.feedline.runtime.TFRecordWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The writer a kill trial kills, in a JVM of its own: {@code <folder> <shards> <rows>
 * [generations]}. It writes generation 0 of a shard set of prefix {@code rows}, then replaces it
 * with generation 1, 2, ... until it is killed, or has written {@code generations}, printing
 * "sealed G" after each commit. Row {@code r} of generation
 * {@code g} is the record of id {@code g * 1,000,000 + r}, in shard {@code r % shards}.
 */
public final class ShardSetWriterChild {
  static final long GENERATION = 1_000_000;

  private ShardSetWriterChild() {}

  public static void main(String[] args) throws Exception {
    Path folder = Path.of(args[0]);
    int shards = Integer.parseInt(args[1]);
    int rows = Integer.parseInt(args[2]);
    long generations = args.length > 3 ? Long.parseLong(args[3]) : Long.MAX_VALUE;
    for (long generation = 0; generation < generations; generation++) {
      try (ShardedTFRecordWriter writer =
          ShardedTFRecordWriter.byKey(folder, "rows", shards, Compression.NONE)) {
        for (int row = 0; row < rows; row++) {
          writer.write(row, record(generation * GENERATION + row));
        }
        writer.commit();
      }
      System.out.println("sealed " + generation);
      System.out.flush();
    }
  }

  static byte[] record(long id) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(id).array();
  }
}
