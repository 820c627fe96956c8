package dev.feedline.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A corpus of valid pipelines for the processor-cost benchmark: four shapes in rotation (a TFRecord
 * image pipeline, an in-memory pipeline with filter and repeat, a sharded reader, a padded batch
 * of variable-length tokens), each pipeline in its own package with its own records.
 */
final class Corpus {
  static final String PROCESSOR = "dev.feedline.processor.PipelineProcessor";

  private Corpus() {}

  /** Writes {@code count} pipelines under {@code dir}; returns every source file. */
  static List<Path> write(Path dir, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      Path pkg = dir.resolve("corpus/p" + i);
      Files.createDirectories(pkg);
      Files.writeString(pkg.resolve("Raw.java"), header(i)
          + "@Element public record Raw(@Feature(\"image/encoded\") @Shape({}) Operand<TString> bytes,"
          + " @Shape({}) Operand<TInt64> label) {}\n");
      int side = 32 + 8 * (i % 8);
      Files.writeString(pkg.resolve("Img.java"), header(i)
          + "@Element public record Img(@Shape({" + side + ", " + side + ", 3}) Operand<TFloat32> pixels,"
          + " @Shape({}) Operand<TInt64> label) {}\n");
      Files.writeString(pkg.resolve("Tokens.java"), header(i)
          + "@Element public record Tokens(@Shape({-1}) Operand<TInt64> ids, @Shape({}) Operand<TInt64> label) {}\n");
      Files.writeString(pkg.resolve("Data" + i + ".java"), header(i) + pipeline(i, side));
    }
    return ProcessorCostBenchmark.list(dir);
  }

  private static String header(int i) {
    return "package corpus.p" + i + ";\n\n"
        + "import static dev.feedline.Feedline.AUTO;\n"
        + "import dev.feedline.*;\n"
        + "import org.tensorflow.Operand;\n"
        + "import org.tensorflow.op.Ops;\n"
        + "import org.tensorflow.op.image.DecodeJpeg;\n"
        + "import org.tensorflow.types.*;\n\n";
  }

  private static String pipeline(int i, int side) {
    String decode = "  @Map(parallel = AUTO) static Img decode(Ops tf, Raw raw) {\n"
        + "    Operand<TFloat32> pixels = tf.dtypes.cast(tf.image.decodeJpeg(raw.bytes(), DecodeJpeg.channels(3L)), TFloat32.class);\n"
        + "    Operand<TFloat32> resized = tf.image.resizeBilinear(tf.expandDims(pixels, tf.constant(0)), tf.constant(new int[] {"
        + side + ", " + side + "}));\n"
        + "    return new Img(tf.math.div(tf.squeeze(resized), tf.constant(255f)), raw.label());\n"
        + "  }\n";
    String body = switch (i % 4) {
      case 0 -> "  @TFRecordSource(files = 16, records = 4096) Operand<TString> files();\n"
          + "  @Interleave(cycleLength = 8, parallel = AUTO) Operand<TString> read(Operand<TString> f);\n"
          + "  @Decode(parallel = AUTO) Raw parse(Operand<TString> record);\n" + decode
          + "  @Cache Img cache(Img img);\n"
          + "  @Shuffle(buffer = 1000) Img shuffle(Img img);\n"
          + "  @Batch(size = 32) Img batch(Img img);\n"
          + "  @Prefetch(AUTO) Img prefetch(Img batch);\n";
      case 1 -> "  @InMemorySource(records = 512) Img images();\n"
          + "  @Filter static Operand<TBool> labelled(Ops tf, Img img) {\n"
          + "    return tf.math.greaterEqual(img.label(), tf.constant(0L));\n  }\n"
          + "  @Map(parallel = AUTO) static Img flip(Ops tf, Img img) {\n"
          + "    return new Img(tf.reverse(img.pixels(), tf.constant(new int[] {1})), img.label());\n  }\n"
          + "  @Shuffle(buffer = 256, seed = " + i + ") Img shuffle(Img img);\n"
          + "  @Batch(size = 16, dropRemainder = true) Img batch(Img img);\n"
          + "  @Repeat(count = 2) Img twice(Img batch);\n"
          + "  @Prefetch(AUTO) Img prefetch(Img batch);\n";
      case 2 -> "  @TFRecordSource(files = 64, records = 65536) Operand<TString> files();\n"
          + "  @Shard(workers = 4) Operand<TString> mine(Operand<TString> f);\n"
          + "  @Shuffle(buffer = 16, seed = 1) Operand<TString> order(Operand<TString> f);\n"
          + "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);\n"
          + "  @Decode(parallel = AUTO) Raw parse(Operand<TString> record);\n" + decode
          + "  @Batch(size = 64) Img batch(Img img);\n"
          + "  @Prefetch(AUTO) Img prefetch(Img batch);\n";
      default -> "  @InMemorySource(records = 1024) Tokens tokens();\n"
          + "  @Take(count = 1000) Tokens some(Tokens t);\n"
          + "  @PaddedBatch(size = 8) Tokens batch(Tokens t);\n"
          + "  @Prefetch(AUTO) Tokens prefetch(Tokens batch);\n";
    };
    return "@Pipeline(ramBudget = \"8GiB\")\npublic interface Data" + i + " {\n" + body + "}\n";
  }
}
