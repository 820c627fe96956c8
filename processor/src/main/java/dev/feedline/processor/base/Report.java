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

  /**
   * What a diagnostic can point at: a declaration, its annotation, and the values written on it by
   * member (a stage, with {@code Member}).
   *
   * @param <M> what names a value written on the annotation
   */
  public interface Site<M> {
    Element element();

    AnnotationMirror annotation();

    /** The value written for {@code member}; null when it was not written. */
    AnnotationValue anchor(M member);
  }

  /** Where the next finding points: an element, its annotation, one of its values. */
  public final class At {
    private final Element element;
    private final AnnotationMirror annotation;
    private final AnnotationValue value;

    private At(Element element, AnnotationMirror annotation, AnnotationValue value) {
      this.element = element;
      this.annotation = annotation;
      this.value = value;
    }

    /** Adds the finding: {@code message} with its arguments, here. */
    public void report(Message message, Object... args) {
      findings.add(new Finding(message, element, annotation, value,
          message.format(args) + inheritedFrom(element)));
    }
  }

  /** A finding on the site's annotation, such as a stage's. */
  public At at(Site<?> site) {
    return new At(site.element(), site.annotation(), null);
  }

  /**
   * A finding on the value written for {@code member} on the site's annotation, or on the whole
   * annotation where the value was left at its default.
   */
  public <M> At at(Site<M> site, M member) {
    return new At(site.element(), site.annotation(), site.anchor(member));
  }

  /** A finding on an element, without an annotation. */
  public At at(Element element) {
    return new At(element, null, null);
  }

  /** A finding on an annotation of {@code element}, or on one of its values when set. */
  public At at(Element element, AnnotationMirror annotation, AnnotationValue value) {
    return new At(element, annotation, value);
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
