package dev.feedline.processor.base;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** The findings on one pipeline, collected before any is printed. */
public final class Report {
  private final List<Finding> findings = new ArrayList<>();
  private TypeElement pipeline;
  private Set<TypeElement> shared = Set.of();
  private Predicate<TypeElement> compiledHere = type -> true;

  /**
   * Sets which top-level types this compilation has the source of. A finding on an element of
   * another type (a group compiled in {@code main} that a test pipeline inherits) would print with
   * no file or line, so it is put on the pipeline instead, naming the element.
   */
  public void compiledHere(Predicate<TypeElement> compiledHere) {
    this.compiledHere = compiledHere;
  }

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
    private final boolean samePerPipeline;

    private At(Element element, AnnotationMirror annotation, AnnotationValue value,
        boolean samePerPipeline) {
      this.element = element;
      this.annotation = annotation;
      this.value = value;
      this.samePerPipeline = samePerPipeline;
    }

    /**
     * The same place, for a finding about the declaration alone (a source's file sizes), which
     * reads alike in every pipeline that inherits it: it does not name the pipeline, so it
     * prints once however many pipelines share the stage.
     */
    public At regardlessOfPipeline() {
      return new At(element, annotation, value, true);
    }

    /** Adds the finding: {@code message} with its arguments, here. */
    public void report(Message message, Object... args) {
      String text = message.format(args);
      TypeElement top = topLevel(element);
      if (pipeline != null && top != null && !compiledHere.test(top)) {
        findings.add(new Finding(message, pipeline, null, null,
            text + elsewhere(element)));
        return;
      }
      findings.add(new Finding(message, element, annotation, value,
          samePerPipeline ? text : text + inheritedFrom(element)));
    }
  }

  /** A finding on the site's annotation, such as a stage's. */
  public At at(Site<?> site) {
    return new At(site.element(), site.annotation(), null, false);
  }

  /**
   * A finding on the value written for {@code member} on the site's annotation, or on the whole
   * annotation where the value was left at its default.
   */
  public <M> At at(Site<M> site, M member) {
    return new At(site.element(), site.annotation(), site.anchor(member), false);
  }

  /** A finding on an element, without an annotation. */
  public At at(Element element) {
    return new At(element, null, null, false);
  }

  /** A finding on an annotation of {@code element}, or on one of its values when set. */
  public At at(Element element, AnnotationMirror annotation, AnnotationValue value) {
    return new At(element, annotation, value, false);
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

  /**
   * Where an element of a type compiled elsewhere lies, said on the pipeline: javac has no line
   * of it to point at.
   */
  private String elsewhere(Element element) {
    List<String> names = new ArrayList<>();
    TypeElement sharedType = null;
    for (Element e = element; e != null && !(e instanceof javax.lang.model.element.PackageElement);
        e = e.getEnclosingElement()) {
      names.add(0, e.getSimpleName().toString());
      if (e instanceof TypeElement type && shared.contains(type)) {
        sharedType = type;
      }
    }
    return " [in pipeline " + pipeline.getSimpleName() + ", "
        + (sharedType != null ? "inherited from " : "about ") + String.join(".", names)
        + ", whose source is not part of this compilation]";
  }

  private static TypeElement topLevel(Element element) {
    TypeElement top = null;
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e instanceof TypeElement type) {
        top = type;
      }
    }
    return top;
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
