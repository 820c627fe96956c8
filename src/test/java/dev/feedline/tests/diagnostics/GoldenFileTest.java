package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The classes generated for pipelines of every shape, character for character: the files a
 * reviewer reads. The example's photo pipeline, its augmented variant (a map seeded per element)
 * and training pipeline (device stages), and, from
 * the end-to-end tests' pipelines, an in-memory source with a filter and a repeat, a pipeline
 * without cache, a JPEG decode, a padded batch, a shard with a file cache, a seeded shuffle with
 * bad records skipped, a table's rows packed through a cache and a shuffle, names that clash with generated members, a seeded mix of two pipelines,
 * a train pipeline whose stages come from groups, one whose strings hold line ends, format
 * characters and a comment's end, {@code @Serving} pipelines with their serving functions (of
 * records; with a vocabulary; of CSV lines, a method of the built pipeline), statistics named
 * like the builder's members over a pipeline whose setter would be a keyword; and the writers
 * generated for records: the
 * example's photo, a sequence with a length and a default, a SequenceExample and fixed vectors of
 * every dtype. Run with
 * {@code FEEDLINE_UPDATE_GOLDEN=1} to rewrite the golden files after an intended change, then
 * review their diff.
 */
class GoldenFileTest {
  private static final Path ROOT = Path.of(System.getProperty("feedline.root", "../.."));
  private static final Path EXAMPLE = ROOT.resolve("example-app/src/main/java/dev/feedline/example");
  private static final Path PHOTOS = ROOT.resolve("photos/src/main/java/dev/feedline/photos");
  private static final Path TEST_PIPELINES =
      ROOT.resolve("src/test/java/dev/feedline/tests/pipelines");
  private static final Path GOLDEN = ROOT.resolve("src/test/resources/golden");

  /** One compilation of every source, shared by the shapes' tests. */
  private static Compilation shared;

  private static synchronized Compilation compiled() throws IOException {
    if (shared == null) {
      shared = compileAll();
    }
    return shared;
  }

  private static Compilation compileAll() throws IOException {
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(source("dev.feedline.photos.EncodedPhoto", PHOTOS.resolve("EncodedPhoto.java")));
    for (String name : List.of("Photo", "DecodedPhoto", "PhotoStages", "PhotoPipeline",
        "AugmentedPhotoPipeline", "TrainingPipeline")) {
      sources.add(source("dev.feedline.example." + name, EXAMPLE.resolve(name + ".java")));
    }
    try (Stream<Path> pipelines = Files.list(TEST_PIPELINES)) {
      pipelines.sorted().forEach(file -> sources.add(source("dev.feedline.tests.pipelines."
          + file.getFileName().toString().replace(".java", ""), file)));
    }
    Compilation compilation = Compiler.javac().withProcessors(new PipelineProcessor()).compile(sources);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
    return compilation;
  }

  private static JavaFileObject source(String name, Path file) {
    try {
      return JavaFileObjects.forSourceString(name, Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String generated(Compilation compilation, String qualifiedName) throws IOException {
    return compilation.generatedSourceFile(qualifiedName).orElseThrow()
        .getCharContent(true).toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "dev.feedline.example.FeedlinePhotoPipeline",
      "dev.feedline.example.FeedlineAugmentedPhotoPipeline",
      "dev.feedline.example.FeedlineTrainingPipeline",
      "dev.feedline.tests.pipelines.FeedlinePointsPipeline",
      "dev.feedline.tests.pipelines.FeedlineSourcePipelines_Mixed",
      "dev.feedline.tests.pipelines.FeedlineShardedRowsPipeline",
      "dev.feedline.tests.pipelines.FeedlineJpegPipelines_Scaled",
      "dev.feedline.tests.pipelines.FeedlineWordsPipeline",
      "dev.feedline.tests.pipelines.FeedlineWorkerCachedRowsPipeline",
      "dev.feedline.tests.pipelines.FeedlineShuffledSkippingRowsPipeline",
      "dev.feedline.tests.pipelines.FeedlineHousingPipelines_Packed",
      "dev.feedline.tests.pipelines.FeedlineShuffledLinesPipelines_Seeded",
      "dev.feedline.tests.pipelines.FeedlineClashingNamesPipelines_FileCached",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_RebatchedReviews",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_SortedReviews",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_Clips",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_ZlibPurchases",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_Sentences",
      "dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted",
      "dev.feedline.tests.pipelines.FeedlineEscapedStringsPipelines_Tags",
      "dev.feedline.photos.FeedlineEncodedPhotoWriter",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_ReviewWriter",
      "dev.feedline.tests.pipelines.FeedlineSequencePipelines_ClipWriter",
      "dev.feedline.tests.pipelines.FeedlineWriterPipelines_VectorsWriter",
      "dev.feedline.tests.pipelines.FeedlineSharedRowsPipelines_Train",
      "dev.feedline.tests.pipelines.FeedlineServingPipelines_Trained",
      "dev.feedline.tests.pipelines.FeedlineServingPipelines_Spelled",
      "dev.feedline.tests.pipelines.FeedlineServingPipelines_Sales",
      "dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Cached",
      "dev.feedline.tests.pipelines.FeedlineGlobalShufflePipelines_Mapped",
      "dev.feedline.tests.pipelines.FeedlineClashingStatisticsPipelines_Clashing"})
  void everyShapeGeneratesExactlyItsGoldenFile(String generatedClass) throws IOException {
    String generated = generated(compiled(), generatedClass);
    String simpleName = generatedClass.substring(generatedClass.lastIndexOf('.') + 1);
    Path golden = GOLDEN.resolve(simpleName + ".java.golden");
    if (System.getenv("FEEDLINE_UPDATE_GOLDEN") != null) {
      Files.writeString(golden, generated, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), generated);
  }

  /**
   * Every line of every golden file, pipelines and writers, fits in 100 characters; imports and
   * the package, which Java cannot break, aside.
   */
  @Test
  void noGoldenLineIsLongerThan100Characters() throws IOException {
    List<String> longer = new ArrayList<>();
    try (Stream<Path> goldens = Files.list(GOLDEN)) {
      for (Path golden : goldens.sorted().toList()) {
        List<String> lines = Files.readAllLines(golden, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          if (line.length() > 100 && !line.startsWith("import ") && !line.startsWith("package ")) {
            longer.add(golden.getFileName() + ":" + (i + 1) + " (" + line.length() + "): " + line);
          }
        }
      }
    }
    assertEquals(List.of(), longer);
  }

  @Test
  void rebuildingGivesTheSameBytes() throws IOException {
    assertEquals(generated(compileAll(), "dev.feedline.example.FeedlineTrainingPipeline"),
        generated(compileAll(), "dev.feedline.example.FeedlineTrainingPipeline"));
  }
}
