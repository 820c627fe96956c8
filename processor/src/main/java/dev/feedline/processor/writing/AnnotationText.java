package dev.feedline.processor.writing;

import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.util.ElementFilter;

/**
 * A stage annotation as a reader would write it, such as {@code @Interleave(cycleLength = 8,
 * parallel = AUTO)}: written members only, in declaration order, with Feedline's named constants.
 */
final class AnnotationText {
  private AnnotationText() {}

  static String of(Stage stage) {
    List<String> members = new ArrayList<>();
    for (ExecutableElement member :
        ElementFilter.methodsIn(stage.annotation().getAnnotationType().asElement().getEnclosedElements())) {
      String name = member.getSimpleName().toString();
      if (stage.writtenValue(name).isPresent()) {
        String value = valueText(stage.kind(), name, stage.values().get(name));
        members.add(name.equals("value") ? value : name + " = " + value);
      }
    }
    String annotation = "@" + stage.kind().annotation();
    return members.isEmpty() ? annotation : annotation + "(" + String.join(", ", members) + ")";
  }

  private static String valueText(StageKind kind, String member, Object value) {
    if (value instanceof String text && member.equals("file")) {
      return '"' + text + '"';
    }
    if (value instanceof Number number && number.longValue() == -1) {
      return switch (member) {
        case "parallel", "cycleLength", "value" -> "AUTO";
        case "seed" -> "RANDOM_SEED";
        case "count" -> "FOREVER";
        default -> "-1";
      };
    }
    if (value instanceof Number number && number.longValue() == 0 && member.equals("parallel")) {
      return "SEQUENTIAL";
    }
    return String.valueOf(value);
  }
}
