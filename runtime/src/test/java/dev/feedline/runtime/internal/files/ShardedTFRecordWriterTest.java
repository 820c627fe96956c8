package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.Compression;
import dev.feedline.runtime.ShardedTFRecordWriter;
import dev.feedline.runtime.FeedlineException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards by key and by size: names, assignment, compression, and never an empty or partial one. */
class ShardedTFRecordWriterTest {
  @TempDir Path dir;

  private static byte[] record(int id, int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) id);
    return bytes;
  }

  private List<String> listing() throws IOException {
    try (var files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aKeyAlwaysGoesToTheSameShardAndRecordsKeepTheirOrder() throws IOException {
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(dir, "rows", 3, Compression.NONE)) {
      for (int id = 0; id < 10; id++) {
        writer.write(id == 9 ? -1 : id, record(id, 5));
        assertEquals(List.of(), writer.files(), "named only when closed");
      }
      assertEquals(List.of(3L, 3L, 4L), List.of(writer.records(0), writer.records(1),
          writer.records(2)), "key -1 goes to shard 2, as floorMod says");
      writer.commit();
    }
    assertEquals(List.of("rows-00000-of-00003.tfrecord", "rows-00001-of-00003.tfrecord",
        "rows-00002-of-00003.tfrecord", "rows.feedline-shards"), listing(),
        "the shards and their manifest; no temporary file left");
    assertEquals(List.of(Arrays.toString(record(0, 5)), Arrays.toString(record(3, 5)),
        Arrays.toString(record(6, 5))),
        TFRecordWriterTest.read(dir.resolve("rows-00000-of-00003.tfrecord"), Compression.NONE));
    assertEquals(List.of(Arrays.toString(record(2, 5)), Arrays.toString(record(5, 5)),
        Arrays.toString(record(8, 5)), Arrays.toString(record(9, 5))),
        TFRecordWriterTest.read(dir.resolve("rows-00002-of-00003.tfrecord"), Compression.NONE));
  }

  @Test
  void withoutKeysRecordsGoRoundTheShardsAndTheSameInputWritesTheSameBytes() throws IOException {
    for (String run : List.of("a", "b")) {
      try (ShardedTFRecordWriter writer =
          ShardedTFRecordWriter.byKey(dir.resolve(run), "rows", 2, Compression.GZIP)) {
        for (int id = 0; id < 5; id++) {
          writer.write(record(id, 100));
        }
        writer.commit();
      }
    }
    for (String shard : List.of("rows-00000-of-00002.tfrecord", "rows-00001-of-00002.tfrecord")) {
      assertEquals(Arrays.toString(Files.readAllBytes(dir.resolve("a").resolve(shard))),
          Arrays.toString(Files.readAllBytes(dir.resolve("b").resolve(shard))), shard);
    }
    assertEquals(List.of(Arrays.toString(record(1, 100)), Arrays.toString(record(3, 100))),
        TFRecordWriterTest.read(dir.resolve("a/rows-00001-of-00002.tfrecord"), Compression.GZIP));
  }

  /** The runtime refuses an empty file, so a shard no record went to fails the whole write. */
  @Test
  void aShardWithoutRecordsIsAnErrorAndNothingIsKept() throws IOException {
    ShardedTFRecordWriter writer = ShardedTFRecordWriter.byKey(dir, "rows", 4, Compression.NONE);
    writer.write(0, record(0, 5));
    writer.write(2, record(2, 5));
    assertEquals(List.of("rows-00001-of-00004.tfrecord", "rows-00003-of-00004.tfrecord"),
        writer.emptyShards());
    IllegalStateException empty = assertThrows(IllegalStateException.class, writer::commit);
    assertEquals("2 of 4 shards would be empty (rows-00001-of-00004.tfrecord,"
        + " rows-00003-of-00004.tfrecord): no record was assigned to them, and a reader refuses an"
        + " empty file; write fewer shards. Nothing was written to " + dir, empty.getMessage());
    assertEquals(List.of(), listing());
    assertThrows(IllegalStateException.class, () -> writer.write(record(1, 5)), "closed");
  }

  @Test
  void bySizeStartsAShardWhenTheRecordCountOrTheBytesWouldOverflow() throws IOException {
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.bySize(dir, "part", 3, 100, Compression.NONE)) {
      // 16 bytes of framing each: 36 + 36 = 72, then 72 + 36 > 100.
      writer.write(record(0, 20));
      writer.write(record(1, 20));
      writer.write(record(2, 20));
      // Three small ones hit the record limit.
      for (int id = 3; id < 7; id++) {
        writer.write(record(id, 1));
      }
      writer.write(record(7, 500)); // larger than a shard: alone
      writer.write(record(8, 1));
      writer.commit();
    }
    assertEquals(List.of("part-00000-of-00005.tfrecord", "part-00001-of-00005.tfrecord",
        "part-00002-of-00005.tfrecord", "part-00003-of-00005.tfrecord",
        "part-00004-of-00005.tfrecord", "part.feedline-shards"), listing());
    List<Integer> counts = new ArrayList<>();
    for (String shard : listing().subList(0, 5)) {
      counts.add(TFRecordWriterTest.read(dir.resolve(shard), Compression.NONE).size());
    }
    assertEquals(List.of(2, 3, 2, 1, 1), counts);
  }

  @Test
  void nothingWrittenBySizeIsNoFile() throws IOException {
    ShardedTFRecordWriter writer = ShardedTFRecordWriter.bySize(dir, "part", 10, Long.MAX_VALUE,
        Compression.ZLIB);
    writer.close();
    assertEquals(List.of(), writer.files());
    assertEquals(List.of(), listing());
  }

  @Test
  void aFailedWriteLeavesNoShardBehind() throws IOException {
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.bySize(dir, "part", 1, Long.MAX_VALUE, Compression.NONE)) {
      writer.write(record(0, 5));
      writer.write(record(1, 5));
      assertThrows(NullPointerException.class, () -> writer.write(null));
      assertEquals("an earlier write to the shards " + dir.resolve("part") + "-* failed, so none"
          + " will be kept; write the records again with a new writer",
          assertThrows(IllegalStateException.class, () -> writer.write(record(2, 5)))
              .getMessage());
    }
    assertEquals(List.of(), listing(), "neither shards nor temporary files");
  }

  /**
   * Issue 15's lesson: shards of two writes in one folder are read together. Shards the new ones
   * replace, one for one, are no danger.
   */
  @Test
  void shardsOfThePrefixAreReplacedWhenAsManyAndRefusedOtherwise() throws IOException {
    Files.writeString(dir.resolve("rows-00000-of-00002.tfrecord"), "older");
    IllegalArgumentException older = assertThrows(IllegalArgumentException.class,
        () -> ShardedTFRecordWriter.byKey(dir, "rows", 3, Compression.NONE));
    assertEquals(dir + " already holds 1 shard of prefix 'rows' of another count, such as"
        + " rows-00000-of-00002.tfrecord, which a reader's glob would take with the new ones;"
        + " remove them, or write elsewhere", older.getMessage());
    IllegalArgumentException unknownCount = assertThrows(IllegalArgumentException.class,
        () -> ShardedTFRecordWriter.bySize(dir, "rows", 10, 1000, Compression.NONE));
    assertEquals(dir + " already holds 1 shard of prefix 'rows', such as"
        + " rows-00000-of-00002.tfrecord, which a reader's glob would take with the new ones;"
        + " remove them, or write elsewhere", unknownCount.getMessage());
    try (ShardedTFRecordWriter same = ShardedTFRecordWriter.byKey(dir, "rows", 2,
        Compression.NONE)) {
      same.write(record(0, 3));
      same.write(record(1, 3));
      same.commit();
    }
    assertEquals(List.of(Arrays.toString(record(0, 3))),
        TFRecordWriterTest.read(dir.resolve("rows-00000-of-00002.tfrecord"), Compression.NONE),
        "replaced");
    try (ShardedTFRecordWriter other = ShardedTFRecordWriter.byKey(dir, "other", 1,
        Compression.NONE)) {
      other.write(record(0, 1)); // another prefix is another data set
      other.commit();
    }
    assertEquals(List.of("other-00000-of-00001.tfrecord", "other.feedline-shards",
        "rows-00000-of-00002.tfrecord", "rows-00001-of-00002.tfrecord", "rows.feedline-shards"),
        listing());
  }

  @Test
  void threadsSharingAWriterLoseNoRecord() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(dir, "rows", 2, Compression.NONE)) {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        done.add(threads.submit(() -> {
          for (int i = 0; i < 250; i++) {
            writer.write(thread * 1000 + i, record(thread, 30));
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      writer.commit();
    } finally {
      threads.shutdown();
    }
    assertEquals(500, TFRecordWriterTest.read(dir.resolve("rows-00000-of-00002.tfrecord"),
        Compression.NONE).size());
    assertEquals(500, TFRecordWriterTest.read(dir.resolve("rows-00001-of-00002.tfrecord"),
        Compression.NONE).size());
  }

  /**
   * The README's form, try-with-resources, with the caller's own exception between writes: the
   * shards must not appear with half the records (they did: close() sealed them).
   */
  @Test
  void aWriterClosedByTheCallersExceptionKeepsNothingAndTheOldSetStays() throws IOException {
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(dir, "rows", 2, Compression.NONE)) {
      writer.write(record(1, 3));
      writer.write(record(2, 3));
      writer.commit();
    }
    List<String> sealed = listing();
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
      try (ShardedTFRecordWriter writer =
          ShardedTFRecordWriter.byKey(dir, "rows", 2, Compression.NONE)) {
        for (int id = 0; id < 10; id++) {
          if (id == 5) {
            throw new IllegalStateException("the caller's own failure");
          }
          writer.write(record(id, 3));
        }
        writer.commit();
      }
    });
    assertEquals("the caller's own failure", thrown.getMessage());
    assertEquals(sealed, listing(), "the folder keeps the set it had, and no temporary file");
    assertEquals(List.of(Arrays.toString(record(1, 3))),
        TFRecordWriterTest.read(dir.resolve("rows-00000-of-00002.tfrecord"), Compression.NONE));
  }

  /** A set whose files no longer match its manifest is refused, naming the folder and the file. */
  @Test
  void aSealedSetWhoseShardsDoNotMatchItsManifestIsRefusedNamingTheShard() throws IOException {
    Path set = dir.resolve("set");
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(set, "rows", 3, Compression.NONE)) {
      for (int id = 0; id < 9; id++) {
        writer.write(record(id, 10));
      }
      writer.commit();
    }
    String glob = set + "/rows-*.tfrecord";
    assertEquals(9, DataFiles.resolve(DataFilesTest.PIPELINE, List.of(glob)).records());

    Path first = set.resolve("rows-00000-of-00003.tfrecord");
    byte[] bytes = Files.readAllBytes(first);
    Files.write(first, Arrays.copyOf(bytes, 26)); // one record of three: still valid framing
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource), file " + first + ": the shard"
        + " is 26 bytes, but was 78 when the shard set 'rows' sealed in " + set + " was sealed"
        + " (rows.feedline-shards): it was cut, emptied or rewritten; write the set again",
        assertThrows(FeedlineException.class,
            () -> DataFiles.resolve(DataFilesTest.PIPELINE, List.of(glob))).getMessage());

    Files.write(first, bytes);
    Path last = set.resolve("rows-00002-of-00003.tfrecord");
    Files.delete(last);
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource), file " + last + ": the shard"
        + " is missing from the shard set 'rows' sealed in " + set + " (3 shards listed in"
        + " rows.feedline-shards); write the set again",
        assertThrows(FeedlineException.class,
            () -> DataFiles.resolve(DataFilesTest.PIPELINE, List.of(glob))).getMessage());

    Files.write(last, bytes);
    Path stray = set.resolve("rows-00000-of-00002.tfrecord");
    Files.write(stray, bytes);
    assertEquals("Pipeline Rows, stage 'files' (@TFRecordSource), file " + stray + ": the file is"
        + " not one of the 3 shards of the shard set 'rows' sealed in " + set
        + " (rows.feedline-shards), so a glob would read it with them; remove it, or write the"
        + " set again",
        assertThrows(FeedlineException.class,
            () -> DataFiles.resolve(DataFilesTest.PIPELINE, List.of(glob))).getMessage());
    Files.delete(stray);
    assertEquals(9, DataFiles.resolve(DataFilesTest.PIPELINE, List.of(glob)).records());
  }
}
