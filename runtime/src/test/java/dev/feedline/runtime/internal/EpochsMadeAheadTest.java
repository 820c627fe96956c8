package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ShuffledNumbers.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.runtime.EpochIterator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * Over a filled memory cache, each epoch's iterator is made while the epoch before it runs. The
 * epoch it serves must be exactly the one asked for: its own number's shuffle, every element once,
 * and after a restore the restored one, never the one made ahead.
 */
class EpochsMadeAheadTest {
  private static final int ELEMENTS = 100;

  @TempDir Path dir;

  /** The numbers 0 to 99, cached, shuffled by the epoch's number, in tens. */
  private static DatasetIterator numbers(Graph graph) {
    return ShuffledNumbers.builder(graph, ELEMENTS, 10, true).build();
  }

  private static List<Long> expected(long number) {
    return ShuffledNumbers.expected(ELEMENTS, number);
  }

  private static EpochIterator<Result> epoch(DatasetIterator numbers, Session session) {
    return numbers.epoch(session, result -> result);
  }

  @Test
  void everyEpochAfterTheSecondRunsOnAnIteratorMadeAheadAndIsItsOwnNumbersShuffle() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      for (long number = 0; number < 5; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
        }
      }
      assertEquals(3, numbers.epochsStartedAhead(), "epochs 2, 3 and 4; epoch 1 follows the"
          + " epoch that fills the cache");
      numbers.release();
    }
  }

  @Test
  void anEpochLeftEarlyStillHandsTheNextOneItsOwnIterator() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        drain(epoch, Integer.MAX_VALUE);
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(1).subList(0, 20), drain(epoch, 2)); // left after two batches
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(2), drain(epoch, Integer.MAX_VALUE));
      }
      assertEquals(1, numbers.epochsStartedAhead());
      numbers.release();
    }
  }

  @Test
  void aRestoreRunsTheSavedEpochNotTheOneMadeAhead() {
    Path checkpoint = dir.resolve("numbers.ckpt");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph);
      for (int number = 0; number < 2; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
      }
      List<Long> restored;
      try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 2; 3 is made ahead
        assertEquals(expected(2).subList(0, 30), drain(epoch, 3));
        numbers.checkpoint(session, checkpoint);
      }
      try (EpochIterator<Result> epoch = numbers.resume(session, checkpoint, result -> result)) {
        restored = drain(epoch, Integer.MAX_VALUE);
      }
      assertEquals(expected(2).subList(30, ELEMENTS), restored);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(3), drain(epoch, Integer.MAX_VALUE), "the epoch after the restored one");
      }
      numbers.release();
    }
  }

  @Test
  void closingWhileAnEpochIsBeingMadeAheadWaitsForIt() {
    for (int run = 0; run < 3; run++) {
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = numbers(graph);
        for (int number = 0; number < 2; number++) {
          try (EpochIterator<Result> epoch = epoch(numbers, session)) {
            drain(epoch, Integer.MAX_VALUE);
          }
        }
        epoch(numbers, session); // makes epoch 2's iterator ahead, on a thread of its own
        numbers.release(); // before the session closes, with that thread done
      }
    }
  }
}
