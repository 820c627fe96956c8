package dev.feedline.doctor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The doctor's report as one HTML file that opens from disk: the verdict, the findings, and three
 * plots — per-stage latency, throughput over time, resident memory over time — that a small
 * script in the page draws as SVG from the measurements embedded in it. No server, no network.
 */
public final class HtmlReport {
  private HtmlReport() {}

  public static void write(Diagnosis d, Path file) throws IOException {
    if (file.toAbsolutePath().getParent() != null) {
      Files.createDirectories(file.toAbsolutePath().getParent());
    }
    Files.writeString(file, html(d), StandardCharsets.UTF_8);
  }

  static String html(Diagnosis d) {
    return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Feedline doctor: %1$s</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
        table { border-collapse: collapse; margin: .5em 0 1.5em; } td, th { padding: .2em .7em; border-bottom: 1px solid #ddd; text-align: left; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        .verdict { font-size: 1.2em; padding: .6em 1em; background: #f4f4f0; border-left: 4px solid %2$s; }
        svg { display: block; margin: .5em 0 1.5em; } code { background: #f4f4f0; padding: 0 .2em; }
        </style></head>
        <body>
        <h1>Feedline doctor: %1$s</h1>
        <p class="verdict">%3$s</p>
        <h2>Findings</h2>
        %4$s
        <h2>Per-stage latency</h2>
        <p>Each prefix of the pipeline timed one element at a time (after a batch, an element is a batch); log scale.</p>
        <svg id="latency" width="900" height="320" role="img" aria-label="per-stage latency"></svg>
        %5$s
        <h2>Throughput over time</h2>
        <p>Examples per second in %6$s s windows, epochs 1 and 2 at full speed, no model.</p>
        <svg id="throughput" width="900" height="260" role="img" aria-label="throughput over time"></svg>
        <h2>Resident memory over time</h2>
        <p>Sampled every 0.1 s over the whole examination: stage timing, full-speed epochs, training loop.</p>
        <svg id="memory" width="900" height="260" role="img" aria-label="resident memory over time"></svg>
        <h2>tf.data's autotune model</h2>
        %7$s
        <script id="data" type="application/json">%8$s</script>
        <script>
        %9$s
        </script>
        </body></html>
        """.formatted(escape(d.pipeline()),
        d.findings().isEmpty() ? "#3a3" : "#c60",
        escape(verdict(d)), findings(d), stageTable(d), EpochStats.WINDOW_SECONDS, autotune(d),
        data(d).replace("</", "<\\/"), SCRIPT);
  }

  private static String verdict(Diagnosis d) {
    String bound = d.inputBound() + " input-bound in the training loop (waits: "
        + d.waits().stream().map(w -> String.format(Locale.ROOT, "epoch %d %.1f%%", w.epoch(),
            100 * w.fraction())).collect(Collectors.joining(", ")) + ")";
    return d.bottleneckStage() == null ? "No stage starves the model. " + bound + "."
        : "Fix stage '" + d.bottleneckStage() + "' first (" + d.findings().size()
            + (d.findings().size() == 1 ? " finding" : " findings") + "). " + bound + ".";
  }

  private static String findings(Diagnosis d) {
    if (d.findings().isEmpty()) {
      return "<p>None.</p>";
    }
    StringBuilder out = new StringBuilder("<table><tr><th>stage</th><th>symptom"
        + "</th><th>measured</th><th>rule</th><th>fix</th></tr>");
    for (Finding f : d.findings()) {
      out.append("<tr><td>").append(escape(f.stage())).append("</td><td>")
          .append(escape(f.symptom())).append("</td><td>").append(escape(f.evidence()))
          .append("</td><td><code>feedline:").append(escape(f.rule())).append("</code></td><td>")
          .append(escape(f.fix())).append("</td></tr>");
    }
    return out.append("</table>").toString();
  }

  private static String stageTable(Diagnosis d) {
    StringBuilder out = new StringBuilder("<table><tr><th>#</th><th>stage</th><th>first ms</th>"
        + "<th>median</th><th>p90</th><th>p99</th><th>max</th><th>ms/example</th>"
        + "<th>CPU ms/example</th><th>shape</th></tr>");
    for (StageLatency s : d.stages()) {
      LatencyStats l = s.latency();
      out.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%s @%s%s</td><td class=n>%.2f</td>"
              + "<td class=n>%.3f</td><td class=n>%.3f</td><td class=n>%.3f</td><td class=n>%.3f</td>"
              + "<td class=n>%s</td><td class=n>%s</td><td>%s</td></tr>", s.position(),
          escape(s.stage()), s.annotation(), s.sequential() ? " (sequential)" : "", s.firstMs(),
          l.medianMs(), l.p90Ms(), l.p99Ms(), l.maxMs(), perExample(s.msPerExample()),
          perExample(s.cpuMsPerExample()), l.shape()));
    }
    return out.append("</table><p>").append(d.costsOnCpuTime()
        ? "Stage costs are decided on CPU ms/example: the process's CPU time, all its threads, in"
            + " the JVM's 10 ms clock ticks, which other processes taking the cores do not change."
            + " Latencies and ms/example are wall time."
        : "Stage costs are decided on wall time: this JVM reports no process CPU time.")
        .append("</p>").toString();
  }

  private static String perExample(double ms) {
    return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.3f", ms);
  }

  private static String autotune(Diagnosis d) {
    AutotuneReport a = d.autotune();
    if (a.unavailable() != null) {
      return "<p>Unavailable: " + escape(a.unavailable()) + "</p>";
    }
    StringBuilder out = new StringBuilder("<table><tr><th>node</th><th>stage</th>"
        + "<th>ms/element</th><th>parallelism</th><th>buffer</th></tr>");
    for (AutotuneReport.Node n : a.nodes()) {
      out.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td class=n>%.3f</td>"
              + "<td class=n>%s</td><td class=n>%s</td></tr>", escape(n.name()),
          n.stage() == null ? "(TensorFlow's)" : escape(n.stage()), n.msPerElement(),
          n.parallelism() == null ? "" : String.format(Locale.ROOT, "%.0f", n.parallelism()),
          n.bufferSize() == null ? "" : String.format(Locale.ROOT, "%.0f", n.bufferSize())));
    }
    out.append("</table>");
    if (!a.missing().isEmpty()) {
      out.append("<p>Not in the model (upstream of a shuffle, or fused): ")
          .append(escape(String.join(", ", a.missing())))
          .append("; the per-stage latency above covers them.</p>");
    }
    return out.toString();
  }

  /** The measurements the plots are drawn from. */
  private static String data(Diagnosis d) {
    String stages = d.stages().stream().map(s -> String.format(Locale.ROOT,
        "{\"name\": %s, \"median\": %.4f, \"p90\": %.4f, \"p99\": %.4f}", Json.string(s.stage()),
        s.latency().medianMs(), s.latency().p90Ms(), s.latency().p99Ms()))
        .collect(Collectors.joining(", "));
    String throughput = d.epochs().stream().map(e -> points(e.throughput()))
        .collect(Collectors.joining(", "));
    String memory = points(d.memory().stream()
        .map(m -> new double[] {m.seconds(), m.residentMb()}).toList());
    return "{\"stages\": [" + stages + "], \"throughput\": [" + throughput + "], \"memory\": "
        + memory + "}";
  }

  private static String points(List<double[]> points) {
    return points.stream().map(p -> String.format(Locale.ROOT, "[%.3f, %.2f]", p[0], p[1]))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** Draws the three plots; marks each SVG with the marks it drew, and the page when done. */
  private static final String SCRIPT = """
      const data = JSON.parse(document.getElementById('data').textContent);
      const NS = 'http://www.w3.org/2000/svg';
      function el(svg, name, attrs, text) {
        const e = document.createElementNS(NS, name);
        for (const k in attrs) e.setAttribute(k, attrs[k]);
        if (text !== undefined) e.textContent = text;
        svg.appendChild(e);
        return e;
      }
      function frame(svg, left, bottom) {
        const w = +svg.getAttribute('width'), h = +svg.getAttribute('height');
        el(svg, 'line', {x1: left, y1: 10, x2: left, y2: h - bottom, stroke: '#444'});
        el(svg, 'line', {x1: left, y1: h - bottom, x2: w - 10, y2: h - bottom, stroke: '#444'});
        return {w, h, x0: left, y0: h - bottom, x1: w - 10, y1: 10};
      }
      function latency(svg, stages) {
        const f = frame(svg, 60, 70), colors = ['#4a7', '#d92', '#c33'], keys = ['median', 'p90', 'p99'];
        const all = stages.flatMap(s => keys.map(k => s[k])).filter(v => v > 0);
        const lo = Math.log10(Math.min(...all)) - 0.2, hi = Math.log10(Math.max(...all)) + 0.2;
        const y = v => f.y0 - (Math.log10(Math.max(v, 1e-4)) - lo) / (hi - lo) * (f.y0 - f.y1);
        const slot = (f.x1 - f.x0) / stages.length, bar = slot / 4;
        let marks = 0;
        for (let t = Math.ceil(lo); t <= hi; t++) {
          el(svg, 'text', {x: f.x0 - 6, y: y(10 ** t) + 4, 'text-anchor': 'end', 'font-size': 11}, (10 ** t) + ' ms');
        }
        stages.forEach((s, i) => {
          keys.forEach((k, j) => {
            if (s[k] > 0) {
              el(svg, 'rect', {x: f.x0 + i * slot + bar * (j + 0.5), y: y(s[k]), width: bar * 0.9,
                height: f.y0 - y(s[k]), fill: colors[j], 'data-stage': s.name});
              marks++;
            }
          });
          el(svg, 'text', {x: f.x0 + (i + 0.5) * slot, y: f.y0 + 16, 'text-anchor': 'middle', 'font-size': 11}, s.name);
        });
        keys.forEach((k, j) => el(svg, 'text', {x: f.x1 - 150 + j * 50, y: f.y0 + 50, fill: colors[j], 'font-size': 12}, k));
        return marks;
      }
      function lines(svg, series, unit) {
        const f = frame(svg, 60, 30), points = series.flat();
        if (points.length === 0) return 0;
        const xs = points.map(p => p[0]), ys = points.map(p => p[1]);
        const x0 = Math.min(...xs), x1 = Math.max(...xs), top = Math.max(...ys) * 1.1 || 1;
        const x = v => f.x0 + (v - x0) / Math.max(x1 - x0, 1e-9) * (f.x1 - f.x0);
        const y = v => f.y0 - v / top * (f.y0 - f.y1);
        el(svg, 'text', {x: f.x0 + 6, y: f.y1 + 10, 'font-size': 11}, Math.round(top) + ' ' + unit);
        el(svg, 'text', {x: f.x1, y: f.y0 + 20, 'text-anchor': 'end', 'font-size': 11}, x1.toFixed(1) + ' s');
        el(svg, 'text', {x: f.x0, y: f.y0 + 20, 'font-size': 11}, x0.toFixed(1) + ' s');
        const colors = ['#37b', '#b37', '#3a7'];
        series.forEach((s, i) => {
          if (s.length === 0) return;
          const color = colors[i % colors.length];
          el(svg, 'path', {d: s.map((p, j) => (j ? 'L' : 'M') + x(p[0]).toFixed(1) + ' ' + y(p[1]).toFixed(1)).join(' '),
            fill: 'none', stroke: color, 'stroke-width': 2});
          if (s.length < 20) {  // few points, such as a cached epoch's: each one shown
            s.forEach(p => el(svg, 'circle', {cx: x(p[0]), cy: y(p[1]), r: 3, fill: color}));
          }
        });
        return points.length;
      }
      const drawn = {
        latency: latency(document.getElementById('latency'), data.stages),
        throughput: lines(document.getElementById('throughput'), data.throughput, 'examples/s'),
        memory: lines(document.getElementById('memory'), [data.memory], 'MB'),
      };
      for (const id in drawn) document.getElementById(id).setAttribute('data-marks', drawn[id]);
      document.body.setAttribute('data-plots', 'drawn');
      """;
}
