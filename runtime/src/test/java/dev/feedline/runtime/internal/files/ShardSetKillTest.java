package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.feedline.Interleave;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard set replaced again and again by a writer that is killed with SIGKILL at a random moment
 * ({@link ShardSetWriterChild}): the next pipeline over the folder reads one generation whole, or
 * is refused at {@code build()} naming the folder; never old shards beside new ones, never fewer.
 * {@code -Dfeedline.shardset.kills=N} runs N trials (default 16), {@code -Dfeedline.shardset.seed}
 * chooses the moments.
 */
class ShardSetKillTest {
  private static final PipelineInfo PIPELINE =
      new PipelineInfo("x.Rows", "test", List.of(
          PipelineInfo.source("files", TFRecordSource.class, "TensorSliceDataset"),
          PipelineInfo.elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4",
              "TFRecordDatasetV2")));
  private static final int SHARDS = 32;
  private static final int ROWS = 20_000;

  @TempDir Path dir;

  /** How a trial ended. */
  private enum Outcome { WHOLE_GENERATION, REFUSED_HALF_REPLACED }

  @Test
  void aSetReplacedByAWriterKilledAtAnyMomentIsReadWholeOrRefusedNamingTheFolder()
      throws Exception {
    int trials = Integer.getInteger("feedline.shardset.kills", 16);
    Random random = new Random(Long.getLong("feedline.shardset.seed", 25));
    TreeMap<Outcome, Integer> outcomes = new TreeMap<>();
    for (int trial = 0; trial < trials; trial++) {
      Path folder = Files.createDirectories(dir.resolve("trial-" + trial));
      int sealed = runAndKill(folder, 20 + random.nextInt(1500));
      Outcome outcome = check(folder, trial, sealed);
      outcomes.merge(outcome, 1, Integer::sum);
    }
    System.out.println("ShardSetKillTest: " + trials + " kills: " + outcomes);
    assertEquals(trials, outcomes.values().stream().mapToInt(Integer::intValue).sum());
  }

  /** Starts the writer, kills it {@code delay} ms after its first seal; returns its last seal. */
  private int runAndKill(Path folder, long delay) throws Exception {
    List<String> command = List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ShardSetWriterChild.class.getName(),
        folder.toString(), Integer.toString(SHARDS), Integer.toString(ROWS));
    Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    int[] last = {-1};
    Thread reader = new Thread(() -> {
      try (BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          synchronized (last) {
            last[0] = Integer.parseInt(line.substring("sealed ".length()));
            last.notifyAll();
          }
        }
      } catch (IOException e) {
        // the child is gone
      }
    });
    reader.start();
    try {
      synchronized (last) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (last[0] < 0 && child.isAlive() && System.nanoTime() < deadline) {
          last.wait(100);
        }
        assertTrue(last[0] >= 0, "the writer sealed no first set");
      }
      Thread.sleep(delay);
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no close
      assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the killed writer did not end");
      reader.join();
    }
    return last[0];
  }

  /** What the next run finds, checked against the files as this test reads them. */
  private Outcome check(Path folder, int trial, int sealed) throws IOException {
    String glob = folder + "/rows-*.tfrecord";
    DataFiles.Resolved resolved;
    try {
      resolved = DataFiles.resolve(PIPELINE, List.of(glob));
      resolved.records();
    } catch (FeedlineException e) {
      String message = e.getMessage();
      if (!message.contains(folder.toString()) || !message.contains("half replaced")) {
        fail("trial " + trial + ": refused, but not as a set half replaced in " + folder + ": "
            + message);
      }
      return Outcome.REFUSED_HALF_REPLACED;
    }
    TreeSet<Long> generations = new TreeSet<>();
    TreeSet<Long> rows = new TreeSet<>();
    long records = 0;
    for (String file : resolved.files()) {
      for (long id : ids(Path.of(file))) {
        generations.add(id / ShardSetWriterChild.GENERATION);
        rows.add(id % ShardSetWriterChild.GENERATION);
        records++;
      }
    }
    assertEquals(1, generations.size(), "trial " + trial + ": one generation, not " + generations
        + " (the last one sealed: " + sealed + ")");
    assertTrue(generations.first() >= sealed && generations.first() <= sealed + 1,
        "trial " + trial + ": generation " + generations.first() + ", sealed " + sealed);
    assertEquals(ROWS, records, "trial " + trial + ": every row once");
    assertEquals(ROWS, rows.size(), "trial " + trial + ": every row once");
    assertEquals(SHARDS, resolved.files().size(), "trial " + trial);
    return Outcome.WHOLE_GENERATION;
  }

  /** The ids in a TFRecord file, read from the format: length, its CRC, data, its CRC. */
  private static List<Long> ids(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    List<Long> ids = new ArrayList<>();
    while (bytes.hasRemaining()) {
      long length = bytes.getLong();
      bytes.getInt();
      assertEquals(8, length, file.toString());
      ids.add(bytes.getLong());
      bytes.getInt();
    }
    return ids;
  }
}
