package dev.feedline.processor.base;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * One diagnostic, anchored as precisely as the declaration allows: the element, the annotation on
 * it, and the annotation value, so an IDE underlines the offending token.
 *
 * @param annotation null to anchor on the element alone
 * @param value null to anchor on the whole annotation
 * @param text the printed message, rule id first
 */
public record Finding(
    Message message, Element element, AnnotationMirror annotation, AnnotationValue value,
    String text) {

  public Rule rule() {
    return message.rule();
  }
}
