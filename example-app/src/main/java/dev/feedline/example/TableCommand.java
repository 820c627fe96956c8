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
import org.tensorflow.Operand;
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

  /** The model's errors on the evaluation rows, and those of predicting the training mean. */
  private record Scores(Errors model, Errors baseline) {}

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
      printStatistics(features, price, out);
      PriceModel model = new PriceModel(Ops.create(graph), price.mean()[0],
          Math.sqrt(price.variance()[0]));

      Set<Long> trainingRows = new TreeSet<>();
      List<Double> losses = train(session, training, model, epochs, trainingRows, out);
      Set<Long> evaluationRows = new TreeSet<>();
      Scores scores = evaluate(session, evaluation, model, price.mean()[0], evaluationRows);
      TableRun run = new TableRun(trainingRows, evaluationRows, features,
          evaluation.statistic("features", Moments.class), price, losses, scores.model(),
          scores.baseline());
      print(run, out);
      return run;
    }
  }

  /** Trains {@code epochs}, adding the row numbers of the batches to {@code rows}; the losses. */
  private static List<Double> train(Session session, FeedlineHousingPipelines_Training training,
      PriceModel model, int epochs, Set<Long> rows, PrintStream out) {
    out.printf(Locale.ROOT, "Training %d epochs in batches of %d (loss: mean squared error"
        + " of the standardized price)%n", epochs, HousingPipelines.BATCH);
    Tract batch = training.output();
    TrainingStep step = model.train(batch.features(), batch.price(), LEARNING_RATE)
        .fetching(batch.row());
    List<Double> losses = new ArrayList<>();
    for (int epoch = 1; epoch <= epochs; epoch++) {
      double lossSum = 0;
      long seen = 0;
      try (EpochIterator<Result> steps = training.steps(session, step)) {
        for (Result result : steps) {
          TInt64 numbers = step.get(result, batch.row());
          long n = numbers.shape().get(0);
          for (long i = 0; i < n; i++) {
            rows.add(numbers.getLong(i));
          }
          lossSum += step.get(result, model.loss()).getFloat() * n;
          seen += n;
        }
      }
      losses.add(lossSum / seen);
      out.printf(Locale.ROOT, "Epoch %d: loss %.4f%n", epoch, lossSum / seen);
    }
    return losses;
  }

  /**
   * Scores the model on the evaluation rows, and predicting {@code trainingMean}, adding their
   * row numbers to {@code rows}.
   */
  private static Scores evaluate(Session session,
      FeedlineHousingPipelines_Evaluation evaluation, PriceModel model, double trainingMean,
      Set<Long> rows) {
    Tract batch = evaluation.output();
    Operand<TFloat32> predicted = model.predict(batch.features());
    TrainingStep score = TrainingStep.of(List.of(), predicted, batch.price(), batch.row());
    ErrorSums modelErrors = new ErrorSums();
    ErrorSums baselineErrors = new ErrorSums();
    try (EpochIterator<Result> steps = evaluation.steps(session, score)) {
      for (Result result : steps) {
        TFloat32 prediction = score.get(result, predicted);
        TFloat32 actual = score.get(result, batch.price());
        TInt64 numbers = score.get(result, batch.row());
        for (long i = 0; i < numbers.shape().get(0); i++) {
          rows.add(numbers.getLong(i));
          modelErrors.add(prediction.getFloat(i) - actual.getFloat(i));
          baselineErrors.add(trainingMean - actual.getFloat(i));
        }
      }
    }
    return new Scores(modelErrors.errors(), baselineErrors.errors());
  }

  /** Sums of squared and of absolute errors. */
  private static final class ErrorSums {
    private double squares;
    private double absolutes;
    private long count;

    void add(double error) {
      squares += error * error;
      absolutes += Math.abs(error);
      count++;
    }

    Errors errors() {
      return new Errors(Math.sqrt(squares / count), absolutes / count);
    }
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
