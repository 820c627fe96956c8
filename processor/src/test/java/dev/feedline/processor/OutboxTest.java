package dev.feedline.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Reporter;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.JavaFile;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.TypeSpec;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file whose code or text fails to be made is an internal error at its own declaration, and the
 * files before and after it in the round are still created.
 */
class OutboxTest {
  @Test
  void aFileThatFailsToBeBuiltOrWrittenLosesNoOtherFile(@TempDir Path dir) throws IOException {
    List<JavaFileObject> sources = Stream.of("Alpha", "Built", "Written", "Zeta")
        .map(name -> source(name, "class " + name + " {}")).toList();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path generated = Files.createDirectories(dir.resolve("generated"));
    JavaCompiler.CompilationTask task = javac.getTask(null, null, diagnostics,
        List.of("-proc:only", "-s", generated.toString()), null, sources);
    task.setProcessors(List.of(new OneFileEach()));

    assertFalse(task.call());

    List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .sorted(Comparator.comparing(d -> d.getSource().getName())).toList();
    assertEquals(2, errors.size(), errors.toString());
    assertEquals(sources.get(1), errors.get(0).getSource());
    assertTrue(errors.get(0).getMessage(Locale.ROOT).startsWith("[feedline:internal-error] The"
        + " Feedline processor failed on Built; please report it with this trace:"
        + " java.lang.IllegalStateException: no code for Built"), errors.get(0).getMessage(null));
    assertEquals(sources.get(2), errors.get(1).getSource());
    String written = errors.get(1).getMessage(Locale.ROOT);
    assertTrue(written.startsWith("[feedline:internal-error] The Feedline processor failed on"
        + " Written; please report it with this trace: "), written);
    assertTrue(written.contains("at dev.feedline.processor.writing.spec.SourceWriter.write("),
        "failed while its text was written: " + written);
    try (Stream<Path> files = Files.list(generated)) {
      assertEquals(List.of("GeneratedAlpha.java", "GeneratedZeta.java"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    assertTrue(Files.readString(generated.resolve("GeneratedZeta.java"))
        .contains("final class GeneratedZeta"));
  }

  /**
   * Adds one file per class of the compilation to an outbox: Built's code fails to build,
   * Written's text fails to be written (an unindent below the first level), the others succeed.
   */
  private static final class OneFileEach extends AbstractProcessor {
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
      Outbox outbox = new Outbox();
      for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
        String name = type.getSimpleName().toString();
        if (name.startsWith("Generated")) {
          continue;
        }
        Supplier<JavaFile> code = switch (name) {
          case "Built" -> () -> {
            throw new IllegalStateException("no code for Built");
          };
          case "Written" -> () -> file(name, CodeBlock.builder().add("$<").build());
          default -> () -> file(name, CodeBlock.of("return 1;\n"));
        };
        outbox.add(code, type, (report, why) -> report.at(type)
            .report(Message.INTERNAL_ERROR, name, why));
      }
      outbox.writeAll(processingEnv.getFiler(), new Reporter(processingEnv.getMessager(),
          new Options(Map.of())));
      return false;
    }

    private static JavaFile file(String name, CodeBlock body) {
      return JavaFile.builder("", TypeSpec.classBuilder("Generated" + name)
          .addModifiers(Modifier.FINAL)
          .addMethod(MethodSpec.methodBuilder("one").returns(int.class).addCode(body).build())
          .build()).build();
    }
  }

  private static JavaFileObject source(String name, String text) {
    return new SimpleJavaFileObject(URI.create("string:///" + name + ".java"),
        JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }
    };
  }
}
