package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The classes generated for the example's {@code PhotoPipeline} and {@code TrainingPipeline} (with
 * device stages), character for character: the files a reviewer reads. Run with
 * {@code FEEDLINE_UPDATE_GOLDEN=1} to rewrite the golden files after an intended change, then
 * review their diff.
 */
class GoldenFileTest {
  private static final Path ROOT = Path.of(System.getProperty("feedline.root", "../.."));
  private static final Path EXAMPLE = ROOT.resolve("example-app/src/main/java/dev/feedline/example");
  private static final Path GOLDEN = ROOT.resolve("src/test/resources/golden");

  private static String generate(String pipeline) throws IOException {
    List<JavaFileObject> sources = List.of(source("EncodedPhoto"), source("Photo"),
        source("PhotoPipeline"), source("TrainingPipeline"));
    Compilation compilation = Compiler.javac().withProcessors(new PipelineProcessor()).compile(sources);
    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
    return compilation.generatedSourceFile("dev.feedline.example.Feedline" + pipeline)
        .orElseThrow()
        .getCharContent(true)
        .toString();
  }

  private static JavaFileObject source(String name) throws IOException {
    return JavaFileObjects.forSourceString("dev.feedline.example." + name,
        Files.readString(EXAMPLE.resolve(name + ".java")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"PhotoPipeline", "TrainingPipeline"})
  void theExamplePipelinesGenerateExactlyTheirGoldenFiles(String pipeline) throws IOException {
    String generated = generate(pipeline);
    Path golden = GOLDEN.resolve("Feedline" + pipeline + ".java.golden");
    if (System.getenv("FEEDLINE_UPDATE_GOLDEN") != null) {
      Files.writeString(golden, generated, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), generated);
  }

  @Test
  void rebuildingGivesTheSameBytes() throws IOException {
    assertEquals(generate("TrainingPipeline"), generate("TrainingPipeline"));
  }
}
