package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * Where the plan packs a vectorized parse's rows until the batch (docs/performance.md#packed-rows):
 * only where packing at least halves the tensors a row, and only through stages that pass elements
 * on whole up to a {@code @Batch}. The review report says so, and the generated class compiles.
 */
class PackedRowsPlanTest {
  private static final String PACKED = "- Packed rows: `parse` packs each row into one tensor per"
      + " dtype, `batch` unpacks the batches.";
  private static final String NONE = "- No packed rows.";
  private static final String WINDOWS = "- Shuffled windows: the rows of `parse` travel in chunks"
      + " of 32 to `batch`, `shuffle` shuffles them a window at a time, %d chunks in its buffer.";
  private static final String NO_WINDOWS = "- No shuffled windows.";

  @TempDir Path dir;

  /** The parse of {@code element}, then {@code between}, then a batch: the plan's line on it. */
  private String plan(String name, String element, String... between) throws IOException {
    return planLines(name, element, between).get(0);
  }

  /** The plan's lines on packed rows and on shuffled windows. */
  private List<String> planLines(String name, String element, String... between)
      throws IOException {
    Compilation compilation = Sources.compile(List.of("-Afeedline.report=" + dir),
        Sources.pipeline(name, stages(element, between)));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    return Files.readAllLines(dir.resolve("test." + name + ".md")).stream()
        .filter(line -> line.equals(PACKED) || line.equals(NONE)
            || line.startsWith("- Shuffled windows:") || line.equals(NO_WINDOWS)).toList();
  }

  private static List<String> stages(String element, String... between) {
    List<String> stages = new ArrayList<>(List.of(
        "  @TFRecordSource(records = 1000) Operand<TString> files();",
        "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
        "  @Decode(parallel = AUTO) " + element + " parse(Operand<TString> record);"));
    stages.addAll(List.of(between));
    stages.add("  @Batch(size = 4) " + element + " batch(" + element + " row);");
    stages.add("  @Prefetch(AUTO) " + element + " prefetch(" + element + " batch);");
    return stages;
  }

  @Test
  void fourComponentsOfTwoDtypesTravelPackedThroughACacheAndAShuffle() throws IOException {
    assertEquals(List.of(PACKED, NO_WINDOWS), planLines("Cached", "ImageSample",
        "  @Cache ImageSample cache(ImageSample s);",
        "  @Shuffle(buffer = 100) ImageSample shuffle(ImageSample s);"));
    assertEquals(PACKED, plan("Direct", "ImageSample"));
  }

  /**
   * The rows stay in the parse's chunks, shuffled a window at a time, only where caches and then
   * one shuffle come between the parse and the batch, and epoch 1 does not shuffle the records as
   * read (here it does where the shuffle after the cache reshuffles every epoch, above): a stage
   * that counts rows (a skip) or comes after the shuffle keeps them one by one, and so does a
   * buffer smaller than a chunk.
   */
  @Test
  void rowsStayInChunksOnlyWhereCachesThenOneShuffleComeBetween() throws IOException {
    String sameOrder = "  @Shuffle(buffer = 100, reshuffleEachEpoch = false)"
        + " ImageSample shuffle(ImageSample s);";
    String cache = "  @Cache ImageSample cache(ImageSample s);";
    assertEquals(List.of(PACKED, WINDOWS.formatted(4)),
        planLines("Windows", "ImageSample", cache, sameOrder));
    assertEquals(List.of(PACKED, NO_WINDOWS), planLines("Skipped", "ImageSample", cache,
        "  @Skip(count = 3) ImageSample skip(ImageSample s);", sameOrder));
    assertEquals(List.of(PACKED, NO_WINDOWS),
        planLines("ShuffledFirst", "ImageSample", sameOrder, cache));
    assertEquals(List.of(PACKED, NO_WINDOWS), planLines("SmallBuffer", "ImageSample", cache,
        "  @Shuffle(buffer = 31, reshuffleEachEpoch = false) ImageSample shuffle(ImageSample s);"));
  }

  /**
   * A text source's lines travel in chunks of 256 to the batch where a cache and a shuffle of at
   * least a chunk come between, and not where a map looks at each line or the buffer is smaller.
   */
  @Test
  void linesTravelInChunksOnlyWhereCachesThenOneShuffleComeBetween() throws IOException {
    List<String> lines = new ArrayList<>();
    for (String between : List.of(
        "  @Cache Operand<TString> cache(Operand<TString> line);\n"
            + "  @Shuffle(buffer = 300) Operand<TString> shuffle(Operand<TString> line);",
        "  @Cache Operand<TString> cache(Operand<TString> line);\n"
            + "  @Shuffle(buffer = 100) Operand<TString> shuffle(Operand<TString> line);",
        "  @Map static Operand<TString> lower(Ops tf, Operand<TString> line) {\n"
            + "    return tf.strings.lower(line);\n  }\n"
            + "  @Shuffle(buffer = 300) Operand<TString> shuffle(Operand<TString> line);")) {
      String name = "Lines" + lines.size();
      Compilation compilation = Sources.compile(List.of("-Afeedline.report=" + dir),
          Sources.pipeline(name, List.of(
              "  @TextLineSource Operand<TString> files();",
              "  @Interleave(cycleLength = 2, parallel = AUTO)"
                  + " Operand<TString> lines(Operand<TString> file);",
              between,
              "  @Batch(size = 8) Operand<TString> batch(Operand<TString> line);")));
      assertEquals(Compilation.Status.SUCCESS, compilation.status(),
          compilation.diagnostics().toString());
      lines.add(Files.readAllLines(dir.resolve("test." + name + ".md")).stream()
          .filter(line -> line.startsWith("- Shuffled windows:") || line.equals(NO_WINDOWS))
          .findFirst().orElseThrow());
    }
    assertEquals(List.of("- Shuffled windows: the lines of `lines` travel in chunks of 256 to"
        + " `batch`, `shuffle` shuffles them a window at a time, 2 chunks in its buffer.",
        NO_WINDOWS, NO_WINDOWS), lines);
  }

  @Test
  void notWherePackingSavesLessThanHalfOrAStageBetweenLooksIntoTheRow() throws IOException {
    List<String> packed = new ArrayList<>();
    if (plan("TwoDtypes", "Sample").equals(PACKED)) {
      packed.add("two components of two dtypes");
    }
    if (plan("Mapped", "ImageSample", "  @Map static ImageSample same(Ops tf, ImageSample s) {",
        "    return s;", "  }").equals(PACKED)) {
      packed.add("a map between the parse and the batch");
    }
    if (plan("Filtered", "ImageSample",
        "  @Filter static Operand<TBool> keep(Ops tf, ImageSample s) {",
        "    return tf.math.greater(s.label(), tf.constant(0L));", "  }").equals(PACKED)) {
      packed.add("a filter between the parse and the batch");
    }
    assertEquals(List.of(), packed);
  }
}
