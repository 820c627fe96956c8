package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlinePhotoPipeline;
import dev.feedline.example.FeedlinePhotoPipeline.DecodedPhotoTensors;
import dev.feedline.runtime.EpochIterator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;

/** {@code ./feedline shard}: an image folder to shards the example pipeline reads. */
class ShardCommandTest {
  @TempDir Path dir;
  Path images;

  private record Run(int status, String out, String err) {}

  private static Run shard(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ShardCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @BeforeEach
  void folder() throws IOException {
    images = dir.resolve("images");
    ImageFolderFixture.write(images);
  }

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void everyReadableImageBecomesOneRecordInItsShardAndTheRestIsNamed() throws IOException {
    Run run = shard("--input", images.toString(), "--output", dir.resolve("out").toString(),
        "--shards", "3");

    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().contains("Converting 15 images from " + images + " into 3 shards"), run.out());
    assertTrue(run.out().contains("Labels from sub-folders: 0 flower, 1 temple"), run.out());
    assertTrue(run.out().contains("14 records, "), run.out());
    assertTrue(run.out().contains("1 unreadable file skipped:\n  " + images.resolve("temple/broken.jpg")
        + " does not decode as an image"), run.out());
    assertTrue(run.err().contains("100% 15/15 images"), "a progress bar: " + run.err());
    assertEquals(List.of("photos-00000-of-00003.tfrecord", "photos-00001-of-00003.tfrecord",
        "photos-00002-of-00003.tfrecord", "photos.feedline-shards"), listing(dir.resolve("out")),
        "the shards and their manifest; no partial file left");
  }

  @Test
  void theSameFolderAndSeedWriteTheSameBytes() throws IOException {
    shard("--input", images.toString(), "--output", dir.resolve("a").toString(), "--shards", "2");
    shard("--input", images.toString(), "--output", dir.resolve("b").toString(), "--shards", "2");
    shard("--input", images.toString(), "--output", dir.resolve("c").toString(), "--shards", "2",
        "--seed", "9");
    for (String shard : listing(dir.resolve("a"))) {
      assertArrayEquals(Files.readAllBytes(dir.resolve("a").resolve(shard)),
          Files.readAllBytes(dir.resolve("b").resolve(shard)), shard);
    }
    assertFalse(Arrays.equals(Files.readAllBytes(dir.resolve("a/photos-00000-of-00002.tfrecord")),
        Files.readAllBytes(dir.resolve("c/photos-00000-of-00002.tfrecord"))), "another seed, another order");
  }

  @Test
  void theExamplePipelineReadsTheShardsBack() throws IOException {
    Path out = dir.resolve("out");
    assertEquals(0, shard("--input", images.toString(), "--output", out.toString(), "--shards", "3").status());
    Map<Long, Long> labels = new HashMap<>();
    for (ImageFolder.Image image : ImageFolder.scan(images, null, 42)) {
      if (!image.relative().endsWith("broken.jpg")) {
        labels.put(image.id(), image.label());
      }
    }
    Map<Long, Long> read = new HashMap<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlinePhotoPipeline pipeline =
            FeedlinePhotoPipeline.builder().files(out + "/*.tfrecord").build(graph);
        EpochIterator<DecodedPhotoTensors> batches = pipeline.epoch(session)) {
      for (DecodedPhotoTensors batch : batches) {
        long size = batch.id().shape().get(0);
        assertEquals(Shape.of(size, 224, 224, 3), batch.pixels().shape());
        for (int i = 0; i < size; i++) {
          read.put(batch.id().getLong(i), batch.label().getLong(i));
        }
      }
    }
    assertEquals(labels, read, "every image once, with its folder's label");
  }

  @Test
  void labelsComeFromACsvWhenGiven() throws IOException {
    Path csv = dir.resolve("labels.csv");
    StringBuilder lines = new StringBuilder("path,label\n");
    for (ImageFolder.Image image : ImageFolder.scan(images, null, 42)) {
      lines.append(image.relative()).append(',').append(image.relative().contains("photo-1") ? 7 : 3)
          .append('\n');
    }
    Files.writeString(csv, lines);
    List<ImageFolder.Image> labelled = ImageFolder.scan(images, csv, 42);
    assertTrue(labelled.stream().allMatch(i -> i.label() == (i.relative().contains("photo-1") ? 7 : 3)));

    Files.writeString(csv, "path,label\ntemple/photo-0.jpg,1\n");
    Run missing = shard("--input", images.toString(), "--output", dir.resolve("out").toString(),
        "--shards", "2", "--labels", csv.toString());
    assertEquals(1, missing.status());
    assertTrue(missing.err().startsWith("error: " + csv + " has no label for "), missing.err());
  }

  @Test
  void badArgumentsPrintOneLineAndTheUsage() {
    String out = dir.resolve("out").toString();
    Map<String, List<String>> cases = Map.of(
        "--shards needs a positive whole number, not zero",
        List.of("--input", images.toString(), "--output", out, "--shards", "zero"),
        "--seed needs a whole number, not x",
        List.of("--input", images.toString(), "--output", out, "--shards", "2", "--seed", "x"),
        "--output is required", List.of("--input", images.toString(), "--shards", "2"),
        "unknown option --shard",
        List.of("--input", images.toString(), "--output", out, "--shard", "2"));
    cases.forEach((message, args) -> {
      Run run = shard(args.toArray(String[]::new));
      assertEquals(2, run.status(), message);
      assertEquals("error: " + message + "\n" + ShardCommand.USAGE + "\n", run.err());
    });
    assertFalse(Files.exists(dir.resolve("out")), "nothing written");
  }

  /**
   * Issue 15: shards written into a folder with older ones were read together with them (263
   * images, 131 of them twice). The folder is refused; {@code --replace} replaces the old shards,
   * once the new ones are complete.
   */
  @Test
  void aFolderWithOlderShardsIsRefusedUnlessTheyAreReplaced() throws IOException {
    Path out = dir.resolve("out");
    assertEquals(0, shard("--input", images.toString(), "--output", out.toString(),
        "--shards", "3").status());
    List<String> older = listing(out);

    Run refused = shard("--input", images.toString(), "--output", out.toString(), "--shards", "2");
    assertEquals(1, refused.status());
    assertEquals("error: " + out + " already holds 3 TFRecord files, such as"
        + " photos-00000-of-00003.tfrecord, which a reader of the folder would take with the new"
        + " shards; give --replace to replace them, or another --output\n", refused.err());
    assertEquals(older, listing(out), "left as it was");

    Run replaced = shard("--input", images.toString(), "--output", out.toString(), "--shards", "2",
        "--replace");
    assertEquals(0, replaced.status(), replaced.err());
    assertEquals(List.of("photos-00000-of-00002.tfrecord", "photos-00001-of-00002.tfrecord",
        "photos.feedline-shards"), listing(out), "only the new shards, and no scratch folder");
    long records = 0;
    for (String shard : listing(out).subList(0, 2)) {
      records += ImageFolderFixture.records(out.resolve(shard)).size();
    }
    assertEquals(14, records, "every readable image once, none of the older shards' records");
  }

  /** Issue 15: --shards 10 for 4 images wrote 6 empty shards, which the runtime refuses. */
  @Test
  void moreShardsThanImagesIsRefusedBeforeAnythingIsWritten() {
    Path out = dir.resolve("out");
    Run run = shard("--input", images.toString(), "--output", out.toString(), "--shards", "20");
    assertEquals(1, run.status());
    assertEquals("error: 15 images cannot fill 20 shards: a shard holds at least one record; give"
        + " --shards 15 or fewer\n", run.err());
    assertFalse(Files.exists(out));
  }

  /** Images that do not decode leave a shard without records: refused, and nothing is moved in. */
  @Test
  void aShardWhoseImagesAreAllUnreadableIsRefused() throws IOException {
    Path two = dir.resolve("two");
    Files.createDirectories(two.resolve("cats"));
    Files.copy(images.resolve("temple/photo-0.jpg"), two.resolve("cats/a.jpg"));
    Files.writeString(two.resolve("cats/b.jpg"), "not a JPEG");
    Path out = dir.resolve("out");

    Run run = shard("--input", two.toString(), "--output", out.toString(), "--shards", "2");
    assertEquals(1, run.status());
    String error = run.err().lines().filter(line -> line.startsWith("error: ")).findFirst()
        .orElseThrow(() -> new AssertionError(run.err()));
    assertTrue(error.matches("error: 1 of 2 shards would be empty \\(photos-0000[01]-of-00002"
        + "\\.tfrecord\\): every image assigned to them was unreadable; give fewer --shards\\."
        + " Nothing was written to " + java.util.regex.Pattern.quote(out.toString())), error);
    assertEquals(List.of(), listing(out), "no shard, no scratch folder");
  }

  /** Issue 15: an unreadable file was reported as "cannot be read: <its path>". */
  @Test
  void anUnreadableFileIsSkippedWithTheReason() throws IOException {
    Path gone = images.resolve("temple/gone.jpg");
    ImageRecords.Converted missing = ImageRecords.convert(
        new ImageFolder.Image(gone.toString(), "temple/gone.jpg", 0, 99));
    assertEquals("cannot be read: no such file or folder", missing.problem());

    Path locked = images.resolve("temple/photo-0.jpg");
    Files.setPosixFilePermissions(locked, java.util.Set.of());
    try {
      Assumptions.assumeFalse(Files.isReadable(locked), "root reads every file");
      ImageRecords.Converted denied = ImageRecords.convert(
          new ImageFolder.Image(locked.toString(), "temple/photo-0.jpg", 0, 0));
      assertEquals("cannot be read: permission denied", denied.problem());
    } finally {
      Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    }
  }
}
