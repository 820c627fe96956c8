package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the plan shuffles records as read: epoch 1's (docs/performance.md#first-batch) only after
 * a memory cache whose stages from the reader each map one record to one element, and only where
 * the shuffle reshuffles every epoch; every epoch's without a cache, where the stages before the
 * shuffle do so (docs/performance.md#records-shuffled-as-read-every-epoch), and the checker then
 * sizes its buffer by the records. The review report says so, and the stage plan marks it.
 */
class RecordShufflePlanTest {
  private static final String LINE = "- Epoch 1 shuffles the records after `read` with `shuffle`'s"
      + " buffer and seeds; its `shuffle` after the cache passes elements on as they come.";
  private static final String EVERY_EPOCH = "- Every epoch shuffles the records after `read` with"
      + " `shuffle`'s buffer and seeds, in place of `shuffle`.";

  @TempDir Path dir;

  /** Whether the plan of a good pipeline changed by {@code find} → {@code replacement} has it. */
  private boolean planned(String name, String find, String... replacement) throws IOException {
    return report(name, Sources.goodWith(find, replacement)).contains(LINE);
  }

  /** The review report's lines for a pipeline of {@code stages}. */
  private List<String> report(String name, List<String> stages) throws IOException {
    Sources.compile(List.of("-Afeedline.report=" + dir), Sources.pipeline(name, stages));
    return Files.readAllLines(dir.resolve("test." + name + ".md"));
  }

  /** The good pipeline without its cache, with {@code more} lines before its shuffle. */
  private static List<String> withoutCache(String... more) {
    return Sources.goodWith("@Cache", more);
  }

  @Test
  void onlyAShuffleThatReshufflesRightAfterAMemoryCacheOfRecordsMappedOneForOne()
      throws IOException {
    List<String> planned = new ArrayList<>();
    if (planned("Plain", "@Batch", "  @Batch(size = 4) Image batch(Image image);")) {
      planned.add("plain");
    }
    if (planned("Fixed", "@Shuffle", "  @Shuffle(buffer = 100, reshuffleEachEpoch = false)"
        + " Image shuffle(Image image);")) {
      planned.add("the same order every epoch");
    }
    if (planned("Filtered", "@Cache", "  @Filter static Operand<TBool> keep(Ops tf, Image image) {",
        "    return tf.math.greater(image.label(), tf.constant(0L));", "  }",
        "  @Cache Image cache(Image image);")) {
      planned.add("a filter before the cache");
    }
    if (planned("FileCached", "@Cache", "  @Cache(file = \"/tmp/feedline-plan-test\")"
        + " Image cache(Image image);")) {
      planned.add("a file cache");
    }
    if (planned("Ahead", "@Cache", "  @Cache Image cache(Image image);",
        "  @Prefetch(2) Image ahead(Image image);")) {
      planned.add("a prefetch between the cache and the shuffle");
    }
    assertEquals(List.of("plain"), planned);
  }

  @Test
  void withoutACacheEveryEpochShufflesTheRecordsOfStagesMappingOneForOne() throws IOException {
    List<String> plain = report("NoCache", withoutCache());
    assertEquals(true, plain.contains(EVERY_EPOCH), String.join("\n", plain));
    assertEquals(false, plain.contains(LINE), "no cache, so no epoch 1 of its own");
    assertEquals(false, report("NoCacheAhead", withoutCache("  @Prefetch(2) Image ahead(Image image);"))
        .contains(EVERY_EPOCH), "a prefetch between the decode and the shuffle");
    assertEquals(false, report("NoCacheFiltered", withoutCache(
        "  @Filter static Operand<TBool> keep(Ops tf, Image image) {",
        "    return tf.math.greater(image.label(), tf.constant(0L));", "  }"))
        .contains(EVERY_EPOCH), "a filter between the decode and the shuffle");
    assertEquals(false, report("Cached", Sources.GOOD_STAGES).contains(EVERY_EPOCH),
        "a cache: only epoch 1 shuffles the records");
  }

  @Test
  void aBufferOfRecordsIsSizedByTheRecordsNotTheDecodedElements() {
    List<String> stages = List.of(
        "  @TFRecordSource(files = 4, records = 1000, bytesPerFile = 262144)"
            + " Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
        "  @Map(parallel = AUTO) static Big decode(Ops tf, Encoded in) { return null; }",
        "  @Shuffle(buffer = 500) Big shuffle(Big big);",
        "  @Batch(size = 4) Big batch(Big big);",
        "  @Prefetch(AUTO) Big prefetch(Big batch);");
    Compilation records = Sources.compile(Sources.pipeline("RecordsShuffled", stages));
    assertEquals(Compilation.Status.SUCCESS, records.status(), records.diagnostics().toString());
    assertEquals(List.of(), records.diagnostics().stream()
        .filter(d -> d.getMessage(null).contains("shuffle-buffer-memory")).toList(),
        "500 records of about 1 KiB, not 500 decoded elements of 3 MiB");
    List<String> behind = new ArrayList<>(stages);
    behind.add(4, "  @Prefetch(2) Big ahead(Big big);");
    Compilation decoded = Sources.compile(Sources.pipeline("DecodedShuffled", behind));
    assertEquals(1, decoded.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR && d.getMessage(null).contains(
            "[feedline:shuffle-buffer-memory] @Shuffle 'shuffle' holds ≈1.46 GiB (500 elements of"
                + " 3.00 MiB)")).count(), decoded.diagnostics().toString());
  }
}
