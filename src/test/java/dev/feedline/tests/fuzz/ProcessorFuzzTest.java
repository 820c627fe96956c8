package dev.feedline.tests.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzes the processor with random and mutated declarations ({@link DeclarationGenerator}). Every
 * declaration must end in generated code that compiles, with no line over 100 characters but an
 * import, or in diagnostics on its own file; the processor must never throw out of javac or report
 * an internal error.
 *
 * <p>The default run compiles 1,000 declarations. The long run, twenty times as many:
 * {@code mvn -B verify -pl src/test -am -Dtest=ProcessorFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfeedline.fuzz.count=20000}; another corpus with {@code -Dfeedline.fuzz.seed=N}. A failure
 * prints the offending source; the run ends with a count of generated and reported declarations.
 */
class ProcessorFuzzTest {
  private static final int PER_COMPILATION = 50;
  private int generatedCount;
  private int reportedCount;

  @TempDir Path dir;

  /** A declaration held in memory. */
  private static final class Unit extends SimpleJavaFileObject {
    final String name;
    final String source;

    Unit(String name, String source) {
      super(URI.create("string:///fuzz/" + name + ".java"), Kind.SOURCE);
      this.name = name;
      this.source = source;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return source;
    }
  }

  @Test
  void everyDeclarationEndsInCompilingCodeOrInDiagnosticsAndNeverInACrash() throws IOException {
    int count = Integer.getInteger("feedline.fuzz.count", 1_000);
    long seed = Long.getLong("feedline.fuzz.seed", 1L);
    for (int first = 0; first < count; first += PER_COMPILATION) {
      List<Unit> together = new ArrayList<>();
      List<Unit> alone = new ArrayList<>();
      for (int i = first; i < Math.min(count, first + PER_COMPILATION); i++) {
        String name = "P" + i;
        DeclarationGenerator generator = new DeclarationGenerator(seed * 1_000_003 + i, name);
        (generator.stopsJavacEarly() ? alone : together).add(new Unit(name, generator.source()));
      }
      // javac skips annotation processing for a whole compilation once an early error (an
      // illegal modifier, a bad annotation value) occurs: such units are compiled alone, and so
      // is any other unit the shared compilation left without an answer.
      alone.addAll(compileAndCheck(together, dir.resolve("batch" + first)));
      for (Unit unit : alone) {
        if (!compileAndCheck(List.of(unit), dir.resolve("alone-" + unit.name)).isEmpty()) {
          fail("neither generated nor reported:\n" + unit.source);
        }
      }
    }
    System.out.printf(Locale.ROOT, "Fuzzed %,d declarations (seed %d): %,d generated code that"
        + " compiles, %,d were reported on, none crashed the processor.%n", count, seed,
        generatedCount, reportedCount);
  }

  /** Compiles the units together; returns those neither generated nor reported on. */
  private List<Unit> compileAndCheck(List<Unit> units, Path out) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path classes = Files.createDirectories(out.resolve("classes"));
    Path generated = Files.createDirectories(out.resolve("generated"));
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
          List.of("--release", "17", "-d", classes.toString(), "-s", generated.toString(),
              "-cp", System.getProperty("java.class.path"), "-Xmaxerrs", "100000", "-Xmaxwarns",
              "100000"),
          null, units);
      task.setProcessors(List.of(new PipelineProcessor()));
      try {
        task.call();
      } catch (RuntimeException crash) {
        fail("javac crashed on one of these declarations:\n" + sources(units), crash);
      }
    }
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      if (message.startsWith("[feedline:internal-error]")) {
        fail("internal error: " + message + "\nin:\n" + sourceOf(units, d));
      }
      if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null
          && d.getSource().toUri().toString().contains("/generated/")) {
        fail("generated code does not compile: " + d + "\n" + Files.readString(Path.of(d.getSource().toUri()))
            + "\nfrom:\n" + sources(units));
      }
    }
    try (java.util.stream.Stream<Path> files = Files.walk(generated)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          String line = lines.get(i);
          if (line.length() > 100 && !line.startsWith("import ")) {
            fail("line " + (i + 1) + " of " + file.getFileName() + " is " + line.length()
                + " characters long:\n" + line + "\nfrom:\n" + sources(units));
          }
        }
      }
    }
    List<Unit> unanswered = new ArrayList<>();
    for (Unit unit : units) {
      boolean generatedCode = Files.exists(generated.resolve("fuzz/Feedline" + unit.name + ".java"))
          || Files.exists(generated.resolve("fuzz/Feedline" + unit.name + "Outer_" + unit.name + ".java"));
      boolean reported = diagnostics.getDiagnostics().stream()
          .anyMatch(d -> d.getSource() != null && d.getSource().toUri().equals(unit.toUri()));
      if (generatedCode) {
        generatedCount++;
      } else if (reported) {
        reportedCount++;
      } else {
        unanswered.add(unit);
      }
    }
    return unanswered;
  }

  private static String sourceOf(List<Unit> units, Diagnostic<? extends JavaFileObject> d) {
    return units.stream()
        .filter(u -> d.getSource() != null && u.toUri().equals(d.getSource().toUri()))
        .map(u -> u.source)
        .findFirst()
        .orElse(sources(units));
  }

  private static String sources(List<Unit> units) {
    StringBuilder all = new StringBuilder();
    units.forEach(u -> all.append("// ").append(u.name).append('\n').append(u.source).append('\n'));
    return all.toString();
  }
}
