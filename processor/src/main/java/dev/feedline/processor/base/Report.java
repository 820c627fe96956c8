package dev.feedline.processor.base;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/** The findings on one pipeline, collected before any is printed. */
public final class Report {
  private final List<Finding> findings = new ArrayList<>();

  /** Adds a finding anchored on an element. */
  public void add(Message message, Element element, Object... args) {
    add(message, element, null, null, args);
  }

  /** Adds a finding anchored on an annotation, or on one of its values when {@code value} is set. */
  public void add(Message message, Element element, AnnotationMirror annotation,
      AnnotationValue value, Object... args) {
    findings.add(new Finding(message, element, annotation, value, message.format(args)));
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
