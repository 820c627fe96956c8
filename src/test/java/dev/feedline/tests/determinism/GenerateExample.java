package dev.feedline.tests.determinism;

import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Runs the processor over the example's pipelines in this JVM, whatever its default locale and
 * line separator, writing the generated sources and review reports under a folder:
 * {@code GenerateExample <example sources> <output folder>}.
 */
public final class GenerateExample {
  private GenerateExample() {}

  public static void main(String[] args) throws IOException {
    Path sources = Path.of(args[0]);
    Path out = Path.of(args[1]);
    Path generated = Files.createDirectories(out.resolve("generated"));
    Path reports = Files.createDirectories(out.resolve("reports"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null);
        Stream<Path> example = Files.list(sources)) {
      List<Path> pipelines = example.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("-proc:only", "-s", generated.toString(), "--release", "17",
              "-Afeedline.report=" + reports, "-classpath", System.getProperty("java.class.path")),
          null, files.getJavaFileObjectsFromPaths(pipelines));
      task.setProcessors(List.of(new PipelineProcessor()));
      if (!task.call()) {
        throw new IllegalStateException("the example did not compile: " + diagnostics.getDiagnostics());
      }
    }
  }
}
