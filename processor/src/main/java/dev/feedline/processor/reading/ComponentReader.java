package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads one record component: its dtype, its {@code @Shape}, and where a parse takes it from
 * ({@code @Feature}, {@code @FeatureList}, {@code @LengthOf}, {@code @DefaultValue}).
 */
final class ComponentReader {
  private static final String SHAPE = "dev.feedline.Shape";
  private static final String FEATURE = "dev.feedline.Feature";
  private static final String COLUMNS = "dev.feedline.Columns";
  private static final String FEATURE_LIST = "dev.feedline.FeatureList";
  private static final String LENGTH_OF = "dev.feedline.LengthOf";
  private static final String DEFAULT_VALUE = "dev.feedline.DefaultValue";
  /** The member of {@code @DefaultValue} each dtype takes its values from. */
  private static final Map<DType, String> DEFAULT_MEMBERS = Map.of(DType.INT64, "longs",
      DType.INT32, "longs", DType.FLOAT32, "floats", DType.FLOAT64, "floats",
      DType.STRING, "strings");

  private final Elements elements;

  ComponentReader(Elements elements) {
    this.elements = elements;
  }

  /** Reads a component of {@code record}; empty when it is invalid, with the problem reported. */
  Optional<Component> read(String record, Element component, Report report) {
    String name = component.getSimpleName().toString();
    TypeMirror type = component.asType();
    TypeNames.requireResolved(type);
    TypeMirror dtypeArgument = TypeNames.operandArgument(type);
    Optional<DType> dtype = dtypeArgument == null
        ? Optional.empty()
        : DType.ofClass(TypeNames.qualifiedName(dtypeArgument));
    if (dtype.isEmpty()) {
      report.at(component).report(Message.COMPONENT_NOT_TENSOR,
          name, record, TypeNames.display(type));
    }
    Optional<StaticShape> shape = readShape(record, name, component, report);
    Optional<String> key = featureKey(record, name, component, report);
    if (dtype.isEmpty() || shape.isEmpty() || key.isEmpty()) {
      return Optional.empty();
    }
    Optional<AnnotationMirror> list = Annotations.find(component, FEATURE_LIST);
    Optional<AnnotationMirror> lengthOf = Annotations.find(component, LENGTH_OF);
    Optional<AnnotationMirror> defaults = Annotations.find(component, DEFAULT_VALUE);
    if (lengthOf.isPresent()) {
      String target = String.valueOf(Annotations.value(elements, lengthOf.get(), "value"));
      Optional<AnnotationMirror> conflict = list.or(() -> defaults);
      if (conflict.isPresent()) {
        report.at(component, conflict.get(), null).report(Message.LENGTH_OF_CONFLICT, name, record,
            "@" + Annotations.simpleName(conflict.get()));
        return Optional.empty();
      }
      if (dtype.get() != DType.INT32 || shape.get().rank() != 0) {
        report.at(component, lengthOf.get(), null).report(Message.LENGTH_OF_TYPE,
            name, record, target);
        return Optional.empty();
      }
      return Optional.of(new Component(name, dtype.get(), shape.get(), key.get(), component,
          Component.Source.LENGTH, target, Optional.empty(), Optional.empty()));
    }
    if (list.isPresent() && !startsVariable(shape.get())) {
      List<Long> suggested = new ArrayList<>(List.of(StaticShape.UNKNOWN));
      suggested.addAll(shape.get().dims());
      report.at(component, list.get(), null).report(Message.FEATURE_LIST_SHAPE, name, record,
          new StaticShape(suggested).toString().replace("?", "-1").replace("[", "{")
              .replace("]", "}").replace(",", ", "), shape.get());
      return Optional.empty();
    }
    Optional<Component.Defaults> values = Optional.empty();
    if (defaults.isPresent()) {
      values = readDefaults(record, name, dtype.get(), shape.get(), component, defaults.get(),
          report);
      if (values.isEmpty()) {
        return Optional.empty();
      }
    }
    return Optional.of(new Component(name, dtype.get(), shape.get(), key.get(), component,
        list.isPresent() ? Component.Source.FEATURE_LIST : Component.Source.FEATURE, null, values,
        columns(component)));
  }

  /** The CSV columns of {@code @Columns}, as written; {@code ChainValidator} checks them. */
  private Optional<Component.ColumnSet> columns(Element component) {
    return Annotations.find(component, COLUMNS).map(columns -> new Component.ColumnSet(
        Annotations.arrayValue(elements, columns, "value").stream()
            .map(v -> String.valueOf(v.getValue())).toList(),
        String.valueOf(Annotations.value(elements, columns, "from")),
        String.valueOf(Annotations.value(elements, columns, "to"))));
  }

  private static boolean startsVariable(StaticShape shape) {
    return shape.rank() > 0 && shape.dims().get(0) == StaticShape.UNKNOWN;
  }

  /** The feature key: {@code @FeatureList}'s or {@code @Feature}'s value, else the name. */
  private Optional<String> featureKey(String record, String name, Element component,
      Report report) {
    Optional<String> listKey = Annotations.find(component, FEATURE_LIST)
        .map(list -> String.valueOf(Annotations.value(elements, list, "value")))
        .filter(key -> !key.isEmpty());
    Optional<AnnotationMirror> feature = Annotations.find(component, FEATURE);
    if (feature.isEmpty()) {
      return Optional.of(listKey.orElse(name));
    }
    String key = String.valueOf(Annotations.value(elements, feature.get(), "value"));
    if (key.isBlank()) {
      report.at(component, feature.get(),
          Annotations.explicitValue(feature.get(), "value").orElse(null))
          .report(Message.FEATURE_EMPTY, name, record);
      return Optional.empty();
    }
    return Optional.of(key);
  }

  private Optional<Component.Defaults> readDefaults(String record, String name, DType dtype,
      StaticShape shape, Element component, AnnotationMirror annotation, Report report) {
    String expected = DEFAULT_MEMBERS.get(dtype);
    List<String> given = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (String member : List.of("longs", "floats", "strings")) {
      List<? extends AnnotationValue> written =
          Annotations.arrayValue(elements, annotation, member);
      if (!written.isEmpty()) {
        given.add(member);
        written.forEach(v -> values.add(v.getValue()));
      }
    }
    if (expected == null || !given.equals(List.of(expected))) {
      report.at(component, annotation, null).report(Message.DEFAULT_VALUE_MEMBER, name, record,
          expected == null ? "no default" : expected, dtype.className());
      return Optional.empty();
    }
    if (startsVariable(shape)) {
      report.at(component, annotation, null).report(Message.DEFAULT_VALUE_SEQUENCE, name, record);
      return Optional.empty();
    }
    long needed = shape.isFullyKnown() ? shape.elementCount() : -1;
    if (values.size() != 1 && values.size() != needed) {
      report.at(component, annotation, null).report(Message.DEFAULT_VALUE_COUNT, name, record,
          values.size(), shape, needed);
      return Optional.empty();
    }
    return Optional.of(new Component.Defaults(values));
  }

  private Optional<StaticShape> readShape(
      String record, String name, Element component, Report report) {
    Optional<AnnotationMirror> shape = Annotations.find(component, SHAPE);
    if (shape.isEmpty()) {
      report.at(component).report(Message.COMPONENT_WITHOUT_SHAPE, name, record);
      return Optional.empty();
    }
    List<Long> dims = new ArrayList<>();
    for (AnnotationValue dim : Annotations.arrayValue(elements, shape.get(), "value")) {
      if (!(dim.getValue() instanceof Number size) || size.longValue() < -1) {
        report.at(component, shape.get(), dim).report(Message.SHAPE_DIMENSION_INVALID, name, record,
            dim.getValue());
        return Optional.empty();
      }
      dims.add(size.longValue());
    }
    return Optional.of(new StaticShape(dims));
  }
}
