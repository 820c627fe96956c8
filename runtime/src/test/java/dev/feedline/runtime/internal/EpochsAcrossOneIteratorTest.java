package dev.feedline.runtime.internal;

import static dev.feedline.runtime.internal.ShuffledNumbers.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.proto.NodeDef;
import org.tensorflow.proto.data.DatasetOptions;

/**
 * Over a filled memory cache, the epochs after the first run one after another on one iterator,
 * and this class ends each after the elements the first epoch handed out. Each must still be
 * exactly its own epoch: its own number's shuffle, every element once, a last partial batch where
 * the first had one; an epoch left early, or restored from a checkpoint, must not hand the next one
 * the rest of another.
 */
class EpochsAcrossOneIteratorTest {
  /** 95 in batches of 10: nine full batches and one of 5, every epoch. */
  private static final int ELEMENTS = 95;
  private static final long BATCH = 10;
  private static final int BATCHES = 10;

  @TempDir Path dir;

  /**
   * The numbers 0 to 94, cached, shuffled, in tens, with one iterator across epochs: shuffled by
   * the epoch's number when {@code seeded}, else with seeds TensorFlow draws anew every epoch.
   */
  private static DatasetIterator numbers(Graph graph, boolean seeded) {
    return numbers(graph, seeded, true);
  }

  private static DatasetIterator numbers(Graph graph, boolean seeded, boolean across) {
    DatasetIterator.Builder builder = ShuffledNumbers.builder(graph, ELEMENTS, BATCH, seeded);
    // Like a table's epochs: a shuffle and a batch, nothing for the autotune model to tune.
    return (across ? builder.acrossEpochs(DatasetOps.UNTUNED_EPOCH_OPTIONS) : builder).build();
  }

  private static List<Long> expected(long number) {
    return ShuffledNumbers.expected(ELEMENTS, number);
  }

  private static EpochIterator<Result> epoch(DatasetIterator numbers, Session session) {
    return numbers.epoch(session, result -> result);
  }

  private static List<Long> sorted(List<Long> values) {
    return values.stream().sorted().toList();
  }

  @Test
  void everyEpochAfterTheFirstRunsOnOneIteratorAndIsItsOwnNumbersShuffle() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      for (long number = 0; number < 6; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
          assertEquals(BATCHES, epoch.count(), "epoch " + number + ": nine batches of 10, one of 5");
        }
      }
      assertEquals(5, numbers.epochsStartedAcross(), "epochs 1 to 5");
      numbers.release();
    }
  }

  /** Whether the graph has an op named {@code name}, under any scope. */
  private static boolean hasOp(Graph graph, String name) {
    boolean[] found = {false};
    graph.operations().forEachRemaining(op -> found[0] |= op.name().equals(name)
        || op.name().endsWith("/" + name));
    return found[0];
  }

  @Test
  void anEpochEndingInAPrefetchRunsAcrossEpochsWithoutASecondOneAndOneWithoutGetsIt() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers =
          ShuffledNumbers.builder(graph, ELEMENTS, BATCH, true, true)
              .acrossEpochs(DatasetOps.UNTUNED_EPOCH_OPTIONS).build();
      assertTrue(hasOp(graph, "epochs_across"), "the iterator across epochs is built");
      assertTrue(!hasOp(graph, "next_epoch_ahead"), "the epoch's own prefetch runs ahead");
      for (long number = 0; number < 4; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
          assertEquals(BATCHES, epoch.count(), "epoch " + number);
        }
      }
      assertEquals(3, numbers.epochsStartedAcross(), "epochs 1 to 3");
      numbers.release();
    }
    try (Graph graph = new Graph()) {
      DatasetIterator unprefetched = numbers(graph, true);
      assertTrue(hasOp(graph, "next_epoch_ahead"), "two batches ahead across an epoch's end");
      unprefetched.release();
    }
  }

  /**
   * The options of the dataset the iterator across epochs runs: the {@code OptionsDataset} on the
   * epochs, or on the prefetch ahead of them.
   */
  private static DatasetOptions.Options acrossEpochsOptions(Graph graph) throws IOException {
    List<DatasetOptions.Options> found = new ArrayList<>();
    for (NodeDef node : graph.toGraphDef().getNodeList()) {
      if (node.getOp().equals("OptionsDataset") && (node.getInput(0).endsWith("epochs_across")
          || node.getInput(0).endsWith("next_epoch_ahead"))) {
        found.add(DatasetOptions.Options.parseFrom(
            node.getAttrOrThrow("serialized_options").getS()));
      }
    }
    assertEquals(1, found.size(), "one iterator across epochs");
    return found.get(0);
  }

  @Test
  void theEpochsAcrossRunUnderTheOptionsTheBuilderNamesAndAreTheSameWithAutotuningOrWithout()
      throws IOException {
    for (DatasetOptions.Options options :
        List.of(DatasetOps.EPOCH_OPTIONS, DatasetOps.UNTUNED_EPOCH_OPTIONS)) {
      boolean tuned = options == DatasetOps.EPOCH_OPTIONS;
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = ShuffledNumbers.builder(graph, ELEMENTS, BATCH, true)
            .acrossEpochs(options).build();
        DatasetOptions.Options across = acrossEpochsOptions(graph);
        assertEquals(tuned, across.getAutotuneOptions().getEnabled(), "autotuning");
        assertTrue(across.getOptimizationOptions().getApplyDefaultOptimizations(),
            "the static rewrites stay on either way");
        for (long number = 0; number < 4; number++) {
          try (EpochIterator<Result> epoch = epoch(numbers, session)) {
            assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE),
                (tuned ? "tuned" : "untuned") + ", epoch " + number);
            assertEquals(BATCHES, epoch.count(), "epoch " + number);
          }
        }
        assertEquals(3, numbers.epochsStartedAcross(), "epochs 1 to 3");
        numbers.release();
      }
    }
  }

  @Test
  void unseededEpochsAreEachEveryElementOnceInAnOrderOfTheirOwn() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, false);
      List<List<Long>> orders = new ArrayList<>();
      for (int number = 0; number < 4; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          orders.add(drain(epoch, Integer.MAX_VALUE));
        }
      }
      for (List<Long> order : orders) {
        assertEquals(LongStream.range(0, ELEMENTS).boxed().toList(), sorted(order));
      }
      assertNotEquals(orders.get(1), orders.get(2));
      assertNotEquals(orders.get(2), orders.get(3));
      assertEquals(3, numbers.epochsStartedAcross());
      numbers.release();
    }
  }

  @Test
  void anEpochLeftEarlyDoesNotHandItsRestToTheNext() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        drain(epoch, Integer.MAX_VALUE);
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(1).subList(0, 20), drain(epoch, 2)); // left after two batches
      }
      for (long number = 2; number < 5; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
        }
      }
      // Epoch 1 on it, epoch 2 on an epoch's own iterator while it is made again, 3 and 4 on it.
      assertEquals(3, numbers.epochsStartedAcross());
      numbers.release();
    }
  }

  @Test
  void anEpochLeftAfterItsLastBatchButBeforeItsEndStillEndsThere() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      for (long number = 0; number < 2; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(2), drain(epoch, BATCHES)); // every batch, never asked for the end
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        assertEquals(expected(3), drain(epoch, Integer.MAX_VALUE));
      }
      assertEquals(3, numbers.epochsStartedAcross(), "epochs 1, 2 and 3: 3 goes on where 2 stopped");
      numbers.release();
    }
  }

  @Test
  void aCheckpointOnItResumesExactlyInTheSameSessionAndInANewOne() throws IOException {
    Path checkpoint = dir.resolve("numbers.ckpt");
    List<Long> before;
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, false); // only the saved state knows the order
      for (int number = 0; number < 2; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 2, on it
        drain(epoch, 3);
        numbers.checkpoint(session, checkpoint);
        before = drain(epoch, Integer.MAX_VALUE);
      }
      assertEquals(65, before.size());
      try (EpochIterator<Result> epoch = numbers.resume(session, checkpoint, result -> result)) {
        assertEquals(before, drain(epoch, Integer.MAX_VALUE), "resumed in the same session");
        assertEquals(7, epoch.count());
      }
      numbers.release();
    }
    assertTrue(Files.readString(checkpoint, StandardCharsets.ISO_8859_1)
        .contains("\nacross epochs: 10 3\n"), "ten batches an epoch, three taken");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, false);
      try (EpochIterator<Result> epoch = numbers.resume(session, checkpoint, result -> result)) {
        assertEquals(before, drain(epoch, Integer.MAX_VALUE), "resumed in a new session");
      }
      for (int number = 3; number < 5; number++) { // on it, from the cache the state restored
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(LongStream.range(0, ELEMENTS).boxed().toList(),
              sorted(drain(epoch, Integer.MAX_VALUE)), "epoch " + number);
        }
      }
      assertEquals(3, numbers.epochsStartedAcross(), "the resumed epoch, 3 and 4");
      numbers.release();
    }
  }

  /**
   * TensorFlow's autotuning adds to the iterator's saved state (the model injects a prefetch), so
   * a checkpoint written with it (the code generated before the untuned options, or a map after
   * the cache) cannot resume without it, nor the other way round: the processor marks the stage
   * plan, so that the fingerprint refuses it first (UntunedEpochsPlanTest); here, with the same
   * definition, TensorFlow's refusal still comes as the pipeline's error, naming the file, and the
   * pipeline runs on after it.
   */
  @Test
  void aCheckpointWrittenWithAutotuningOrWithoutIsRefusedByTheOtherAndThePipelineRunsOn()
      throws IOException {
    List<DatasetOptions.Options> both =
        List.of(DatasetOps.EPOCH_OPTIONS, DatasetOps.UNTUNED_EPOCH_OPTIONS);
    for (int writer = 0; writer < 2; writer++) {
      Path checkpoint = dir.resolve("numbers-" + writer + ".ckpt");
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = ShuffledNumbers.builder(graph, ELEMENTS, BATCH, false, true)
            .acrossEpochs(both.get(writer)).build();
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
        try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 1, on it
          drain(epoch, 4);
          numbers.checkpoint(session, checkpoint);
        }
        numbers.release();
      }
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = ShuffledNumbers.builder(graph, ELEMENTS, BATCH, false, true)
            .acrossEpochs(both.get(1 - writer)).build();
        FeedlineException refused = assertThrows(FeedlineException.class,
            () -> numbers.resume(session, checkpoint, result -> result));
        assertTrue(refused.getMessage().startsWith("Pipeline Numbers, file " + checkpoint
            + ": cannot restore this checkpoint"), refused.getMessage());
        for (int number = 0; number < 3; number++) {
          try (EpochIterator<Result> epoch = epoch(numbers, session)) {
            assertEquals(LongStream.range(0, ELEMENTS).boxed().toList(),
                sorted(drain(epoch, Integer.MAX_VALUE)), "after the refusal, epoch " + number);
          }
        }
        numbers.release();
      }
    }
  }

  @Test
  void aCheckpointWhoseAcrossLineIsNotTwoCountsIsRefused() throws IOException {
    Path checkpoint = dir.resolve("numbers.ckpt");
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      for (int number = 0; number < 2; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          drain(epoch, Integer.MAX_VALUE);
        }
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) {
        drain(epoch, 1);
        numbers.checkpoint(session, checkpoint);
      }
      numbers.release();
    }
    reseal(checkpoint, "across epochs: 10 1\n", "across epochs: 10 11\n"); // 11 of 10 taken
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      FeedlineException refused = assertThrows(FeedlineException.class,
          () -> numbers.resume(session, checkpoint, result -> result));
      assertTrue(refused.getMessage().endsWith("its header is malformed: 'across epochs: 10 11'"
          + " is not two counts, the second at most the first"), refused.getMessage());
    }
  }

  @Test
  void aCheckpointOnItIsRefusedByABuildWithoutOneAndAnEpochsOwnIsTakenByABuildWithOne() {
    Path onIt = dir.resolve("across.ckpt");
    Path own = dir.resolve("own.ckpt");
    List<Long> rest;
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 0, its own iterator
        drain(epoch, 4);
        numbers.checkpoint(session, own);
        rest = drain(epoch, Integer.MAX_VALUE);
      }
      try (EpochIterator<Result> epoch = epoch(numbers, session)) { // epoch 1, on it
        drain(epoch, 1);
        numbers.checkpoint(session, onIt);
      }
      numbers.release();
    }
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true, false);
      FeedlineException refused = assertThrows(FeedlineException.class,
          () -> numbers.resume(session, onIt, result -> result));
      assertTrue(refused.getMessage().endsWith("it was saved on an iterator across epochs, which"
          + " this build of the pipeline does not run (its code was generated by another version"
          + " of Feedline); start the epoch again"), refused.getMessage());
    }
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      DatasetIterator numbers = numbers(graph, true);
      try (EpochIterator<Result> epoch = numbers.resume(session, own, result -> result)) {
        assertEquals(rest, drain(epoch, Integer.MAX_VALUE));
      }
      for (long number = 1; number < 4; number++) {
        try (EpochIterator<Result> epoch = epoch(numbers, session)) {
          assertEquals(expected(number), drain(epoch, Integer.MAX_VALUE), "epoch " + number);
        }
      }
      // The resumed epoch's elements were not all counted: epoch 1 counts them, 2 and 3 run on it.
      assertEquals(2, numbers.epochsStartedAcross());
      numbers.release();
    }
  }

  @Test
  void closingWhileItIsBeingMadeAheadWaitsForIt() {
    for (int run = 0; run < 3; run++) {
      try (Graph graph = new Graph(); Session session = new Session(graph)) {
        DatasetIterator numbers = numbers(graph, true);
        epoch(numbers, session); // epoch 0: the iterator across epochs is made on a thread of its own
        numbers.release(); // before the session closes, with that thread done
      }
    }
  }

  /** Replaces {@code from} by {@code to} in a checkpoint's header, and seals it again. */
  private static void reseal(Path checkpoint, String from, String to) throws IOException {
    String text = new String(Files.readAllBytes(checkpoint), StandardCharsets.ISO_8859_1);
    int seal = text.indexOf("crc32c: ");
    int end = text.indexOf("\n\n", seal);
    String header = text.substring(0, seal);
    assertTrue(header.contains(from), header);
    header = header.replace(from, to);
    String state = text.substring(end + 2);
    CRC32C crc = new CRC32C();
    crc.update(header.getBytes(StandardCharsets.ISO_8859_1));
    crc.update(state.getBytes(StandardCharsets.ISO_8859_1));
    Files.writeString(checkpoint, header + "crc32c: " + Long.toHexString(crc.getValue()) + "\n\n"
        + state, StandardCharsets.ISO_8859_1);
  }
}
