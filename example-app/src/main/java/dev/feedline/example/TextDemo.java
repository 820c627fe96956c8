package dev.feedline.example;

import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.TrainingStep;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;

/**
 * {@code ./feedline text [--epochs N] [--data DIR] [--batching bucketed|padded] [--model
 * word|feed-forward]}: trains a {@link SpellingModel} to tell a word's number of syllables from its
 * letters, on the training words of the CMU Pronouncing Dictionary subset, printing the letters'
 * vocabulary fitted over them and per epoch the batch shapes it saw, the share of padded
 * positions, the mean loss and examples/s.
 */
public final class TextDemo {
  static final Path DEFAULT_DATA = Path.of("target", "feedline-text");
  static final float LEARNING_RATE = 0.2f;
  private static final String USAGE = "usage: ./feedline text [--epochs N] [--data DIR]"
      + " [--batching bucketed|padded] [--model " + SpellingModel.options() + "]";

  private TextDemo() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Trains; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("data", DEFAULT_DATA.toString())
        .option("epochs", "5").option("batching", "bucketed")
        .option("model", SpellingModel.WORD.option());
    return LauncherCommand.run(args, spec, err, options -> {
      Path data = options.path("data");
      int epochs = options.positive("epochs");
      String batching = options.text("batching");
      if (!batching.equals("bucketed") && !batching.equals("padded")) {
        throw new IllegalArgumentException("--batching is bucketed or padded, not " + batching);
      }
      SpellingModel model = SpellingModel.named(options.text("model"));
      return () -> {
        SpellingDataset.writeUnlessPresent(data, out);
        train(data, epochs, batching.equals("bucketed"), model, out);
      };
    });
  }

  /**
   * One epoch's figures.
   *
   * @param positions the batches' positions, padded ones included: what a per-position model
   *     computes over
   * @param cpuSeconds the process's CPU time over the epoch, all its threads: what the epoch
   *     cost, which other processes taking the cores change less than its wall time
   * @param meanLoss NaN where no model trained
   */
  public record EpochFigures(long batches, long examples, long positions, double seconds,
      double cpuSeconds, double meanLoss, double paddedShare, Map<String, Integer> shapes) {
    /** The most frequent batch shapes first, such as {@code [64, 7] x 40}. */
    String shapesLine(int most) {
      return shapes.entrySet().stream()
          .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
              .thenComparing(Map.Entry.comparingByKey()))
          .limit(most)
          .map(e -> e.getKey() + " x " + e.getValue())
          .collect(Collectors.joining(", "))
          + (shapes.size() > most ? ", ... (" + shapes.size() + " shapes)" : "");
    }
  }

  /**
   * The bucketed pipeline's builder over the data set in {@code data}: the letters' vocabulary
   * fitted over the training words of the same files, kept in {@code data/vocabulary}.
   */
  static FeedlineSpellingPipelines_Bucketed.Builder bucketed(Path data) {
    return FeedlineSpellingPipelines_Bucketed.builder().files(shards(data))
        .trainingLetters(trainingLetters(data)).lettersCache(vocabularyCache(data));
  }

  /** The padded pipeline's builder, as {@link #bucketed}. */
  static FeedlineSpellingPipelines_Padded.Builder padded(Path data) {
    return FeedlineSpellingPipelines_Padded.builder().files(shards(data))
        .trainingLetters(trainingLetters(data)).lettersCache(vocabularyCache(data));
  }

  /** The training words' letters, which the vocabulary is fitted over. */
  static FeedlineSpellingPipelines_TrainingLetters.Builder trainingLetters(Path data) {
    return FeedlineSpellingPipelines_TrainingLetters.builder().files(shards(data));
  }

  private static String shards(Path data) {
    return data.resolve("*.tfrecord").toString();
  }

  private static String vocabularyCache(Path data) {
    return data.resolve("vocabulary").toString();
  }

  /** Trains {@code model} for {@code epochs}, printing each; returns the epochs' figures. */
  public static List<EpochFigures> train(Path data, int epochs, boolean bucketed,
      SpellingModel model, PrintStream out) {
    return run(data, epochs, bucketed, model, out);
  }

  /**
   * Fetches the batches of {@code epochs} without the model, printing each: what the batching
   * itself costs, for a benchmark to take from a training run's.
   */
  public static List<EpochFigures> batchesOnly(Path data, int epochs, boolean bucketed,
      PrintStream out) {
    return run(data, epochs, bucketed, null, out);
  }

  /** {@code model} null fetches the batches alone. */
  private static List<EpochFigures> run(Path data, int epochs, boolean bucketed,
      SpellingModel model, PrintStream out) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Word, ?> pipeline = bucketed ? bucketed(data).build(graph)
            : padded(data).build(graph)) {
      Ops tf = Ops.create(graph);
      Word batch = pipeline.output();
      // The letters of the training words, and one bucket for anything else: the vocabulary's
      // size, from the pipeline.
      FittedVocabulary vocabulary = pipeline.statistic("letters", FittedVocabulary.class);
      out.printf(Locale.ROOT, "Vocabulary fitted over the training words' %,d letters%s: %s,"
              + " and %d bucket for any other%n", vocabulary.count(),
          vocabulary.fit().cached() ? " (read from " + vocabulary.fit().cacheFile() + ")" : "",
          String.join(" ", vocabulary.tokenList()), vocabulary.oovBuckets());
      long letters = vocabulary.size();
      Operand<TInt32> shape = tf.shape(batch.ids());
      Operand<TInt32> realLetters = tf.reduceSum(batch.length(), tf.constant(0));
      WordModel trained = model == null ? null : new WordModel(tf, model, batch.ids(),
          batch.length(), batch.label(), letters, LEARNING_RATE);
      TrainingStep step = trained != null ? trained.step().fetching(shape, realLetters)
          : TrainingStep.of(List.of(), shape, realLetters);
      out.printf(Locale.ROOT, "%s %d epochs on %s batches of up to %d words%n",
          model == null ? "Fetching, without a model," : "Training the " + model.option()
              + " model", epochs, bucketed ? "bucketed" : "padded", SpellingPipelines.BATCH);
      List<EpochFigures> figures = new java.util.ArrayList<>();
      for (int e = 1; e <= epochs; e++) {
        Map<String, Integer> shapes = new TreeMap<>();
        long batches = 0;
        long examples = 0;
        long positions = 0;
        long real = 0;
        double lossSum = 0;
        long start = System.nanoTime();
        long cpuStart = processCpuNanos();
        try (EpochIterator<Result> steps = pipeline.steps(session, step)) {
          for (Result result : steps) {
            TInt32 dims = step.get(result, shape);
            int n = dims.getInt(0);
            int longest = dims.getInt(1);
            shapes.merge("[" + n + ", " + longest + "]", 1, Integer::sum);
            batches++;
            examples += n;
            positions += (long) n * longest;
            real += step.get(result, realLetters).getInt();
            lossSum += trained == null ? Double.NaN
                : step.get(result, trained.loss()).getFloat() * n;
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        EpochFigures epoch = new EpochFigures(batches, examples, positions, seconds, cpuSeconds,
            lossSum / examples,
            positions == 0 ? 0 : 1 - (double) real / positions, shapes);
        figures.add(epoch);
        out.printf(Locale.ROOT, "Epoch %d: %d batches, %,d examples, %,.0f examples/s, loss %.3f,"
                + " padded %.1f%% of positions%n", e, batches, examples, examples / seconds,
            epoch.meanLoss(), 100 * epoch.paddedShare());
        out.println("  Batch shapes: " + epoch.shapesLine(8));
      }
      return figures;
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
