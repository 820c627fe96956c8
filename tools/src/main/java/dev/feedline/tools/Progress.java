package dev.feedline.tools;

import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar with an ETA, redrawn in place, at most ten times a second. */
final class Progress {
  private static final int WIDTH = 30;

  private final PrintStream out;
  private final long total;
  /** What is counted, in the plural: "images", "rows". */
  private final String units;
  private final long start = System.nanoTime();
  private long lastDrawn;

  Progress(PrintStream out, long total, String units) {
    this.out = out;
    this.total = total;
    this.units = units;
  }

  void update(long done) {
    long now = System.nanoTime();
    if (done < total && now - lastDrawn < 100_000_000L) {
      return;
    }
    lastDrawn = now;
    double seconds = (now - start) / 1e9;
    double eta = done == 0 ? Double.NaN : seconds * (total - done) / done;
    int filled = (int) (WIDTH * done / Math.max(1, total));
    out.printf(Locale.ROOT, "\r[%s%s] %3d%% %,d/%,d %s, %s", "#".repeat(filled),
        " ".repeat(WIDTH - filled), 100 * done / Math.max(1, total), done, total, units,
        done == total ? String.format(Locale.ROOT, "%.1f s    %n", seconds)
            : Double.isNaN(eta) ? "ETA ?" : String.format(Locale.ROOT, "ETA %.0f s  ", eta));
    out.flush();
  }
}
