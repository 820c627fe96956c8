package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    ShardCommand.convert(scanned, dir.resolve("local"), 3, new java.io.PrintStream(
        java.io.OutputStream.nullOutputStream()));

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
  }
}
