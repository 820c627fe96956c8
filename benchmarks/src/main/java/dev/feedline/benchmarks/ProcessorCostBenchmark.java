package dev.feedline.benchmarks;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
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
 * writing, is (3) minus (2). It reports medians after warm-up rounds, of the compiling thread's
 * CPU time (javac compiles on the calling thread), which other work on a busy machine does not
 * inflate as it does wall time; wall time is printed beside it. It also times the CPU spent
 * inside each processor's own methods, where the two processors differ and nothing else does:
 * Feedline's own work is its time there less the copying processor's (whose time there is the
 * Filer's), a difference that javac's share of the noise does not blur.
 */
public final class ProcessorCostBenchmark {
  private static final String USAGE = "usage: ./feedline processor-cost [--pipelines N] [--runs N]";
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

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

    TimedProcessor copy = new TimedProcessor(() -> new CopyingProcessor(generated));
    TimedProcessor feedlineProcessor = new TimedProcessor(PipelineProcessor::new);
    Timing[] code = new Timing[runs];
    Timing[] floor = new Timing[runs];
    Timing[] feedline = new Timing[runs];
    long[] ownShare = new long[runs];
    for (int round = -3; round < runs; round++) { // three warm-up rounds first
      Timing a = compile(handWritten, dir, "code", List.of("-proc:none"), null);
      Timing b = compile(sources, dir, "copy", List.of(), copy);
      Timing c = compile(sources, dir, "feedline", List.of(), feedlineProcessor);
      if (round >= 0) {
        code[round] = a;
        floor[round] = b;
        feedline[round] = c;
        ownShare[round] = (c.inside - b.inside) * 100_000 / a.cpu; // thousandths of a percent
        out.printf(Locale.ROOT, "round %d: CPU (wall) ms: pipeline code %d (%d), copying processor"
            + " %d (%d), Feedline %d (%d); CPU inside the processor: copying %d, Feedline %d%n",
            round + 1, a.cpu, a.wall, b.cpu, b.wall, c.cpu, c.wall, b.inside, c.inside);
      }
    }
    long a = median(code, Timing::cpu);
    long b = median(floor, Timing::cpu);
    long c = median(feedline, Timing::cpu);
    out.printf(Locale.ROOT, "Medians of %d rounds, CPU time: compiling the pipeline code %d ms;"
        + " with a processor that only writes it %d ms (+%.1f%%); with Feedline %d ms (+%.1f%%), of"
        + " which Feedline's own checks and writing %+.1f%%%n", runs, a, b, 100.0 * (b - a) / a, c,
        100.0 * (c - a) / a, 100.0 * (c - b) / a);
    long bi = median(floor, Timing::inside);
    long ci = median(feedline, Timing::inside);
    double own = Arrays.stream(ownShare).sorted().toArray()[runs / 2] / 1000.0;
    out.printf(Locale.ROOT, "Medians of %d rounds, CPU inside the processors: copying %d ms,"
        + " Feedline %d ms; Feedline's own work, its time there less the copy's, against compiling"
        + " the pipeline code: %+.1f%% (median of the rounds' ratios)%n", runs, bi, ci, own);
    long aw = median(code, Timing::wall);
    long bw = median(floor, Timing::wall);
    long cw = median(feedline, Timing::wall);
    out.printf(Locale.ROOT, "Medians of %d rounds, wall time: %d ms; %d ms (+%.1f%%); %d ms"
        + " (+%.1f%%), own share %+.1f%%%n", runs, aw, bw, 100.0 * (bw - aw) / aw, cw,
        100.0 * (cw - aw) / aw, 100.0 * (cw - bw) / aw);
    out.printf(Locale.ROOT, "{\"pipelines\": %d, \"runs\": %d, \"measured_on\": \"thread_cpu_time\","
        + " \"code_ms\": %d, \"copying_processor_ms\": %d, \"feedline_ms\": %d,"
        + " \"processor_overhead\": %.3f, \"feedline_share\": %.3f, \"wall_feedline_share\": %.3f,"
        + " \"inside_feedline_share\": %.3f, \"load_average\": %.2f}%n", pipelines, runs, a, b,
        c, (double) (c - a) / a, (double) (c - b) / a, (double) (cw - bw) / aw, own / 100,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  /**
   * One compilation's CPU time on the compiling thread, its wall time, and the CPU time spent in
   * the processor's own methods, in milliseconds.
   */
  private record Timing(long cpu, long wall, long inside) {}

  /**
   * A new processor for each compilation, whose calls from javac are timed on the thread's CPU
   * clock: {@link #inside} is their total since the last {@link #get}.
   */
  static final class TimedProcessor implements Supplier<Processor> {
    private final Supplier<Processor> processors;
    private long nanos;

    TimedProcessor(Supplier<Processor> processors) {
      this.processors = processors;
    }

    @Override
    public Processor get() {
      nanos = 0;
      Processor processor = processors.get();
      return new Processor() {
        @Override
        public Set<String> getSupportedOptions() {
          return processor.getSupportedOptions();
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
          return processor.getSupportedAnnotationTypes();
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
          return processor.getSupportedSourceVersion();
        }

        @Override
        public void init(javax.annotation.processing.ProcessingEnvironment environment) {
          long start = CPU.getCurrentThreadCpuTime();
          processor.init(environment);
          nanos += CPU.getCurrentThreadCpuTime() - start;
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
          long start = CPU.getCurrentThreadCpuTime();
          try {
            return processor.process(annotations, round);
          } finally {
            nanos += CPU.getCurrentThreadCpuTime() - start;
          }
        }

        @Override
        public Iterable<? extends javax.annotation.processing.Completion> getCompletions(
            javax.lang.model.element.Element element,
            javax.lang.model.element.AnnotationMirror annotation,
            javax.lang.model.element.ExecutableElement member, String userText) {
          return processor.getCompletions(element, annotation, member, userText);
        }
      };
    }

    long inside() {
      return nanos / 1_000_000;
    }
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

  /** Compiles once, on this thread, and returns its CPU and wall time. */
  private static Timing compile(List<Path> sources, Path dir, String run, List<String> options,
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
      long cpuStart = CPU.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      boolean ok = task.call();
      long millis = (System.nanoTime() - start) / 1_000_000;
      long cpuMillis = (CPU.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
      List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
      if (!ok || !errors.isEmpty()) {
        throw new IllegalStateException("the corpus did not compile (" + run + "): " + errors);
      }
      return new Timing(cpuMillis, millis,
          processor instanceof TimedProcessor timed ? timed.inside() : 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long median(Timing[] timings, ToLongFunction<Timing> value) {
    long[] sorted = Arrays.stream(timings).mapToLong(value).sorted().toArray();
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
