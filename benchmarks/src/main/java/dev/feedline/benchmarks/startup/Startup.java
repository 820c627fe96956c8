package dev.feedline.benchmarks.startup;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Start-up times against data size.
 *
 * @param runs every timed start-up, in the order run
 */
public record Startup(List<Run> runs) {
  /**
   * The start-ups over one data set.
   *
   * @param records the records the data set holds
   * @param firstRun seconds from {@code build()} to the first batch, no check remembered
   * @param again the same, in a later process, over the same unchanged files
   */
  public record Run(long records, double firstRun, double again) {}

  /** The data sizes measured, smallest first. */
  public List<Long> sizes() {
    return runs.stream().map(Run::records).distinct().sorted().toList();
  }

  /** The median over the runs over {@code records} of {@code value}. */
  public double median(long records, ToDoubleFunction<Run> value) {
    double[] sorted = runs.stream().filter(r -> r.records() == records).mapToDouble(value)
        .sorted().toArray();
    int n = sorted.length;
    return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The first run's median start-up over the largest data set over that over the smallest. */
  public double ratio() {
    List<Long> sizes = sizes();
    return sizes.isEmpty() ? Double.NaN
        : median(sizes.get(sizes.size() - 1), Run::firstRun) / median(sizes.get(0), Run::firstRun);
  }

  /** The same ratio for a later run, whose checks are remembered. */
  public double ratioAgain() {
    List<Long> sizes = sizes();
    return sizes.isEmpty() ? Double.NaN
        : median(sizes.get(sizes.size() - 1), Run::again) / median(sizes.get(0), Run::again);
  }

  /** A Markdown table of the medians. */
  public String markdown() {
    return markdown(false);
  }

  /**
   * A Markdown table of the medians, with each one's range over the runs when {@code ranges}: on a
   * machine that other work shares, the fastest run is the nearest to an idle one.
   */
  public String markdown(boolean ranges) {
    StringBuilder md = new StringBuilder("| records | × | first run s | later run s |\n"
        + "|---:|---:|---:|---:|\n");
    List<Long> sizes = sizes();
    for (long records : sizes) {
      md.append(String.format(Locale.ROOT, "| %,d | %d | %s | %s |%n", records,
          records / sizes.get(0), cell(records, Run::firstRun, ranges),
          cell(records, Run::again, ranges)));
    }
    return md.append(String.format(Locale.ROOT, "%nStart-up at %d× over 1×: %.2f on a first run,"
        + " %.2f on a later one.%n", sizes.isEmpty() ? 0 : sizes.get(sizes.size() - 1) / sizes.get(0),
        ratio(), ratioAgain())).toString();
  }

  private String cell(long records, ToDoubleFunction<Run> value, boolean range) {
    DoubleSummaryStatistics all = runs.stream().filter(r -> r.records() == records)
        .mapToDouble(value).summaryStatistics();
    return range ? String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", median(records, value),
        all.getMin(), all.getMax()) : String.format(Locale.ROOT, "%.3f", median(records, value));
  }

  /** The runs, as JSON objects. */
  public List<String> json() {
    List<String> objects = new ArrayList<>();
    for (Run run : runs) {
      objects.add(String.format(Locale.ROOT, "{\"records\": %d, \"first_run_s\": %.4f,"
          + " \"again_s\": %.4f}", run.records(), run.firstRun(), run.again()));
    }
    return objects;
  }
}
