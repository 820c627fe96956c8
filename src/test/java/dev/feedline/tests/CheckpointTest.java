package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineJitterPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline;
import dev.feedline.tests.pipelines.FeedlineRowsPipeline.TotalsTensors;
import dev.feedline.tests.pipelines.FeedlineUnseededRowsPipeline;
import dev.feedline.tests.support.CapturedLog;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/**
 * A run stopped after k batches and resumed from its checkpoint, in a new graph and session as in
 * a new process, yields exactly the batches of the uninterrupted run: through the rest of the
 * epoch, the cache, and the next epoch's shuffle.
 */
class CheckpointTest {
  @TempDir Path dir;

  @BeforeEach
  void data() throws IOException {
    TestData.writeRows(dir, 3, 20);
  }

  private FeedlineRowsPipeline build(Graph graph) {
    return FeedlineRowsPipeline.builder().files(dir + "/*.tfrecord").build(graph);
  }

  private static List<Long> ids(TotalsTensors batch) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < batch.id().shape().get(0); i++) {
      ids.add(batch.id().getLong(i));
    }
    return ids;
  }

  /** Every batch of two epochs, uninterrupted. */
  private List<List<Long>> uninterrupted() {
    List<List<Long>> batches = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      for (int epoch = 0; epoch < 2; epoch++) {
        try (EpochIterator<TotalsTensors> it = pipeline.epoch(session)) {
          it.forEach(batch -> batches.add(ids(batch)));
        }
      }
    }
    return batches;
  }

  /** The first {@code k} batches of epoch 1, then a checkpoint, in one "process". */
  private List<List<Long>> runAndCheckpoint(int k, Path checkpoint) {
    List<List<Long>> batches = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph);
        EpochIterator<TotalsTensors> it = pipeline.epoch(session)) {
      for (int i = 0; i < k; i++) {
        batches.add(ids(it.next()));
      }
      pipeline.checkpoint(session, checkpoint);
    }
    return batches;
  }

  /** The rest of epoch 1 from the checkpoint, then epoch 2, in a fresh "process". */
  private List<List<Long>> resume(Path checkpoint) {
    List<List<Long>> batches = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = build(graph)) {
      try (EpochIterator<TotalsTensors> rest = pipeline.resume(session, checkpoint)) {
        rest.forEach(batch -> batches.add(ids(batch)));
      }
      try (EpochIterator<TotalsTensors> next = pipeline.epoch(session)) {
        next.forEach(batch -> batches.add(ids(batch)));
      }
    }
    return batches;
  }

  @Test
  void aResumedRunYieldsExactlyTheBatchesOfTheUninterruptedOne() {
    List<List<Long>> expected = uninterrupted();
    assertEquals(16, expected.size(), "2 epochs of ceil(60 / 8) batches");
    for (int k : new int[] {0, 3, 6, 7, 8}) {
      Path checkpoint = dir.resolve("ckpt-" + k);
      List<List<Long>> run = runAndCheckpoint(k, checkpoint);
      run.addAll(resume(checkpoint));
      assertEquals(expected, run, "stopped after " + k + " batches");
    }
  }

  @Test
  void aCheckpointIsWrittenAtomicallyUnderItsName() throws IOException {
    Path checkpoint = dir.resolve("state/ckpt");
    runAndCheckpoint(2, checkpoint);
    try (var files = Files.list(checkpoint.getParent())) {
      assertEquals(List.of(checkpoint), files.toList(), "no partial file left");
    }
    assertTrue(Files.readString(checkpoint, StandardCharsets.ISO_8859_1).startsWith(
        "FEEDLINE CHECKPOINT 3\npipeline: dev.feedline.tests.pipelines.RowsPipeline\n"));
  }

  @Test
  void aTruncatedOrCorruptCheckpointIsRefusedSayingWhich() throws IOException {
    Path checkpoint = dir.resolve("ckpt");
    runAndCheckpoint(3, checkpoint);
    byte[] bytes = Files.readAllBytes(checkpoint);

    Files.write(checkpoint, Arrays.copyOf(bytes, bytes.length - 100));
    FeedlineException truncated = assertThrows(FeedlineException.class, () -> resume(checkpoint));
    assertTrue(truncated.getMessage().startsWith("Pipeline RowsPipeline, file " + checkpoint
        + ": cannot restore this checkpoint: it is truncated: "), truncated.getMessage());

    byte[] corrupt = bytes.clone();
    corrupt[corrupt.length - 50] ^= 1;
    Files.write(checkpoint, corrupt);
    assertEquals("Pipeline RowsPipeline, file " + checkpoint + ": cannot restore this checkpoint: it"
        + " is corrupt: its checksum does not match",
        assertThrows(FeedlineException.class, () -> resume(checkpoint)).getMessage());

    Files.writeString(checkpoint, "{\"step\": 3}");
    assertEquals("Pipeline RowsPipeline, file " + checkpoint + ": cannot restore this checkpoint: it"
        + " is not a Feedline checkpoint",
        assertThrows(FeedlineException.class, () -> resume(checkpoint)).getMessage());
  }

  @Test
  void aCheckpointOfAnotherPipelineOrDefinitionIsRefusedSayingWhich() throws IOException {
    Path checkpoint = dir.resolve("ckpt");
    runAndCheckpoint(3, checkpoint);
    reseal(checkpoint, header -> header.replaceFirst("definition: \\w+", "definition: 0123456789abcdef"));
    FeedlineException changed = assertThrows(FeedlineException.class, () -> resume(checkpoint));
    assertTrue(changed.getMessage().startsWith("Pipeline RowsPipeline, file " + checkpoint
        + ": cannot restore this checkpoint: it was written by another definition of RowsPipeline"
        + " (0123456789abcdef, now "), changed.getMessage());
    assertTrue(changed.getMessage().endsWith("): its stages have changed since, so its state does"
        + " not fit"));

    runAndCheckpoint(3, checkpoint);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineUnseededRowsPipeline other = FeedlineUnseededRowsPipeline.builder()
            .files(dir + "/*.tfrecord").build(graph)) {
      assertEquals("Pipeline UnseededRowsPipeline, file " + checkpoint + ": cannot restore this"
          + " checkpoint: it was written by pipeline dev.feedline.tests.pipelines.RowsPipeline",
          assertThrows(FeedlineException.class, () -> other.resume(session, checkpoint)).getMessage());
    }
  }

  /**
   * Edits a checkpoint's header and seals it again with a matching checksum, as a checkpoint of
   * another definition, or a malformed one, would be written.
   */
  private static void reseal(Path checkpoint, UnaryOperator<String> edit) throws IOException {
    byte[] bytes = Files.readAllBytes(checkpoint);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int seal = text.indexOf("crc32c: ");
    int end = text.indexOf("\n\n", seal);
    byte[] header = edit.apply(text.substring(0, seal)).getBytes(StandardCharsets.ISO_8859_1);
    byte[] state = Arrays.copyOfRange(bytes, end + 2, bytes.length);
    CRC32C crc = new CRC32C();
    crc.update(header);
    crc.update(state);
    byte[] crcLine = ("crc32c: " + Long.toHexString(crc.getValue()) + "\n\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    Files.write(checkpoint, concat(header, crcLine, state));
  }

  private static byte[] concat(byte[]... parts) {
    int length = Arrays.stream(parts).mapToInt(p -> p.length).sum();
    byte[] all = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    return all;
  }

  private static String editHeader(Path checkpoint, String from, String to) throws IOException {
    String text = Files.readString(checkpoint, StandardCharsets.ISO_8859_1);
    assertTrue(Pattern.compile(from).matcher(text).find(), from);
    Files.writeString(checkpoint, text.replaceFirst(from, to), StandardCharsets.ISO_8859_1);
    return text;
  }

  private String refusal(Path checkpoint) {
    return assertThrows(FeedlineException.class, () -> resume(checkpoint)).getMessage();
  }

  @Test
  void anEditedOrMalformedHeaderIsRefusedNamingTheFile() throws IOException {
    Path checkpoint = dir.resolve("ckpt");
    runAndCheckpoint(3, checkpoint);
    byte[] bytes = Files.readAllBytes(checkpoint);
    String refused = "Pipeline RowsPipeline, file " + checkpoint + ": cannot restore this checkpoint: ";

    editHeader(checkpoint, "\nepoch: 0\n", "\nepoch: 7\n");
    assertEquals(refused + "it is corrupt: its checksum does not match", refusal(checkpoint));

    Files.write(checkpoint, bytes);
    editHeader(checkpoint, "\nbytes: \\d+\n", "\nbytes: x\n");
    assertEquals(refused + "it is corrupt: its checksum does not match", refusal(checkpoint));

    Files.write(checkpoint, bytes);
    reseal(checkpoint, header -> header.replaceFirst("\nbytes: \\d+\n", "\nbytes: x\n"));
    assertEquals(refused + "its header is malformed: 'bytes: x' is not a count",
        refusal(checkpoint));

    Files.write(checkpoint, bytes);
    reseal(checkpoint, header -> header.replaceFirst("\nepoch: 0\n", "\n"));
    assertEquals(refused + "its header is malformed: its line 4 should be 'epoch: ...', and is"
        + " 'files: 3'", refusal(checkpoint));

    Files.write(checkpoint, bytes);
    reseal(checkpoint, header -> header.replaceFirst("\nfiles: 3\n", "\nfiles: 4\n"));
    assertTrue(refusal(checkpoint).startsWith(refused + "its header is malformed: its line 9 should"
        + " be 'file: ...', and is 'bytes: "));

    Files.write(checkpoint, bytes);
    editHeader(checkpoint, "FEEDLINE CHECKPOINT 3\n", "FEEDLINE CHECKPOINT 1\n");
    assertEquals(refused + "it is of format 1, written by another version of Feedline, and this"
        + " one reads format 3 (format 1 recorded neither the files read nor a checksum of its"
        + " header); start the epoch again", refusal(checkpoint));

    Files.write(checkpoint, bytes);
    editHeader(checkpoint, "FEEDLINE CHECKPOINT 3\n", "FEEDLINE CHECKPOINT 2\n");
    assertEquals(refused + "it is of format 2, written by another version of Feedline, and this"
        + " one reads format 3 (format 2 ran the epochs after the first without tf.data's"
        + " rewrites, so its state names other datasets); start the epoch again",
        refusal(checkpoint));
  }

  @Test
  void aCheckpointOfOtherFilesIsRefusedNamingTheDifference() throws IOException {
    List<List<Long>> expected = uninterrupted();
    Path checkpoint = dir.resolve("ckpt");
    List<List<Long>> run = runAndCheckpoint(3, checkpoint);

    // The same files, named another way: resumed exactly, from the builder's files.
    List<List<Long>> resumed = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline pipeline = FeedlineRowsPipeline.builder()
            .files(dir + "/./rows-0.tfrecord", dir + "/rows-[12].tfrecord").build(graph);
        EpochIterator<TotalsTensors> rest = pipeline.resume(session, checkpoint)) {
      rest.forEach(batch -> resumed.add(ids(batch)));
    }
    run.addAll(resumed);
    assertEquals(expected.subList(0, 8), run, "the rest of epoch 1, exactly");

    String refused = "Pipeline RowsPipeline, file " + checkpoint + ": cannot restore this checkpoint: ";
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineRowsPipeline fewer = FeedlineRowsPipeline.builder()
            .files(dir + "/rows-[01].tfrecord").build(graph)) {
      assertEquals(refused + "it was written over other files than this pipeline was built with"
          + " (3 then, 2 now): " + dir.resolve("rows-2.tfrecord") + " is not among this pipeline's"
          + " files; build the pipeline with the checkpoint's files, or start the epoch again",
          assertThrows(FeedlineException.class, () -> fewer.resume(session, checkpoint)).getMessage());
    }

    TestData.write(dir.resolve("rows-1.tfrecord"),
        LongStream.range(100, 120).mapToObj(TestData::row).toList()); // same path, other rows
    String changed = refusal(checkpoint);
    assertTrue(changed.startsWith(refused + "file " + dir.resolve("rows-1.tfrecord") + " has changed"
        + " since the checkpoint was written: "), changed);
    assertTrue(changed.endsWith("; its state would read other records"), changed);
  }

  @Test
  void aCheckpointOfARandomStageSaysItsValuesAreNotRestored() {
    Path checkpoint = dir.resolve("jitter");
    List<String> warnings;
    try (CapturedLog log = new CapturedLog(DatasetIterator.class);
        TFloat32 xy = TFloat32.tensorOf(Shape.of(4, 2));
        TInt32 cls = TInt32.vectorOf(1, 2, 3, 4);
        Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineJitterPipeline pipeline = FeedlineJitterPipeline.builder().data(xy, cls).build(graph);
        EpochIterator<FeedlineJitterPipeline.PointTensors> it = pipeline.epoch(session)) {
      it.next();
      pipeline.checkpoint(session, checkpoint);
      warnings = log.messages();
    }
    assertEquals(List.of("Pipeline JitterPipeline: stage 'jitter' (@Map) draws random values;"
        + " elements it had not produced yet when " + checkpoint + " was written get new random"
        + " values after a restore."), warnings);
  }
}
