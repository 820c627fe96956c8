package dev.feedline.processor.base;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** The findings on one pipeline, collected before any is printed. */
public final class Report {
  private final List<Finding> findings = new ArrayList<>();
  private TypeElement pipeline;
  private Set<TypeElement> shared = Set.of();

  /**
   * Sets the pipeline these findings are about, and the groups and pipelines it takes stages from:
   * a finding inside one of those says from then on in which pipeline it arises, since the same
   * group's stage can be right in one chain and wrong in another.
   */
  public void sharing(TypeElement pipeline, Set<TypeElement> shared) {
    this.pipeline = pipeline;
    this.shared = Set.copyOf(shared);
  }

  /** The pipeline the findings are about, whose {@code @SuppressWarnings} also apply to them. */
  public Optional<TypeElement> pipeline() {
    return Optional.ofNullable(pipeline);
  }

  /** Adds a finding anchored on an element. */
  public void add(Message message, Element element, Object... args) {
    add(message, element, null, null, args);
  }

  /** Adds a finding anchored on an annotation, or on one of its values when {@code value} is set. */
  public void add(Message message, Element element, AnnotationMirror annotation,
      AnnotationValue value, Object... args) {
    findings.add(new Finding(message, element, annotation, value,
        message.format(args) + inheritedFrom(element)));
  }

  /** Where the element lies in a shared type: the pipeline that inherits it, and from where. */
  private String inheritedFrom(Element element) {
    for (Element e = element.getEnclosingElement(); e != null; e = e.getEnclosingElement()) {
      if (e instanceof TypeElement type && shared.contains(type)) {
        return " [in pipeline " + pipeline.getSimpleName() + ", inherited from "
            + type.getSimpleName() + "]";
      }
    }
    return "";
  }

  /** Adds a finding made for another report, such as a record's, read once for many stages. */
  public void add(Finding finding) {
    findings.add(finding);
  }

  public List<Finding> findings() {
    return List.copyOf(findings);
  }

  /** Whether a declaration rule fired, so the model is unfit for later checks and generation. */
  public boolean hasDeclarationErrors() {
    return findings.stream().anyMatch(f -> f.rule().category() == Rule.Category.DECLARATION);
  }
}
