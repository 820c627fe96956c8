package dev.feedline.processor.writing;

import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;

/**
 * A stage annotation as a reader would write it, such as {@code @Interleave(cycleLength = 8,
 * parallel = AUTO)}: written members only, in declaration order, with Feedline's named constants
 * and strings as Java literals.
 */
final class AnnotationText {
  private AnnotationText() {}

  static String of(Stage stage) {
    List<String> members = new ArrayList<>();
    for (Member member : stage.kind().members()) {
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
    if (value instanceof List<?> values) {
      List<String> texts = new ArrayList<>();
      for (Object element : values) {
        texts.add(valueText(member, ((AnnotationValue) element).getValue()));
      }
      return "{" + String.join(", ", texts) + "}";
    }
    if (value instanceof AnnotationMirror nested) {
      return nestedText(nested);
    }
    if (value instanceof DeclaredType type) {
      return type.asElement().getSimpleName() + ".class";
    }
    long number = value instanceof Number n ? n.longValue() : 0;
    return switch (member.display()) {
      case TEXT -> JavaLiterals.quoted((String) value);
      case PARALLELISM -> number == -1 ? "AUTO" : number == 0 ? "SEQUENTIAL" : value.toString();
      case AUTO_OR_COUNT -> number == -1 ? "AUTO" : value.toString();
      case SEED -> number == -1 ? "RANDOM_SEED" : value.toString();
      case COUNT_OR_FOREVER -> number == -1 ? "FOREVER" : value.toString();
      case PLAIN, PADS -> plain(value);
    };
  }

  /** A nested annotation such as {@code @Pad}: its written members, in declaration order. */
  private static String nestedText(AnnotationMirror annotation) {
    Map<? extends ExecutableElement, ? extends AnnotationValue> written =
        annotation.getElementValues();
    List<String> members = new ArrayList<>();
    for (ExecutableElement member : ElementFilter.methodsIn(
        annotation.getAnnotationType().asElement().getEnclosedElements())) {
      AnnotationValue value = written.get(member);
      if (value != null) {
        members.add(member.getSimpleName() + " = " + plain(value.getValue()));
      }
    }
    return "@" + annotation.getAnnotationType().asElement().getSimpleName()
        + "(" + String.join(", ", members) + ")";
  }

  /** A value as written: strings quoted, whole doubles without a fraction. */
  private static String plain(Object value) {
    if (value instanceof String text) {
      return JavaLiterals.quoted(text);
    }
    if (value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)
        && Math.abs(d) < 1e15) {
      return Long.toString(d.longValue());
    }
    return value.toString();
  }
}
