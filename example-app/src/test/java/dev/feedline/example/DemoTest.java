package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./feedline demo} on a small data set: what it prints and how it fails. */
class DemoTest {
  private static final Pattern EPOCH =
      Pattern.compile("Epoch (\\d): (\\d+) images in [0-9.]+ s, (\\d+) images/s.*");

  @TempDir Path dir;

  private record Run(int status, List<String> out, String err) {}

  private static Run demo(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Demo.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8).lines().toList(),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void writesTheDataSetThenPrintsTheBatchShapeAndEveryEpoch() {
    Path data = dir.resolve("photos");
    Run run = demo("--data", data.toString(), "--photos", "96", "--shards", "3", "--epochs", "2");

    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().get(0).startsWith("Writing 96 photos cut from 2 photographs into 3"
        + " TFRecord shards"), run.out().get(0));
    assertTrue(run.out().contains("Batch shape: [32, 224, 224, 3]"), run.out().toString());
    List<Matcher> epochs = run.out().stream().map(EPOCH::matcher).filter(Matcher::matches).toList();
    assertEquals(2, epochs.size(), run.out().toString());
    for (int e = 0; e < 2; e++) {
      assertEquals(String.valueOf(e + 1), epochs.get(e).group(1));
      assertEquals("96", epochs.get(e).group(2), "every photo in every epoch");
    }
    assertTrue(Files.exists(data.resolve(PhotoDataset.shardName(2, 3))));

    Run again = demo("--data", data.toString(), "--epochs", "1");
    assertEquals(0, again.status(), again.err());
    assertEquals("Reading the data set in " + data, again.out().get(0));
  }

  @Test
  void aFolderWithoutShardsIsAnErrorNamingThePattern() throws IOException {
    Files.writeString(dir.resolve("notes.txt"), "not a shard");
    Run run = demo("--data", dir.toString());

    assertEquals(1, run.status());
    assertEquals("error: Pipeline PhotoPipeline, stage 'shards' (@TFRecordSource), file "
        + dir.resolve("*.tfrecord") + ": the pattern matches no file", run.err().strip());
  }

  @Test
  void aCorruptedShardEndsTheRunWithAnErrorNamingItsFile() throws IOException {
    Path data = dir.resolve("photos");
    new PhotoDataset(42).write(data, 24, 3);
    Path shard = data.resolve(PhotoDataset.shardName(1, 3));
    byte[] bytes = Files.readAllBytes(shard);
    bytes[bytes.length / 2] ^= 0x5a;
    Files.write(shard, bytes);

    Run run = demo("--data", data.toString(), "--epochs", "1");

    assertEquals(1, run.status(), run.out().toString());
    assertTrue(run.err().startsWith("error: Pipeline PhotoPipeline"), run.err());
    assertTrue(run.err().contains("file " + shard), run.err());
    assertTrue(run.err().contains("corrupted"), run.err());
  }

  @Test
  void badArgumentsPrintUsage() {
    Run run = demo("--photos", "many");
    assertEquals(2, run.status());
    assertTrue(run.err().startsWith("error: --photos needs a positive whole number, not many"), run.err());
    assertTrue(run.err().contains("usage: ./feedline demo"), run.err());
  }

  /** Issue 15: more shards than photos wrote empty shards, which every later run refused. */
  @Test
  void moreShardsThanPhotosIsAUsageErrorThatWritesNothing() {
    Path data = dir.resolve("photos");
    Run run = demo("--data", data.toString(), "--photos", "3", "--shards", "8", "--epochs", "1");
    assertEquals(2, run.status());
    assertEquals("error: --shards 8 is more than --photos 3: every shard holds at least one photo",
        run.err().lines().findFirst().orElseThrow());
    assertTrue(Files.notExists(data), "nothing written");

    Run fewer = demo("--data", data.toString(), "--photos", "3", "--shards", "3", "--epochs", "1");
    assertEquals(0, fewer.status(), fewer.err());
    assertTrue(fewer.out().stream().anyMatch(line -> line.startsWith("Epoch 1: 3 images")),
        fewer.out().toString());
  }

  /**
   * A run stopped while it wrote the data set (kill -9: no hook runs) leaves only a scratch
   * folder, never a data-set folder with some of the shards: the next run writes the whole set
   * and removes what the dead run left.
   */
  @Test
  void aDataSetIsWrittenWholeOrNotAtAll() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path left = Files.createDirectories(dir.resolve(".photos.writing-" + gone.pid() + "-1"));
    new PhotoDataset(42).write(left, 4, 2); // what the dead run had written
    Path data = dir.resolve("photos");

    Run run = demo("--data", data.toString(), "--photos", "12", "--shards", "3", "--epochs", "1");
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().stream().anyMatch(line -> line.startsWith("Epoch 1: 12 images")),
        run.out().toString());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("photos"), files.map(f -> f.getFileName().toString()).toList());
    }
    try (Stream<Path> shards = Files.list(data)) {
      assertEquals(4, shards.count(), "3 shards and their manifest");
    }
  }
}
