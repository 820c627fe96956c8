package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.base.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/** Reads element types: {@code @Element} records and raw {@code Operand<TString>} scalars. */
public final class ElementReader {
  static final String ELEMENT = "dev.feedline.Element";
  private static final String FEATURE = "dev.feedline.Feature";

  private final ComponentReader componentReader;
  /**
   * Records read this round, with their findings: most pipelines use each record in many stages.
   */
  private final Map<String, Read> records = new HashMap<>();

  private record Read(Optional<ElementType> element, List<Finding> findings) {}

  public ElementReader(Elements elements) {
    this.componentReader = new ComponentReader(elements);
  }

  /** Forgets the records read: elements from another round must be read again. */
  public void newRound() {
    records.clear();
  }

  /**
   * Reads the element type a stage declares.
   *
   * @param where what declares it, for messages: "the parameter of @Map 'resize'"
   * @param anchor the element to report problems on
   * @return empty when the type is not a valid element; the problem is in {@code report}
   */
  Optional<ElementType> readUse(TypeMirror type, String where, Element anchor, Report report) {
    TypeNames.requireResolved(type);
    TypeMirror dtype = TypeNames.operandArgument(type);
    if (dtype != null) {
      if (DType.ofClass(TypeNames.qualifiedName(dtype)).orElse(null) == DType.STRING) {
        return Optional.of(ElementType.rawString(type));
      }
      report.at(anchor).report(Message.ELEMENT_TYPE_OPERAND, where, TypeNames.display(type));
      return Optional.empty();
    }
    if (type instanceof DeclaredType declared
        && declared.asElement().getKind() == ElementKind.RECORD
        && Annotations.find(declared.asElement(), ELEMENT).isPresent()) {
      return readRecord((TypeElement) declared.asElement(), report);
    }
    boolean record = type instanceof DeclaredType d
        && d.asElement().getKind() == ElementKind.RECORD;
    report.at(anchor).report(record ? Message.ELEMENT_TYPE_UNANNOTATED
        : Message.ELEMENT_TYPE_UNSUPPORTED,
        where, TypeNames.display(type));
    return Optional.empty();
  }

  /** Reads an {@code @Element} record, reporting every problem with it. */
  public Optional<ElementType> readRecord(TypeElement record, Report report) {
    String name = record.getQualifiedName().toString();
    Read read = records.get(name);
    if (read == null) {
      Report own = new Report();
      read = new Read(readRecordOnce(record, own), own.findings());
      records.put(name, read);
    }
    read.findings().forEach(report::add);
    return read.element();
  }

  private Optional<ElementType> readRecordOnce(TypeElement record, Report report) {
    AnnotationMirror marker = Annotations.find(record, ELEMENT).orElseThrow();
    String name = record.getSimpleName().toString();
    if (record.getKind() != ElementKind.RECORD) {
      report.at(record, marker, null).report(Message.ELEMENT_NOT_RECORD, name, name);
      return Optional.empty();
    }
    boolean valid = true;
    if (!record.getTypeParameters().isEmpty()) {
      report.at(record, marker, null).report(Message.ELEMENT_GENERIC, name);
      valid = false;
    }
    if (isPrivate(record)) {
      report.at(record, marker, null).report(Message.ELEMENT_PRIVATE, name);
      valid = false;
    }
    List<Component> components = new ArrayList<>();
    for (RecordComponentElement component : record.getRecordComponents()) {
      Optional<Component> read = componentReader.read(name, declaration(record, component), report);
      read.ifPresent(components::add);
      valid &= read.isPresent();
    }
    valid &= uniqueFeatureKeys(name, components, report);
    // A length's target is judged only once every component reads: not a second error for one.
    valid = valid && lengthsOfSequences(name, components, report);
    if (record.getRecordComponents().isEmpty()) {
      report.at(record, marker, null).report(Message.ELEMENT_EMPTY, name);
      valid = false;
    }
    return valid
        ? Optional.of(new ElementType(record.asType(), name, true, components))
        : Optional.empty();
  }

  /** Two components of one record cannot read the same tf.train.Example feature. */
  private static boolean uniqueFeatureKeys(String record, List<Component> components,
      Report report) {
    Map<String, Component> byKey = new HashMap<>();
    boolean unique = true;
    for (Component component : components) {
      if (component.source() == Component.Source.LENGTH) {
        continue; // computed, not read
      }
      // Context features and feature lists are apart in a SequenceExample.
      Component first = byKey.putIfAbsent(component.source() + "/" + component.featureKey(),
          component);
      if (first != null) {
        Element declaration = component.declaration();
        AnnotationMirror feature = Annotations.find(declaration, FEATURE).orElse(null);
        report.at(declaration, feature, null).report(Message.FEATURE_DUPLICATE,
            component.name(), record,
            component.featureKey(), first.name());
        unique = false;
      }
    }
    return unique;
  }

  /** A {@code @LengthOf} component names a component of the record whose length varies. */
  private static boolean lengthsOfSequences(String record, List<Component> components,
      Report report) {
    boolean valid = true;
    for (Component length : components) {
      if (length.source() == Component.Source.LENGTH && components.stream().noneMatch(
          c -> c.name().equals(length.lengthOf()) && c.isVariableLength())) {
        report.at(length.declaration()).report(Message.LENGTH_OF_TARGET, length.name(), record,
            length.lengthOf());
        valid = false;
      }
    }
    return valid;
  }

  /**
   * The record's field for a component: javac 17 gives record components no source position, so
   * diagnostics point at the field, which sits on the component and carries its annotations.
   */
  private static Element declaration(TypeElement record, RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().equals(component.getSimpleName())) {
        return field;
      }
    }
    return component;
  }

  static boolean isPrivate(Element element) {
    for (Element e = element; e != null && e.getKind() != ElementKind.PACKAGE;
        e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        return true;
      }
    }
    return false;
  }
}
