package dev.feedline.tools;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Beam conversion on the DirectRunner writes the local command's records. */
class BeamShardPipelineTest {
  @TempDir Path dir;

  /** Every record of every shard in {@code folder}, as hex, sorted: a multiset. */
  private static List<String> records(Path folder) throws IOException {
    List<String> records = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".tfrecord")).toList()) {
        ImageFolderFixture.records(file).forEach(r -> records.add(HexFormat.of().formatHex(r)));
      }
    }
    records.sort(null);
    return records;
  }

  @Test
  void theDirectRunnerWritesTheSameRecordsAsTheLocalCommand() throws IOException {
    Path images = dir.resolve("images");
    ImageFolderFixture.write(images);
    List<ImageFolder.Image> scanned = ImageFolder.scan(images, null, 42);
    try (ShardFolder local = ShardFolder.open(dir.resolve("local"), false, "image")) {
      ShardCommand.convert(scanned, local, 3, new java.io.PrintStream(
          java.io.OutputStream.nullOutputStream()));
      local.commit(ImageRecords.PREFIX, ShardCommand.shardNames(3));
    }

    BeamShardPipeline.Result result = BeamShardPipeline.write(scanned, dir.resolve("beam"), 3,
        PipelineOptionsFactory.create());

    assertEquals(new BeamShardPipeline.Result(ImageFolderFixture.JPEGS + ImageFolderFixture.PNGS, 1),
        result);
    try (Stream<Path> files = Files.list(dir.resolve("beam"))) {
      assertEquals(3, files.filter(f -> f.toString().endsWith("-of-00003.tfrecord")).count());
    }
    List<String> local = records(dir.resolve("local"));
    assertEquals(ImageFolderFixture.JPEGS + ImageFolderFixture.PNGS, local.size());
    assertEquals(local, records(dir.resolve("beam")));
    for (int s = 0; s < 3; s++) {
      String shard = ImageRecords.shardName(s, 3);
      assertEquals(sorted(dir.resolve("local").resolve(shard)), sorted(dir.resolve("beam").resolve(shard)),
          "each shard holds the local command's records: " + shard);
    }
  }

  private static List<String> sorted(Path shard) throws IOException {
    List<String> records = new ArrayList<>();
    ImageFolderFixture.records(shard).forEach(r -> records.add(HexFormat.of().formatHex(r)));
    records.sort(null);
    return records;
  }

  private record Run(int status, String out, String err) {}

  private static Run beam(String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int status = BeamShardPipeline.run(args, new java.io.PrintStream(out, true, UTF_8),
        new java.io.PrintStream(err, true, UTF_8));
    return new Run(status, out.toString(UTF_8), err.toString(UTF_8));
  }

  /** Issue 15: {@code --runner=Nope} printed Beam's stack trace. */
  @Test
  void anUnknownRunnerIsAUsageErrorOnOneLine() {
    Run run = beam("--input", dir.toString(), "--output", dir.resolve("out").toString(),
        "--shards", "2", "--runner=Nope");
    assertEquals(2, run.status());
    List<String> lines = run.err().lines().toList();
    assertEquals(2, lines.size(), run.err());
    assertTrue(lines.get(0).startsWith("error: Beam refuses its options: Unknown 'runner'"
        + " specified 'Nope'"), lines.get(0));
    assertTrue(lines.get(1).startsWith("usage: ./feedline shard-beam "), lines.get(1));
  }

  /** The Beam command keeps the local one's policy: no shards beside older ones, none empty. */
  @Test
  void olderShardsAndEmptyShardsAreRefusedAsLocally() throws IOException {
    Path images = dir.resolve("images");
    ImageFolderFixture.write(images);
    Path out = dir.resolve("out");
    Run tooMany = beam("--input", images.toString(), "--output", out.toString(), "--shards", "16");
    assertEquals(1, tooMany.status());
    assertTrue(tooMany.err().startsWith("error: 15 images cannot fill 16 shards"), tooMany.err());

    Files.createDirectories(out);
    Files.writeString(out.resolve("old-00000-of-00001.tfrecord"), "an older shard");
    Run older = beam("--input", images.toString(), "--output", out.toString(), "--shards", "2");
    assertEquals(1, older.status());
    assertTrue(older.err().startsWith("error: " + out + " already holds 1 TFRecord file,"), older.err());

    Run replaced = beam("--input", images.toString(), "--output", out.toString(), "--shards", "2",
        "--replace");
    assertEquals(0, replaced.status(), replaced.err());
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(List.of("photos-00000-of-00002.tfrecord", "photos-00001-of-00002.tfrecord",
          "photos.feedline-shards"), files.map(f -> f.getFileName().toString()).sorted().toList(),
          "the new shards and their manifest; the older shard replaced");
    }
  }
}
