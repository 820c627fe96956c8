package dev.feedline.example;

import dev.feedline.example.HousingPipelines.Tract;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.Moments;
import dev.feedline.runtime.TrainingStep;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * {@code ./feedline table [--epochs N] [--data DIR]}: the tabular example. Writes the Boston
 * house-price table, numbered, into DIR; splits it by row number into training and evaluation
 * rows ({@link HousingPipelines}); standardizes the features with moments fitted over the
 * training rows; trains {@link PriceModel} in the graph; and prints the split sizes, the fitted
 * statistics, the loss per epoch, the evaluation error against predicting the training mean,
 * and how many row numbers the two splits share, as read from both.
 */
public final class TableCommand {
  static final Path DEFAULT_DATA = Path.of("target", "feedline-table");
  static final String FILE = "boston-housing-numbered.csv";
  static final float LEARNING_RATE = 0.05f;
  /** The features of {@link Tract#features}, in order. */
  static final List<String> FEATURES = House.COLUMNS.subList(0, 12);
  private static final String USAGE = "usage: ./feedline table [--epochs N] [--data DIR]";

  private TableCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("data", DEFAULT_DATA.toString())
        .option("epochs", "40");
    return LauncherCommand.run(args, spec, err, options -> {
      Path data = options.path("data");
      int epochs = options.positive("epochs");
      return () -> table(data, epochs, out);
    });
  }

  /** An evaluation's errors, in $1000s. */
  record Errors(double rmse, double mae) {}

  /** What a run found: the row numbers of each side as read, statistics, losses, errors. */
  record TableRun(Set<Long> trainingRows, Set<Long> evaluationRows, Moments features,
      Moments evaluationFeatures, Moments price, List<Double> losses, Errors model,
      Errors baseline) {}

  /** Trains for {@code epochs} and evaluates, printing as it goes. */
  static TableRun table(Path data, int epochs, PrintStream out) throws IOException {
    String file = HousingDataset.writeNumbered(data.resolve(FILE)).toString();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var training = FeedlineHousingPipelines_Training.builder().files(file)
            .trainingRows(FeedlineHousingPipelines_TrainingRows.builder().files(file))
            .build(graph);
        var evaluation = FeedlineHousingPipelines_Evaluation.builder().files(file)
            .trainingRows(FeedlineHousingPipelines_TrainingRows.builder().files(file))
            .build(graph)) {
      Moments features = training.statistic("features", Moments.class);
      Moments price = training.statistic("price", Moments.class);
      double priceMean = price.mean()[0];
      PriceModel model = new PriceModel(Ops.create(graph), priceMean,
          Math.sqrt(price.variance()[0]));
      printStatistics(features, price, out);
      out.printf(Locale.ROOT, "Training %d epochs in batches of %d (loss: mean squared error"
          + " of the standardized price)%n", epochs, HousingPipelines.BATCH);
      Tract batch = training.output();
      TrainingStep step = model.train(batch.features(), batch.price(), LEARNING_RATE)
          .fetching(batch.row());

      Set<Long> trainingRows = new TreeSet<>();
      List<Double> losses = new ArrayList<>();
      for (int epoch = 1; epoch <= epochs; epoch++) {
        double lossSum = 0;
        long rows = 0;
        try (EpochIterator<Result> steps = training.steps(session, step)) {
          for (Result result : steps) {
            TInt64 numbers = step.get(result, batch.row());
            long n = numbers.shape().get(0);
            for (long i = 0; i < n; i++) {
              trainingRows.add(numbers.getLong(i));
            }
            lossSum += step.get(result, model.loss()).getFloat() * n;
            rows += n;
          }
        }
        losses.add(lossSum / rows);
        out.printf(Locale.ROOT, "Epoch %d: loss %.4f%n", epoch, lossSum / rows);
      }

      Tract rows = evaluation.output();
      var predicted = model.predict(rows.features());
      Set<Long> evaluationRows = new TreeSet<>();
      double[] modelSums = new double[2];
      double[] baselineSums = new double[2];
      TrainingStep score = TrainingStep.of(List.of(), predicted, rows.price(), rows.row());
      try (EpochIterator<Result> steps = evaluation.steps(session, score)) {
        for (Result result : steps) {
          TFloat32 prediction = score.get(result, predicted);
          TFloat32 actual = score.get(result, rows.price());
          TInt64 numbers = score.get(result, rows.row());
          for (long i = 0; i < numbers.shape().get(0); i++) {
            evaluationRows.add(numbers.getLong(i));
            add(modelSums, prediction.getFloat(i) - actual.getFloat(i));
            add(baselineSums, priceMean - actual.getFloat(i));
          }
        }
      }
      TableRun run = new TableRun(trainingRows, evaluationRows, features,
          evaluation.statistic("features", Moments.class), price, losses,
          errors(modelSums, evaluationRows.size()), errors(baselineSums, evaluationRows.size()));
      print(run, out);
      return run;
    }
  }

  private static void add(double[] sums, double error) {
    sums[0] += error * error;
    sums[1] += Math.abs(error);
  }

  private static Errors errors(double[] sums, int rows) {
    return new Errors(Math.sqrt(sums[0] / rows), sums[1] / rows);
  }

  private static void printStatistics(Moments features, Moments price, PrintStream out) {
    out.printf(Locale.ROOT, "Statistics fitted over the %d training rows, standardizing both"
        + " sides:%n", features.count());
    double[] means = features.mean();
    double[] variances = features.variance();
    for (int i = 0; i < FEATURES.size(); i++) {
      out.printf(Locale.ROOT, "  %-8s mean %9.4f  sd %9.4f%n", FEATURES.get(i), means[i],
          Math.sqrt(variances[i]));
    }
    out.printf(Locale.ROOT, "  %-8s mean %9.4f  sd %9.4f  (the price, $1000s)%n", "cmedv",
        price.mean()[0], Math.sqrt(price.variance()[0]));
  }

  private static void print(TableRun run, PrintStream out) {
    out.printf(Locale.ROOT, "Evaluation, %d rows: RMSE %.2f, MAE %.2f ($1000s); predicting the"
            + " training mean: RMSE %.2f, MAE %.2f%n", run.evaluationRows().size(),
        run.model().rmse(), run.model().mae(), run.baseline().rmse(), run.baseline().mae());
    out.printf(Locale.ROOT, "Split by row number (%d%% for evaluation): %d training rows,"
            + " %d evaluation rows, %d in all%n", HousingPipelines.EVAL_PERCENT,
        run.trainingRows().size(), run.evaluationRows().size(),
        run.trainingRows().size() + run.evaluationRows().size());
    Set<Long> shared = new TreeSet<>(run.trainingRows());
    shared.retainAll(run.evaluationRows());
    out.printf(Locale.ROOT, "The two splits share %d row numbers (as read from both)%n",
        shared.size());
  }
}
