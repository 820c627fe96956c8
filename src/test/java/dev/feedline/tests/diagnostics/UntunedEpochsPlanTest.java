package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the epochs after the first run on one iterator without tf.data's autotune model
 * (docs/performance.md#epochs-after-the-first-without-autotuning): only where no stage after the
 * cache runs a function of the pipeline's. The generated builder names the options and says why,
 * the stage plan says so (a checkpoint of the tuned iterator does not restore untuned), and the
 * review report says which.
 */
class UntunedEpochsPlanTest {
  private static final String UNTUNED = "- Epochs after the first run one after another on one"
      + " iterator (acrossEpochs), without tf.data's autotuning: nothing after the cache to tune.";
  private static final String TUNED =
      "- Epochs after the first run one after another on one iterator (acrossEpochs).";
  private static final String OWN = "- Each epoch has an iterator of its own.";
  private static final String UNTUNED_CODE = "// Nothing after the cache to tune, so no autotune"
      + " model timing every element.\n          .acrossEpochs(DatasetOps.UNTUNED_EPOCH_OPTIONS)\n";

  @TempDir Path dir;

  /** What the plan decided: its report line on the epochs, and the generated code. */
  private record Planned(String reportLine, String code) {}

  private Planned plan(String name, List<String> stages) throws IOException {
    Compilation compilation =
        Sources.compile(List.of("-Afeedline.report=" + dir), Sources.pipeline(name, stages));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    String line = Files.readAllLines(dir.resolve("test." + name + ".md")).stream()
        .filter(l -> l.equals(UNTUNED) || l.equals(TUNED) || l.equals(OWN)).findFirst()
        .orElseThrow();
    return new Planned(line, compilation.generatedSourceFile("test.Feedline" + name)
        .orElseThrow().getCharContent(true).toString());
  }

  @Test
  void aShuffleABatchAndAPrefetchAfterTheCacheRunWithoutTheAutotuneModel() throws IOException {
    Planned planned = plan("Untuned", Sources.GOOD_STAGES);
    assertEquals(UNTUNED, planned.reportLine());
    assertTrue(planned.code().contains(UNTUNED_CODE), planned.code());
    assertTrue(planned.code().contains(" *  5 cache     @Cache, the epochs after it untuned\n"),
        "the stage plan, which the fingerprint hashes: a tuned iterator's checkpoint differs");
    assertFalse(planned.code().contains(".acrossEpochs(DatasetOps.EPOCH_OPTIONS)"));
  }

  @Test
  void aMapAfterTheCacheKeepsTheModelWhateverItsParallelism() throws IOException {
    List<List<String>> afterTheCache = List.of(
        List.of("  @Map(parallel = AUTO) static Image brighten(Ops tf, Image in) {",
            "    return new Image(tf.math.mul(in.pixels(), tf.constant(2f)), in.label());", "  }"),
        List.of("  @Map static Image darken(Ops tf, Image in) {",
            "    return new Image(tf.math.mul(in.pixels(), tf.constant(0.5f)), in.label());", "  }"),
        List.of("  @Map(parallel = 2) static Image dim(Ops tf, Image in) {",
            "    return new Image(tf.math.mul(in.pixels(), tf.constant(0.9f)), in.label());",
            "  }"));
    int n = 0;
    for (List<String> stage : afterTheCache) {
      List<String> stages = new ArrayList<>(
          Sources.goodWith("@Cache", "  @Cache Image cache(Image image);"));
      stages.addAll(stages.indexOf("  @Cache Image cache(Image image);") + 1, stage);
      Planned planned = plan("Tuned" + n++, stages);
      assertEquals(TUNED, planned.reportLine(), stage.get(0));
      assertTrue(planned.code().contains("\n          .acrossEpochs(DatasetOps.EPOCH_OPTIONS)\n"),
          planned.code());
      assertFalse(planned.code().contains("UNTUNED_EPOCH_OPTIONS"), stage.get(0));
      assertFalse(planned.code().contains("untuned"), stage.get(0));
    }
  }

  @Test
  void withoutACacheEachEpochHasItsOwnIteratorAndTheEpochOptions() throws IOException {
    Planned planned = plan("Uncached", Sources.goodWith("@Cache"));
    assertEquals(OWN, planned.reportLine());
    assertFalse(planned.code().contains(".acrossEpochs("), planned.code());
  }
}
