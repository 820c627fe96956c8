package dev.feedline.benchmarks.images;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws the benchmark's plot with Java2D: images/s per variant (epoch 1 and later epochs, on a
 * logarithmic axis) and the training loop's fraction of time waiting for input, over the machine
 * they were measured on.
 */
final class Chart {
  private static final Color FIRST = new Color(0x4C72B0);
  private static final Color LATER = new Color(0xDD8452);
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 505;

  private Chart() {}

  static void write(Results results, Path file) throws IOException {
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, HEIGHT);
    throughput(g, results, 20, 40, 700, 380);
    waiting(g, results, 770, 40, 310, 380);
    legend(g, 20, HEIGHT - 55);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    g.setColor(Color.GRAY);
    g.drawString(results.machine().cpu() + ", " + results.machine().cores() + " cores; "
        + results.machine().tensorFlow() + "; load average " + results.machine().loadRange(),
        20, HEIGHT - 15);
    g.dispose();
    ImageIO.write(image, "png", file.toFile());
  }

  /** Horizontal bars, two per variant, on a log axis from 100 to 100,000 images/s. */
  private static void throughput(Graphics2D g, Results results, int x, int y, int w, int h) {
    title(g, "Images/s per variant (log scale)", x, y - 12);
    List<Variant> variants = results.variants();
    int label = 150;
    int plotX = x + label;
    int plotW = w - label - 10;
    axisLog(g, plotX, y, plotW, h);
    int row = h / variants.size();
    for (int i = 0; i < variants.size(); i++) {
      Variant v = variants.get(i);
      int top = y + i * row + 6;
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      g.drawString(v.id(), x, top + row / 2);
      bar(g, plotX, top, plotW, row / 2 - 6, results.median(v, Measurement::firstEpoch), FIRST);
      bar(g, plotX, top + row / 2 - 4, plotW, row / 2 - 6,
          results.median(v, Measurement::laterEpochs), LATER);
    }
  }

  private static void axisLog(Graphics2D g, int x, int y, int w, int h) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    for (int power = 2; power <= 5; power++) {
      int tick = x + (int) ((power - 2) / 3.0 * w);
      g.setColor(new Color(0xDDDDDD));
      g.setStroke(new BasicStroke(1));
      g.drawLine(tick, y, tick, y + h);
      g.setColor(Color.GRAY);
      g.drawString(String.format(Locale.ROOT, "%,d", (long) Math.pow(10, power)), tick - 12, y + h + 14);
    }
  }

  private static void bar(Graphics2D g, int x, int y, int w, int h, double value, Color color) {
    if (!(value > 0)) {
      return;
    }
    double position = (Math.log10(Math.max(value, 100)) - 2) / 3.0;
    int length = (int) Math.min(w, position * w);
    g.setColor(color);
    g.fillRect(x, y, Math.max(1, length), h);
    g.setColor(Color.DARK_GRAY);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    g.drawString(String.format(Locale.ROOT, "%,.0f", value), x + length + 4, y + h - 2);
  }

  /** Vertical bars: the share of each step spent waiting for the next batch. */
  private static void waiting(Graphics2D g, Results results, int x, int y, int w, int h) {
    title(g, "Training loop: time waiting for input", x, y - 12);
    List<Measurement> runs = results.training();
    int base = y + h - 20;
    int plotH = h - 40;
    g.setColor(new Color(0xDDDDDD));
    for (int percent = 0; percent <= 100; percent += 25) {
      int tick = base - percent * plotH / 100;
      g.drawLine(x + 30, tick, x + w, tick);
      g.setColor(Color.GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      g.drawString(percent + "%", x, tick + 4);
      g.setColor(new Color(0xDDDDDD));
    }
    int column = (w - 40) / runs.size();
    for (int i = 0; i < runs.size(); i++) {
      Measurement m = runs.get(i);
      int left = x + 40 + i * column;
      int width = column / 2 - 8;
      column(g, left, base, width, plotH, m.waits()[0], FIRST);
      column(g, left + width + 4, base, width, plotH, m.steadyWait(), LATER);
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      g.drawString(m.variant().id(), left, base + 16);
    }
  }

  private static void column(Graphics2D g, int x, int base, int w, int h, double fraction, Color color) {
    int height = (int) (Math.max(0, Math.min(1, fraction)) * h);
    g.setColor(color);
    g.fillRect(x, base - height, w, Math.max(1, height));
    g.setColor(Color.DARK_GRAY);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    g.drawString(String.format(Locale.ROOT, "%.0f%%", 100 * fraction), x, base - height - 3);
  }

  private static void title(Graphics2D g, String text, int x, int y) {
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    g.drawString(text, x, y);
  }

  private static void legend(Graphics2D g, int x, int y) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    g.setColor(FIRST);
    g.fillRect(x, y, 14, 14);
    g.setColor(Color.DARK_GRAY);
    g.drawString("epoch 1", x + 20, y + 12);
    g.setColor(LATER);
    g.fillRect(x + 100, y, 14, 14);
    g.setColor(Color.DARK_GRAY);
    g.drawString("later epochs: from the cache where the variant has one; waiting: epochs 3+",
        x + 120, y + 12);
  }
}
