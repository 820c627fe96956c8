package dev.feedline.processor.writing;

import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Stage;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.VariableElement;

/**
 * A stage annotation as a reader would write it, such as {@code @Interleave(cycleLength = 8,
 * parallel = AUTO)}: written members only, in declaration order, with Feedline's named constants
 * and strings as Java literals.
 */
final class AnnotationText {
  private AnnotationText() {}

  static String of(Stage stage) {
    List<String> members = new ArrayList<>();
    for (Member member : Member.of(stage.kind())) {
      AnnotationValue written = stage.anchor(member);
      if (written != null) {
        String value = valueText(member, written.getValue());
        members.add(member.memberName().equals("value") ? value
            : member.memberName() + " = " + value);
      }
    }
    String annotation = "@" + stage.kind().annotation();
    return members.isEmpty() ? annotation : annotation + "(" + String.join(", ", members) + ")";
  }

  private static String valueText(Member member, Object value) {
    if (value instanceof VariableElement constant) {
      return constant.getSimpleName().toString();
    }
    long number = value instanceof Number n ? n.longValue() : 0;
    return switch (member.display()) {
      case TEXT -> Javadoc.literal((String) value);
      case PARALLELISM -> number == -1 ? "AUTO" : number == 0 ? "SEQUENTIAL" : value.toString();
      case AUTO_OR_COUNT -> number == -1 ? "AUTO" : value.toString();
      case SEED -> number == -1 ? "RANDOM_SEED" : value.toString();
      case COUNT_OR_FOREVER -> number == -1 ? "FOREVER" : value.toString();
      case PLAIN -> value.toString();
    };
  }
}
