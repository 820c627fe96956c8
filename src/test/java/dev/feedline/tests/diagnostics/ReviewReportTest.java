package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -Afeedline.report=DIR}: one Markdown review report per pipeline. */
class ReviewReportTest {
  @TempDir Path dir;

  @Test
  void aReportListsStagesSizesThePlanAndTheDiagnosticsTheBuildReported() throws IOException {
    List<String> stages = Sources.goodWith("@Prefetch"); // ends with @Batch: a warning
    Sources.compile(List.of("-Afeedline.report=" + dir), Sources.pipeline("Reviewed", stages),
        Sources.pipeline("Broken", Sources.goodWith("@Batch", "  @Batch(size = 0) Image batch(Image image);")));

    List<String> reviewed = Files.readAllLines(dir.resolve("test.Reviewed.md"));
    assertEquals("# Pipeline `test.Reviewed`", reviewed.get(0));
    assertTrue(reviewed.contains("Generated class: `test.FeedlineReviewed`. RAM budget: 1.00 GiB."),
        reviewed.toString());
    assertTrue(reviewed.contains("| 4 | `decode` | `@Map(parallel = AUTO)` | `Image`: pixels"
        + " float32[8,8,3], label int64[] | 776 B | 1,000 |"), reviewed.toString());
    assertTrue(reviewed.contains("| `cache` | 1,000 elements | 758 KiB (0% of the budget) |"),
        reviewed.toString());
    // The plan the writers render: what is kept, how epochs run, where the memory guard looks.
    assertTrue(reviewed.contains("- Cached part: stages 1 to 5, built once per session and kept;"
        + " epoch part: stages 6 to 7, built again every epoch."), reviewed.toString());
    assertTrue(reviewed.contains("- Epochs after the first run one after another on one iterator"
        + " (acrossEpochs), without tf.data's autotuning: nothing after the cache to tune."),
        reviewed.toString());
    assertTrue(reviewed.contains("- Memory guard, before the first element: `cache` (every source"
        + " element), `shuffle` (every source element)."), reviewed.toString());
    assertTrue(reviewed.contains("| warning | `terminal-prefetch-autotune` | `batch` | Pipeline"
        + " Reviewed ends with @Batch 'batch' instead of @Prefetch, so input preparation cannot"
        + " overlap the training step; append `@Prefetch(AUTO) Image prefetch(Image batch);`. |"),
        reviewed.toString());

    List<String> broken = Files.readAllLines(dir.resolve("test.Broken.md"));
    assertTrue(broken.contains("| error | `invalid-parameter` | `batch` | @Batch 'batch' has size ="
        + " 0, but a batch holds at least 1 element; use a size of 1 or more. |"), broken.toString());
  }
}
