package dev.feedline.tests.support;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.feedline.processor.PipelineProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Test sources for the processor: element records shared by every test, and a valid pipeline to
 * break one line at a time.
 */
public final class Sources {
  private static final String HEADER = String.join("\n",
      "package test;",
      "",
      "import static dev.feedline.Feedline.AUTO;",
      "",
      "import dev.feedline.*;",
      "import org.tensorflow.Operand;",
      "import org.tensorflow.op.Ops;",
      "import org.tensorflow.types.*;",
      "");

  /** The element records every test pipeline may use. */
  public static final JavaFileObject RECORDS = source("Records",
      "final class Records {",
      "  private Records() {}",
      "}",
      "@Element record Encoded(@Shape({}) Operand<TString> bytes, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Image(@Shape({8, 8, 3}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Sample(@Shape({}) Operand<TInt64> id, @Shape({2}) Operand<TFloat32> xy) {}",
      "@Element record Small(@Shape({8, 8, 3}) Operand<TUint8> pixels, @Shape({}) Operand<TInt64> label) {}",
      "@Element record Big(@Shape({512, 512, 3}) Operand<TFloat32> pixels) {}",
      "@Element record Narrow(@Shape({8, 8, 3}) Operand<TUint8> pixels) {}",
      "@Element record Wide(@Shape({8, 8, 3}) Operand<TFloat32> pixels) {}",
      "@Element record Tokens(@Shape({-1}) Operand<TInt32> ids, @Shape({}) Operand<TInt64> label) {}",
      "@Element record ImageSample(@Shape({8, 8, 3}) Operand<TFloat32> pixels,"
          + " @Shape({}) Operand<TInt64> label, @Shape({}) Operand<TInt64> id,"
          + " @Shape({2}) Operand<TFloat32> xy) {}");

  /**
   * Pipelines other pipelines read, one per line, to nest in a test pipeline: {@code Left} and
   * {@code Right} hand out 600 images each, {@code Samples} 600 samples and {@code FewSamples}
   * 500, {@code Endless} images
   * forever, {@code Batched} and {@code BatchedToo} batches of 4 images.
   */
  public static final List<String> READ_PIPELINES = List.of(
      "  @Pipeline interface Left { @InMemorySource(records = 600) Image images();"
          + " @Prefetch(AUTO) Image prefetch(Image image); }",
      "  @Pipeline interface Right { @InMemorySource(records = 600) Image images();"
          + " @Prefetch(AUTO) Image prefetch(Image image); }",
      "  @Pipeline interface Samples { @InMemorySource(records = 600) Sample samples();"
          + " @Prefetch(AUTO) Sample prefetch(Sample sample); }",
      "  @Pipeline interface FewSamples { @InMemorySource(records = 500) Sample samples();"
          + " @Prefetch(AUTO) Sample prefetch(Sample sample); }",
      "  @Pipeline interface Endless { @InMemorySource(records = 600) Image images();"
          + " @Repeat Image again(Image image); @Prefetch(AUTO) Image prefetch(Image image); }",
      "  @Pipeline interface Batched { @InMemorySource(records = 600) Image images();"
          + " @Batch(size = 4) Image batch(Image image); @Prefetch(AUTO) Image prefetch(Image b); }",
      "  @Pipeline interface BatchedToo { @InMemorySource(records = 600) Image images();"
          + " @Batch(size = 4) Image batch(Image image); @Prefetch(AUTO) Image prefetch(Image b); }");

  /** The stages of a pipeline that compiles without any diagnostic, one per line. */
  public static final List<String> GOOD_STAGES = List.of(
      "  @TFRecordSource(records = 1000) Operand<TString> files();",
      "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);",
      "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);",
      "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in) {",
      "    return new Image(tf.zeros(tf.constant(new int[] {8, 8, 3}), TFloat32.class), in.label());",
      "  }",
      "  @Cache Image cache(Image image);",
      "  @Shuffle(buffer = 100) Image shuffle(Image image);",
      "  @Batch(size = 4) Image batch(Image image);",
      "  @Prefetch(AUTO) Image prefetch(Image batch);");

  private Sources() {}

  /** A source file {@code test.<name>} with the common imports. */
  public static JavaFileObject source(String name, String... lines) {
    return JavaFileObjects.forSourceString("test." + name, HEADER + String.join("\n", lines) + "\n");
  }

  /** A pipeline interface {@code test.<name>} with a 1 GiB budget and the given stage lines. */
  public static JavaFileObject pipeline(String name, List<String> stages) {
    return pipeline("@Pipeline(ramBudget = \"1GiB\")", name, stages);
  }

  /** A pipeline interface {@code test.<name>}, annotated as given, with the given stage lines. */
  public static JavaFileObject pipeline(String annotations, String name, List<String> stages) {
    List<String> lines = new ArrayList<>();
    lines.add(annotations + " interface " + name + " {");
    lines.addAll(stages);
    lines.add("}");
    return source(name, lines.toArray(String[]::new));
  }

  /** The good pipeline with the line containing {@code find} replaced by {@code replacement} lines. */
  public static List<String> goodWith(String find, String... replacement) {
    List<String> lines = new ArrayList<>();
    boolean found = false;
    for (String line : GOOD_STAGES) {
      if (line.contains(find)) {
        lines.addAll(List.of(replacement));
        found = true;
      } else {
        lines.add(line);
      }
    }
    if (!found) {
      throw new IllegalArgumentException("no good stage contains " + find);
    }
    return lines;
  }

  /** Compiles the sources with the records and the processor, with {@code -A} options. */
  public static Compilation compile(List<String> options, JavaFileObject... sources) {
    List<JavaFileObject> all = new ArrayList<>(List.of(sources));
    all.add(RECORDS);
    return SeenMessages.record(Compiler.javac()
        .withProcessors(new PipelineProcessor())
        .withOptions(options)
        .compile(all));
  }

  public static Compilation compile(JavaFileObject... sources) {
    return compile(List.of(), sources);
  }

  /** A compilation by ecj, with the files it read: the given sources, written to disk. */
  public record EclipseRun(Compilation compilation, List<JavaFileObject> files) {}

  /**
   * Runs the processor under the Eclipse compiler (ecj), as Eclipse users see it. ecj reads
   * sources from files, so they are written to {@code dir} first; only annotation processing
   * runs, which is where every Feedline diagnostic comes from.
   */
  public static EclipseRun compileWithEclipse(
      Path dir, List<String> options, JavaFileObject... sources) {
    List<JavaFileObject> files = new ArrayList<>();
    for (JavaFileObject source : sources) {
      files.add(onDisk(dir, source));
    }
    List<JavaFileObject> all = new ArrayList<>(files);
    all.add(onDisk(dir, RECORDS));
    List<String> arguments = new ArrayList<>(List.of("--release", "17", "-proc:only"));
    arguments.addAll(options);
    Compilation compilation = SeenMessages.record(Compiler.compiler(new QuietEclipseCompiler())
        .withProcessors(new PipelineProcessor())
        .withOptions(arguments)
        .compile(all));
    return new EclipseRun(compilation, files);
  }

  private static JavaFileObject onDisk(Path dir, JavaFileObject source) {
    try {
      Path file = dir.resolve(source.getName().replaceFirst("^/", ""));
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getCharContent(true));
      return JavaFileObjects.forResource(file.toUri().toURL());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
