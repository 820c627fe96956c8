package dev.feedline.benchmarks;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * {@code ./feedline processor-cost [--pipelines N] [--runs N]}: how much the Feedline processor
 * adds to javac. It writes a corpus of N pipelines (four shapes, each with its own records),
 * generates their classes once, and then compiles in this JVM, alternating per round:
 *
 * <ol>
 *   <li>the declarations and the generated classes as if written by hand, without processing:
 *       the pipeline code a project compiles either way;
 *   <li>the declarations with a processor that only writes those same classes through the Filer:
 *       the floor that javac's processing rounds set for any processor that generates sources;
 *   <li>the declarations with the Feedline processor, which checks, generates and compiles them.
 * </ol>
 *
 * <p>The processor's cost is (3) over (1); Feedline's own share of it, its checks and code
 * writing, is (3) minus (2). It reports medians after warm-up rounds.
 */
public final class ProcessorCostBenchmark {
  private static final String USAGE = "usage: ./feedline processor-cost [--pipelines N] [--runs N]";

  private ProcessorCostBenchmark() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Measures; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("pipelines", "200").option("runs", "7");
    return LauncherCommand.run(args, spec, err, options -> {
      int pipelines = options.positive("pipelines");
      int runs = options.positive("runs");
      return () -> {
        try (ScratchFolder corpus = ScratchFolder.create("corpus")) {
          measure(pipelines, runs, corpus.path(), out);
        }
      };
    });
  }

  private static void measure(int pipelines, int runs, Path dir, PrintStream out)
      throws IOException {
    List<Path> sources = Corpus.write(dir.resolve("src"), pipelines);
    compile(sources, dir, "generate", List.of("-proc:only"), PipelineProcessor::new);
    Path generated = dir.resolve("generated-generate");
    List<Path> handWritten = new ArrayList<>(sources);
    handWritten.addAll(list(generated));
    out.printf(Locale.ROOT, "Corpus: %d pipelines in %d declaration files; %d generated"
        + " classes, %,d lines%n", pipelines, sources.size(), handWritten.size() - sources.size(),
        lines(handWritten.subList(sources.size(), handWritten.size())));

    Supplier<Processor> copy = () -> new CopyingProcessor(generated);
    long[] code = new long[runs];
    long[] floor = new long[runs];
    long[] feedline = new long[runs];
    for (int round = -3; round < runs; round++) { // three warm-up rounds first
      long a = compile(handWritten, dir, "code", List.of("-proc:none"), null);
      long b = compile(sources, dir, "copy", List.of(), copy);
      long c = compile(sources, dir, "feedline", List.of(), PipelineProcessor::new);
      if (round >= 0) {
        code[round] = a;
        floor[round] = b;
        feedline[round] = c;
        out.printf(Locale.ROOT, "round %d: pipeline code %d ms, copying processor %d ms,"
            + " Feedline %d ms%n", round + 1, a, b, c);
      }
    }
    long a = median(code);
    long b = median(floor);
    long c = median(feedline);
    out.printf(Locale.ROOT, "Medians of %d rounds: compiling the pipeline code %d ms; with a"
        + " processor that only writes it %d ms (+%.1f%%); with Feedline %d ms (+%.1f%%), of which"
        + " Feedline's own checks and writing %+.1f%%%n", runs, a, b, 100.0 * (b - a) / a, c,
        100.0 * (c - a) / a, 100.0 * (c - b) / a);
    out.printf(Locale.ROOT, "{\"pipelines\": %d, \"runs\": %d, \"code_ms\": %d,"
        + " \"copying_processor_ms\": %d, \"feedline_ms\": %d, \"processor_overhead\": %.3f,"
        + " \"feedline_share\": %.3f}%n", pipelines, runs, a, b, c, (double) (c - a) / a,
        (double) (c - b) / a);
  }

  /** Writes pre-generated classes through the Filer in the first round, and nothing else. */
  static final class CopyingProcessor extends AbstractProcessor {
    private final Path from;
    private boolean done;

    CopyingProcessor(Path from) {
      this.from = from;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("dev.feedline.Pipeline");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (done) {
        return false;
      }
      done = true;
      try {
        for (Path file : list(from)) {
          String relative = from.relativize(file).toString();
          String name = relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
          try (Writer out = processingEnv.getFiler().createSourceFile(name).openWriter()) {
            out.write(Files.readString(file));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return false;
    }
  }

  /** Compiles once, in this JVM, and returns the wall time in milliseconds. */
  private static long compile(List<Path> sources, Path dir, String run, List<String> options,
      Supplier<Processor> processor) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      Path out = Files.createDirectories(dir.resolve("out-" + run));
      Path generated = Files.createDirectories(dir.resolve("generated-" + run));
      List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", out.toString(),
          "-s", generated.toString(), "-cp", System.getProperty("java.class.path"), "-Xlint:none",
          "-nowarn"));
      arguments.addAll(options);
      JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics, arguments, null,
          files.getJavaFileObjectsFromPaths(sources));
      if (processor != null) {
        task.setProcessors(List.of(processor.get()));
      }
      long start = System.nanoTime();
      boolean ok = task.call();
      long millis = (System.nanoTime() - start) / 1_000_000;
      List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
      if (!ok || !errors.isEmpty()) {
        throw new IllegalStateException("the corpus did not compile (" + run + "): " + errors);
      }
      return millis;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static long lines(List<Path> files) throws IOException {
    long lines = 0;
    for (Path file : files) {
      lines += Files.readAllLines(file).size();
    }
    return lines;
  }

  static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }
}
