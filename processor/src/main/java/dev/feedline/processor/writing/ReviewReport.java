package dev.feedline.processor.writing;

import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Reporter;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.planning.Plan;
import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The Markdown review report of one pipeline, written when the build sets
 * {@code -Afeedline.report=DIR}: its stage plan with shapes and size estimates per stage, and every
 * diagnostic the build reported with its rule id, ready to publish as a build artifact. Written
 * outside the Filer, so build tools do not track it as an output.
 */
public final class ReviewReport {
  private ReviewReport() {}

  /** Writes {@code DIR/<qualified name>.md}. */
  public static void write(Path dir, TypeElement pipeline, Optional<PipelineModel> model,
      Options options, List<Reporter.Reported> reported) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Pipeline `").append(pipeline.getQualifiedName()).append("`\n\n");
    if (model.isPresent()) {
      stages(md, model.get(), new SizeModel(model.get(), options.ramBudget()));
      plan(md, Plan.of(model.get()));
    } else {
      md.append("Not generated: its declaration has errors (below).\n\n");
    }
    diagnostics(md, reported);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(pipeline.getQualifiedName() + ".md"), md, StandardCharsets.UTF_8);
  }

  private static void stages(StringBuilder md, PipelineModel pipeline, SizeModel sizes) {
    md.append("Generated class: `").append(pipeline.generatedPackage()).append('.')
        .append(pipeline.generatedSimpleName()).append("`. RAM budget: ")
        .append(sizes.budget().map(SizeModel::bytes).orElse("none set")).append(".\n\n");
    md.append("## Stages\n\n")
        .append("| # | stage | annotation | element and static shapes | bytes per element |"
            + " elements per epoch |\n")
        .append("|---|---|---|---|---|---|\n");
    for (Stage stage : pipeline.stages()) {
      md.append("| ").append(stage.position())
          .append(" | `").append(stage.name()).append('`')
          .append(" | ").append(code(AnnotationText.of(stage)))
          .append(" | ").append(element(stage))
          .append(" | ").append(sizes.bytesPerElement(stage).map(SizeModel::bytes)
              .orElse("unknown"))
          .append(" | ").append(sizes.count(stage))
          .append(" |\n");
    }
    md.append('\n');
    List<String> buffers = pipeline.stages().stream()
        .filter(s -> s.kind() == CacheStage.KIND || s.kind() == SnapshotStage.KIND
            || s.kind() == ShuffleStage.KIND)
        .map(s -> buffer(s, sizes))
        .toList();
    if (!buffers.isEmpty()) {
      md.append("## Caches and shuffle buffers\n\n| stage | holds | estimate |\n|---|---|---|\n");
      buffers.forEach(md::append);
      md.append('\n');
    }
  }

  /** What the generated code does, as the plan the writers render decided it. */
  private static void plan(StringBuilder md, Plan plan) {
    md.append("## Plan\n\n");
    plan.describe().forEach(line -> md.append("- ").append(line).append('\n'));
    md.append('\n');
  }

  private static String element(Stage stage) {
    return "`" + stage.output() + "`: " + stage.output().components().stream()
        .map(c -> component(stage, c))
        .collect(Collectors.joining(", "));
  }

  private static String component(Stage stage, Component c) {
    return c.name() + " " + c.dtype().tfName() + stage.shapeOf(c);
  }

  private static String buffer(Stage stage, SizeModel sizes) {
    Optional<String> file = stage.definition() instanceof CacheStage cache ? cache.file()
        : stage.definition() instanceof SnapshotStage snapshot ? Optional.of(snapshot.path())
        : Optional.empty();
    if (file.isPresent()) {
      return "| `" + stage.name() + "` | every element, in files under "
          + code(JavaLiterals.quoted(file.get())) + " in `<key>/`: the key, a fingerprint of the"
          + " graph of stages 1 to "
          + (stage.position() - 1) + ", the files read and the TensorFlow version, is logged when"
          + " the " + (stage.kind() == SnapshotStage.KIND ? "snapshot" : "cache")
          + " is written or read | on disk |\n";
    }
    boolean isCache = stage.kind() == CacheStage.KIND;
    SizeModel.Count count = sizes.count(stage);
    long buffer = stage.definition() instanceof ShuffleStage shuffle ? shuffle.buffer() : 0;
    long held = isCache ? count.value() : count.isFinite() ? Math.min(buffer, count.value())
        : buffer;
    String holds = isCache ? count + " elements" : "a buffer of " + buffer + " elements";
    Optional<Long> bytes = sizes.bytesPerElement(stage);
    if (bytes.isEmpty() || (isCache && !count.isFinite())) {
      return "| `" + stage.name() + "` | " + holds + " | unknown |\n";
    }
    long total = Saturating.multiply(bytes.get(), held);
    String share = sizes.budget()
        .map(b -> String.format(Locale.ROOT, " (%.0f%% of the budget)", 100.0 * total / b))
        .orElse("");
    return "| `" + stage.name() + "` | " + holds + " | " + SizeModel.bytes(total) + share + " |\n";
  }

  private static void diagnostics(StringBuilder md, List<Reporter.Reported> reported) {
    md.append("## Diagnostics\n\n");
    if (reported.isEmpty()) {
      md.append("None.\n");
      return;
    }
    md.append("| severity | rule | on | message |\n|---|---|---|---|\n");
    for (Reporter.Reported r : reported) {
      String text = r.finding().text();
      md.append("| ").append(r.severity())
          .append(" | `").append(r.finding().rule().id()).append('`')
          .append(" | `").append(location(r.finding().element())).append('`')
          .append(" | ").append(cell(text.substring(text.indexOf("] ") + 2)))
          .append(" |\n");
    }
  }

  /**
   * {@code text} as a Markdown code span in a table cell: fenced by more backticks than any run
   * in it, every {@code |} escaped, on one line (it holds declared strings as Java literals).
   */
  private static String code(String text) {
    int longest = 0;
    for (int i = 0, run = 0; i < text.length(); i++) {
      run = text.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    String space = text.startsWith("`") || text.endsWith("`") ? " " : "";
    return fence + space + text.replace("|", "\\|") + space + fence;
  }

  /**
   * A message as one table cell: {@code |} escaped, and every character that Java literals escape
   * (a line break, a format character) written as its escape, so the row stays one line.
   */
  private static String cell(String message) {
    StringBuilder cell = new StringBuilder();
    message.codePoints().forEach(c -> {
      if (c == '|') {
        cell.append("\\|");
      } else if (c != '"' && c != '\\' && JavaLiterals.escapes(c)) {
        String literal = JavaLiterals.quoted(new String(Character.toChars(c)));
        cell.append(literal, 1, literal.length() - 1);
      } else {
        cell.appendCodePoint(c);
      }
    });
    return cell.toString();
  }

  private static String location(Element element) {
    return element.getSimpleName().toString();
  }
}
