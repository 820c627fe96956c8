package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.feedline.processor.PipelineProcessor;
import dev.feedline.tests.support.SeenMessages;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Pipelines that use types another processor generates are retried when those types exist. */
class DeferredTypesTest {
  private static final JavaFileObject USES_LATER = Sources.source("UsesLater",
      "@Pipeline interface UsesLater {",
      "  @InMemorySource Later samples();",
      "  @Prefetch(AUTO) Later prefetch(Later sample);",
      "}");

  /** Generates the element record {@code test.Later} in its first round, as other processors do. */
  static final class LaterProcessor extends AbstractProcessor {
    private final String type;
    private final String source;
    private boolean done;

    LaterProcessor() {
      this("test.Later", "package test;\n"
          + "@dev.feedline.Element public record Later(\n"
          + "    @dev.feedline.Shape({}) org.tensorflow.Operand<org.tensorflow.types.TInt64> id) {}\n");
    }

    /** Generates {@code type} from {@code source} instead. */
    LaterProcessor(String type, String source) {
      this.type = type;
      this.source = source;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (Writer out = processingEnv.getFiler().createSourceFile(type).openWriter()) {
          out.write(source);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void aPipelineOverAGeneratedRecordIsGeneratedInALaterRound() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new PipelineProcessor(), new LaterProcessor())
        .compile(USES_LATER);

    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
    assertEquals(List.of(), feedline(compilation));
    assertTrue(compilation.generatedSourceFile("test.FeedlineUsesLater").isPresent());
  }

  @Test
  void aTypeThatNeverAppearsIsReportedOnceBesideJavacsOwnError() {
    Compilation compilation = SeenMessages.record(
        Compiler.javac().withProcessors(new PipelineProcessor()).compile(USES_LATER));

    assertEquals(Compilation.Status.FAILURE, compilation.status());
    assertOnly(compilation, Diagnostic.Kind.ERROR,
        "[feedline:unresolved-type] Pipeline UsesLater was not generated because type Later could"
            + " not be resolved; if another annotation processor generates it, check its errors"
            + " above.",
        USES_LATER, "@Pipeline interface UsesLater");
    assertTrue(compilation.errors().stream()
        .anyMatch(e -> e.getMessage(Locale.ROOT).contains("cannot find symbol")));
  }

  @Test
  void aPipelineWhoseGroupUsesAGeneratedRecordIsGeneratedInALaterRound() {
    JavaFileObject source = Sources.source("SharesLater",
        "@StageGroup interface LaterSamples {",
        "  @InMemorySource Later samples();",
        "}",
        "@Pipeline interface SharesLater extends LaterSamples {",
        "  @Prefetch(AUTO) Later prefetch(Later sample);",
        "}");
    Compilation compilation = Compiler.javac()
        .withProcessors(new PipelineProcessor(), new LaterProcessor())
        .compile(source);

    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
    assertEquals(List.of(), feedline(compilation));
    assertTrue(compilation.generatedSourceFile("test.FeedlineSharesLater").isPresent());
  }

  @Test
  void aPipelineExtendingAGeneratedGroupIsGeneratedInALaterRound() {
    JavaFileObject source = Sources.source("ExtendsLater",
        "@Pipeline interface ExtendsLater extends LaterGroup {",
        "  @Prefetch(AUTO) Sample prefetch(Sample sample);",
        "}");
    Compilation compilation = Compiler.javac()
        .withProcessors(new PipelineProcessor(), new LaterProcessor("test.LaterGroup",
            "package test;\n"
                + "@dev.feedline.StageGroup interface LaterGroup {\n"
                + "  @dev.feedline.InMemorySource Sample samples();\n"
                + "}\n"))
        .compile(source, Sources.RECORDS);

    assertEquals(Compilation.Status.SUCCESS, compilation.status(), compilation.diagnostics().toString());
    assertEquals(List.of(), feedline(compilation));
    assertTrue(compilation.generatedSourceFile("test.FeedlineExtendsLater").isPresent());
  }
}
