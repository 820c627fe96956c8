package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the plan shuffles epoch 1's records as read (docs/performance.md#first-batch): only after
 * a memory cache whose stages from the reader each map one record to one element, and only where
 * the shuffle reshuffles every epoch. The review report says so, and the stage plan marks it.
 */
class FirstEpochShufflePlanTest {
  private static final String LINE = "- Epoch 1 shuffles the records after `read` with `shuffle`'s"
      + " buffer and seeds; its `shuffle` after the cache passes elements on as they come.";

  @TempDir Path dir;

  /** Whether the plan of a good pipeline changed by {@code find} → {@code replacement} has it. */
  private boolean planned(String name, String find, String... replacement) throws IOException {
    Sources.compile(List.of("-Afeedline.report=" + dir),
        Sources.pipeline(name, Sources.goodWith(find, replacement)));
    return Files.readAllLines(dir.resolve("test." + name + ".md")).contains(LINE);
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
}
