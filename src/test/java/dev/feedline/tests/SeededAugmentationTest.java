package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.FeedlineAugmentedPhotoPipeline;
import dev.feedline.example.PhotoDataset;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_OneThread;
import dev.feedline.tests.pipelines.FeedlineSeededPipelines_Sequential;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * The example's augmented photo pipeline, whose random map draws from per-element seeds: with one
 * seed, its batches are the same bytes, pixels included, in every run, whether the map runs on
 * AUTO threads, one thread or sequentially; another epoch or another seed augments every photo
 * otherwise; and a run stopped mid-epoch and resumed in a new graph and session continues with
 * exactly the batches of the uninterrupted run, across the cache and the seeded shuffle. Batches
 * are compared by SHA-256 of their bytes.
 */
class SeededAugmentationTest {
  /** 96 photos in 3 shards: 3 batches of 32 per epoch. */
  private static final int PHOTOS = 96;
  private static final int EPOCHS = 3;

  @TempDir static Path data;
  @TempDir Path dir;

  @BeforeAll
  static void photos() throws IOException {
    new PhotoDataset(42).write(data, PHOTOS, 3);
  }

  /** A batch: the SHA-256 of its bytes, and each photo's image's SHA-256 by id. */
  private record Batch(String digest, Map<Long, String> images) {}

  private static String files() {
    return data.resolve("*.tfrecord").toString();
  }

  private static FeedlineAugmentedPhotoPipeline augmented(Graph graph, long seed) {
    return FeedlineAugmentedPhotoPipeline.builder().files(files()).seed(seed).build(graph);
  }

  /** Every batch of {@code epochs} epochs, epoch by epoch, in a new graph and session. */
  private static List<List<Batch>> run(Function<Graph, ? extends BuiltPipeline<?, ?>> build,
      int epochs) {
    List<List<Batch>> all = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ?> pipeline = build.apply(graph)) {
      for (int epoch = 0; epoch < epochs; epoch++) {
        all.add(drain(pipeline.epoch(session)));
      }
    }
    return all;
  }

  private static List<Batch> drain(EpochIterator<?> epoch) {
    List<Batch> batches = new ArrayList<>();
    try (epoch) {
      epoch.forEach(tensors -> batches.add(batch(tensors)));
    }
    return batches;
  }

  /** A batch's digests, from the record of tensors an epoch hands out: image, label, id. */
  private static Batch batch(Object tensors) {
    List<Tensor> components = new ArrayList<>();
    try {
      for (RecordComponent component : tensors.getClass().getRecordComponents()) {
        components.add((Tensor) component.getAccessor().invoke(tensors));
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
    TFloat32 image = (TFloat32) components.get(0);
    TInt64 ids = (TInt64) components.get(2);
    MessageDigest whole = sha256();
    components.forEach(tensor -> whole.update(bytes(tensor)));
    byte[] pixels = bytes(image);
    int perImage = pixels.length / (int) ids.shape().get(0);
    Map<Long, String> images = new TreeMap<>();
    for (int i = 0; i < ids.shape().get(0); i++) {
      MessageDigest one = sha256();
      one.update(pixels, i * perImage, perImage);
      images.put(ids.getLong(i), HexFormat.of().formatHex(one.digest()));
    }
    return new Batch(HexFormat.of().formatHex(whole.digest()), images);
  }

  private static byte[] bytes(Tensor tensor) {
    byte[] bytes = new byte[Math.toIntExact(tensor.numBytes())];
    tensor.asRawTensor().data().read(bytes);
    return bytes;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> digests(List<List<Batch>> epochs) {
    return epochs.stream().flatMap(List::stream).map(Batch::digest).toList();
  }

  /** Each photo's augmented image in an epoch, by id. */
  private static Map<Long, String> images(List<Batch> epoch) {
    Map<Long, String> images = new TreeMap<>();
    epoch.forEach(batch -> images.putAll(batch.images()));
    return images;
  }

  /** How many photos have the same augmented image in both. */
  private static long alike(Map<Long, String> a, Map<Long, String> b) {
    assertEquals(a.keySet(), b.keySet(), "the same photos");
    return a.keySet().stream().filter(id -> a.get(id).equals(b.get(id))).count();
  }

  @Test
  void oneSeedGivesTheSameBytesInEveryRunAtEveryParallelism() {
    List<List<Batch>> auto = run(graph -> augmented(graph, 7), EPOCHS);
    assertEquals(EPOCHS, auto.size());
    auto.forEach(epoch -> assertEquals(PHOTOS, images(epoch).size(), "every photo once"));

    assertEquals(digests(auto), digests(run(graph -> augmented(graph, 7), EPOCHS)),
        "a second run, parallel = AUTO");
    assertEquals(digests(auto), digests(run(graph -> FeedlineSeededPipelines_OneThread.builder()
        .files(files()).seed(7).build(graph), EPOCHS)), "parallel = 1");
    assertEquals(digests(auto), digests(run(graph -> FeedlineSeededPipelines_Sequential.builder()
        .files(files()).seed(7).build(graph), EPOCHS)), "sequential");

    // Every epoch augments every photo anew: a mirror, a shift of 33 × 33 and a brightness.
    for (int e = 1; e < EPOCHS; e++) {
      assertEquals(0, alike(images(auto.get(0)), images(auto.get(e))), "epoch 1 against " + (e + 1));
    }
    // Another seed: the same order (the shuffle's seed is declared), other augmentations.
    List<List<Batch>> other = run(graph -> augmented(graph, 8), 1);
    assertEquals(images(auto.get(0)).keySet(), images(other.get(0)).keySet());
    assertEquals(0, alike(images(auto.get(0)), images(other.get(0))), "seed 7 against seed 8");
    assertNotEquals(digests(auto).get(0), digests(other).get(0));
  }

  @Test
  void aResumedRunContinuesWithTheUninterruptedRunsBytes() {
    List<String> expected = digests(run(graph -> augmented(graph, 7), EPOCHS));
    assertEquals(EPOCHS * 3, expected.size());
    // Mid-epoch 1, while the cache fills; mid-epoch 2, from the cache; before its last batch.
    for (int k : new int[] {1, 4, 5}) {
      Path checkpoint = dir.resolve("ckpt-" + k);
      List<String> batches = new ArrayList<>();
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 7)) {
        while (batches.size() < k) {
          try (EpochIterator<FeedlineAugmentedPhotoPipeline.PhotoTensors> epoch =
              pipeline.epoch(session)) {
            while (batches.size() < k && epoch.hasNext()) {
              batches.add(batch(epoch.next()).digest());
            }
            if (batches.size() == k) {
              pipeline.checkpoint(session, checkpoint);
            }
          }
        }
      }
      try (Graph graph = new Graph();
          Session session = new Session(graph);
          FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 7)) {
        batches.addAll(drain(pipeline.resume(session, checkpoint)).stream().map(Batch::digest)
            .toList());
        while (batches.size() < expected.size()) {
          batches.addAll(drain(pipeline.epoch(session)).stream().map(Batch::digest).toList());
        }
      }
      assertEquals(expected, batches, "stopped after " + k + " batches");
    }
  }

  @Test
  void aCheckpointResumedWithAnotherSeedIsRefusedNamingBoth() {
    Path checkpoint = dir.resolve("ckpt");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 7);
        EpochIterator<FeedlineAugmentedPhotoPipeline.PhotoTensors> epoch = pipeline.epoch(session)) {
      epoch.next();
      pipeline.checkpoint(session, checkpoint);
    }
    assertTrue(header(checkpoint).contains("\nepoch: 0\nseed: 7\nfiles: 3\n"), header(checkpoint));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 8)) {
      FeedlineException refused = assertThrows(FeedlineException.class,
          () -> pipeline.resume(session, checkpoint));
      assertEquals("Pipeline AugmentedPhotoPipeline, file " + checkpoint + ": cannot restore this"
          + " checkpoint: it was written with seed 7, and this pipeline was built with seed 8, so"
          + " its random stages would draw other values than the interrupted run; build it with"
          + " seed(7)", refused.getMessage());
    }
  }

  @Test
  void aCheckpointWhoseSeedLineIsEditedOrGoneIsRefusedSayingSo() throws IOException {
    Path checkpoint = dir.resolve("ckpt");
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 7);
        EpochIterator<FeedlineAugmentedPhotoPipeline.PhotoTensors> epoch = pipeline.epoch(session)) {
      epoch.next();
      pipeline.checkpoint(session, checkpoint);
    }
    byte[] saved = Files.readAllBytes(checkpoint);
    String refused = "Pipeline AugmentedPhotoPipeline, file " + checkpoint + ": cannot restore this"
        + " checkpoint: ";
    reseal(checkpoint, header -> header.replace("\nseed: 7\n", "\nseed: x\n"));
    assertEquals(refused + "its header is malformed: 'seed: x' is not a whole number",
        resumeRefused(checkpoint));
    Files.write(checkpoint, saved);
    reseal(checkpoint, header -> header.replace("\nseed: 7\n", "\n"));
    assertEquals(refused + "it records no seed, and this pipeline's random stages draw from seed 7",
        resumeRefused(checkpoint));
  }

  private static String resumeRefused(Path checkpoint) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        FeedlineAugmentedPhotoPipeline pipeline = augmented(graph, 7)) {
      return assertThrows(FeedlineException.class, () -> pipeline.resume(session, checkpoint))
          .getMessage();
    }
  }

  /** Edits a checkpoint's header and seals it again, as a writer that wrote it so would have. */
  private static void reseal(Path checkpoint, UnaryOperator<String> edit)
      throws IOException {
    byte[] bytes = Files.readAllBytes(checkpoint);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int seal = text.indexOf("crc32c: ");
    int end = text.indexOf("\n\n", seal);
    byte[] header = edit.apply(text.substring(0, seal))
        .getBytes(StandardCharsets.ISO_8859_1);
    byte[] state = Arrays.copyOfRange(bytes, end + 2, bytes.length);
    CRC32C crc = new CRC32C();
    crc.update(header);
    crc.update(state);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(header);
    out.write(("crc32c: " + Long.toHexString(crc.getValue()) + "\n\n")
        .getBytes(StandardCharsets.ISO_8859_1));
    out.write(state);
    Files.write(checkpoint, out.toByteArray());
  }

  private static String header(Path checkpoint) {
    try {
      String text = Files.readString(checkpoint, StandardCharsets.ISO_8859_1);
      return text.substring(0, text.indexOf("\n\n") + 1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aReproduciblePipelineWithoutASeedIsNotBuilt() {
    try (Graph graph = new Graph()) {
      IllegalStateException missing = assertThrows(IllegalStateException.class,
          () -> FeedlineAugmentedPhotoPipeline.builder().files(files()).build(graph));
      assertEquals("Pipeline AugmentedPhotoPipeline: call seed(value) before build(graph): the"
          + " pipeline is reproducible, and its random stages draw from that seed",
          missing.getMessage());
    }
  }
}
