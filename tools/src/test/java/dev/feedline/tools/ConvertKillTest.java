package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.feedline.Interleave;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./feedline convert --replace}, killed with SIGKILL at a random moment while it replaces
 * the shards of one CSV file by those of another, round and round ({@link ConvertLoopChild}): the
 * next pipeline over the output folder reads exactly the shards of one conversion, or is refused
 * at {@code build()} naming the folder; never shards of two conversions together, never fewer
 * (it was: the old shards deleted, then the new ones moved in one by one). {@code
 * -Dfeedline.convert.kills=N} runs N trials (default 8).
 */
class ConvertKillTest {
  static final String REVIEW = "dev.feedline.tools.Reviews.Review";
  private static final PipelineInfo PIPELINE =
      new PipelineInfo("x.Reviews", "test", List.of(
          PipelineInfo.source("files", TFRecordSource.class, "TensorSliceDataset"),
          PipelineInfo.elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4",
              "TFRecordDatasetV2")));
  private static final int SHARDS = 64;
  private static final int ROWS = 640;

  @TempDir Path dir;

  /** A CSV of {@code ROWS} reviews whose ids start at {@code first}. */
  private Path csv(String name, long first) throws IOException {
    StringBuilder text = new StringBuilder("text,id,xy,tokens,rating\n");
    for (long row = 0; row < ROWS; row++) {
      text.append("r").append(row).append(',').append(first + row).append(",1 2,4 8,5\n");
    }
    return Files.writeString(dir.resolve(name), text);
  }

  /** The shards one conversion of {@code csv} writes, by name. */
  private Map<String, String> shards(Path csv, String name) throws IOException {
    Path out = dir.resolve(name);
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    assertEquals(0, ConvertCommand.run(new String[] {"--csv", csv.toString(), "--element", REVIEW,
        "--output", out.toString(), "--shards", Integer.toString(SHARDS)}, quiet, quiet));
    return contents(out);
  }

  private static Map<String, String> contents(Path folder) throws IOException {
    Map<String, String> contents = new TreeMap<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".tfrecord")).toList()) {
        contents.put(file.getFileName().toString(), Arrays.toString(Files.readAllBytes(file)));
      }
    }
    return contents;
  }

  @Test
  void aConversionKilledWhileItReplacesTheShardsLeavesOneWholeSetOrARefusedOne()
      throws Exception {
    Path a = csv("a.csv", 0);
    Path b = csv("b.csv", 1_000_000);
    Map<String, Map<String, String>> sets = new LinkedHashMap<>();
    sets.put("a.csv", shards(a, "expected-a"));
    sets.put("b.csv", shards(b, "expected-b"));
    int trials = Integer.getInteger("feedline.convert.kills", 8);
    Random random = new Random(Long.getLong("feedline.convert.seed", 25));
    Map<String, Integer> outcomes = new TreeMap<>();
    for (int trial = 0; trial < trials; trial++) {
      Path out = dir.resolve("out-" + trial);
      runAndKill(out, 20 + random.nextInt(2000), a, b);
      String glob = out + "/*.tfrecord";
      try {
        DataFiles.resolve(PIPELINE, List.of(glob)).records();
      } catch (FeedlineException e) {
        if (!e.getMessage().contains(out.toString()) || !e.getMessage().contains("half replaced")) {
          fail("trial " + trial + ": refused, but not as a set half replaced in " + out + ": "
              + e.getMessage());
        }
        outcomes.merge("refused, half replaced", 1, Integer::sum);
        continue;
      }
      Map<String, String> found = contents(out);
      String which = sets.entrySet().stream().filter(set -> set.getValue().equals(found))
          .map(Map.Entry::getKey).findFirst().orElse(null);
      if (which == null) {
        fail("trial " + trial + ": read as complete, but its " + found.size() + " shards are"
            + " neither a.csv's nor b.csv's whole set of " + SHARDS + ": " + found.entrySet()
            .stream().filter(e -> e.getValue().equals(sets.get("a.csv").get(e.getKey()))).count()
            + " are a.csv's");
      }
      outcomes.merge("whole set of " + which, 1, Integer::sum);
    }
    System.out.println("ConvertKillTest: " + trials + " kills: " + outcomes);
    assertEquals(trials, outcomes.values().stream().mapToInt(Integer::intValue).sum());
  }

  /** Starts the loop, kills it {@code delay} ms after its first conversion. */
  private void runAndKill(Path out, long delay, Path... csvs) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ConvertLoopChild.class.getName(),
        out.toString(), Integer.toString(SHARDS)));
    Arrays.stream(csvs).forEach(csv -> command.add(csv.toString()));
    Path errors = Files.createTempFile(dir, "stderr", ".txt");
    Process child = new ProcessBuilder(command).redirectError(errors.toFile()).start();
    BufferedReader lines = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    try {
      String first = lines.readLine();
      if (first == null || !first.startsWith("converted")) {
        child.waitFor(1, TimeUnit.MINUTES);
        fail("the first conversion did not end: " + Files.readString(errors));
      }
      Thread.sleep(delay);
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no close
      assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the killed conversion did not end");
    }
  }
}
