package dev.feedline.processor.model;

import java.util.List;
import javax.lang.model.type.TypeMirror;

/**
 * The element type of a stage: an {@code @Element} record, or a raw {@code Operand<TString>}
 * scalar (a file name or a serialized record) before {@code @Decode}.
 *
 * @param type the Java type as declared
 * @param displayName the type as messages show it: {@code Photo} or {@code Operand<TString>}
 * @param components the record's tensors in order; one scalar string for a raw element
 */
public record ElementType(
    TypeMirror type, String displayName, boolean isRecord, List<Component> components) {

  public ElementType {
    components = List.copyOf(components);
  }

  /** The raw string element's one component is called this. */
  public static final String RAW_COMPONENT = "value";

  public static ElementType rawString(TypeMirror type) {
    return new ElementType(
        type,
        "Operand<TString>",
        false,
        List.of(Component.plain(RAW_COMPONENT, DType.STRING, StaticShape.scalar(), null)));
  }

  /** The component of this name, if there is one. */
  public java.util.Optional<Component> component(String name) {
    return components.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** Whether both are the same Java type. */
  public boolean sameTypeAs(ElementType other) {
    return type == other.type || type.toString().equals(other.type.toString());
  }

  /**
   * The type as messages show it; qualified when {@code qualified}, for a message that names two
   * types of the same simple name.
   */
  public String display(boolean qualified) {
    return qualified && isRecord ? type.toString() : displayName;
  }

  @Override
  public String toString() {
    return displayName;
  }
}
