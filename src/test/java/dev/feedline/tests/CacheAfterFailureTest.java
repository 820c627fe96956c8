package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/**
 * A memory cache is read only after an epoch that filled it completely: an epoch that failed, or
 * that its caller left before its end, leaves no cache behind, and the next epoch fills it again
 * from the source. The rows pipeline caches after its map, then shuffles, batches and prefetches.
 */
class CacheAfterFailureTest {
  private static final int FILES = 4;
  /**
   * Fewer rows than the shuffle buffer holds: the first batch reads them all, and tf.data's
   * prefetch thread reads on past an error to the end of the cached stages, as in issue 15.
   */
  private static final int PER_FILE = 16;
  /** More rows than the shuffle buffer holds: the first batch reads half of them. */
  private static final int MANY_PER_FILE = 64;

  @TempDir Path dir;

  private FeedlineRowsPipeline build(Graph graph) {
    return FeedlineRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
  }

  private static List<Long> all(int perFile) {
    return LongStream.range(0, FILES * perFile).boxed().toList();
  }

  /** The ids of a whole epoch, sorted. */
  private static List<Long> drain(EpochIterator<TotalsTensors> epoch) {
    List<Long> ids = new ArrayList<>();
    epoch.forEach(batch -> ids.addAll(ids(batch)));
    return ids.stream().sorted().toList();
  }

  private static List<Long> ids(TotalsTensors batch) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < batch.id().shape().get(0); i++) {
      ids.add(batch.id().getLong(i));
    }
    return ids;
  }

  /** Flips a byte of {@code file} at {@code offset} from its end (1 is the last byte). */
  private static void flipFromEnd(Path file, long offset) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) (bytes.length - offset)] ^= 0x01;
    Files.write(file, bytes);
  }

  /** Byte offset of record {@code index} in file {@code f} of {@link TestData#writeRows}. */
  private static long offsetOf(int f, int index) {
    long offset = 0;
    for (int i = 0; i < index; i++) {
      offset += 16 + TestData.row((long) f * PER_FILE + i).getSerializedSize();
    }
    return offset;
  }

  /**
   * Three epochs over damaged data, each failure caught and the loop continued as a training loop
   * that tolerates a bad epoch would: every epoch must fail on the damaged file, none may serve
   * what the failed first epoch left in the cache.
   */
  private void everyEpochFailsNamingTheFile(Path damaged) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      for (int epoch = 1; epoch <= 3; epoch++) {
        try (EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
          List<Long> read = drain(batches);
          fail("epoch " + epoch + " returned " + read.size() + " of " + FILES * PER_FILE
              + " elements without an error");
        } catch (FeedlineException error) {
          assertEquals(damaged.toString(), error.file().orElseThrow(), "epoch " + epoch);
        }
      }
    }
  }

  @Test
  void afterAnEpochFailedOnTheLastRecordLaterEpochsReadTheSourceAgain() throws IOException {
    List<Path> files = TestData.writeRows(dir, FILES, PER_FILE);
    flipFromEnd(files.get(1), 1); // the last record's data checksum
    everyEpochFailsNamingTheFile(files.get(1));
  }

  @Test
  void afterAnEpochFailedInTheMiddleOfAFileLaterEpochsReadTheSourceAgain() throws IOException {
    List<Path> files = TestData.writeRows(dir, FILES, PER_FILE);
    byte[] bytes = Files.readAllBytes(files.get(1));
    bytes[(int) offsetOf(1, 10) + 14] ^= 0x01; // a byte of record 10's data
    Files.write(files.get(1), bytes);
    everyEpochFailsNamingTheFile(files.get(1));
  }

  /**
   * A caller that leaves epoch 1 early, by closing it or by breaking out of its loop, has not
   * filled the cache: epoch 2 reads the source again and fills it, and epoch 3 reads the cache.
   * Each returns every element once.
   */
  @Test
  void anEpochLeftEarlyLeavesNoCacheAndTheNextEpochFillsIt() throws IOException {
    TestData.writeRows(dir, FILES, MANY_PER_FILE);
    List<Consumer<EpochIterator<TotalsTensors>>> leaveEarly = List.of(
        epoch -> {
          epoch.next();
          epoch.next();
          epoch.close();
        },
        epoch -> {
          for (TotalsTensors batch : epoch) {
            break; // neither drained nor closed
          }
        });
    for (Consumer<EpochIterator<TotalsTensors>> leave : leaveEarly) {
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineRowsPipeline pipeline = build(graph)) {
        leave.accept(pipeline.epoch(session));
        for (int epoch = 2; epoch <= 3; epoch++) {
          try (EpochIterator<TotalsTensors> batches = pipeline.epoch(session)) {
            assertEquals(all(MANY_PER_FILE), drain(batches), "epoch " + epoch);
          }
        }
      }
    }
  }

  /**
   * Epoch 1 is left after its first batch while tf.data's prefetch threads read on in the
   * background and meet the damaged record: epoch 2 reads the source again and fails on it.
   * The damage is in the last record read, file 3's last: the parse takes records 32 at a time
   * (docs/performance.md#the-vectorized-parse), and an error fails the records of its batch read
   * before it, so the 100-element shuffle must fill from batches whole before the damaged one.
   */
  @Test
  void anEpochLeftEarlyOverDamagedDataLeavesNoCacheBehind() throws IOException {
    List<Path> files = TestData.writeRows(dir, FILES, MANY_PER_FILE);
    flipFromEnd(files.get(3), 1);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      try (EpochIterator<TotalsTensors> first = pipeline.epoch(session)) {
        first.next();
      }
      try (EpochIterator<TotalsTensors> second = pipeline.epoch(session)) {
        FeedlineException error = assertThrows(FeedlineException.class, () -> drain(second));
        assertEquals(files.get(3).toString(), error.file().orElseThrow());
      }
    }
  }
}
