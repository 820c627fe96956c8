package dev.feedline.processor.model;

import javax.lang.model.element.Element;

/**
 * One tensor of an element record.
 *
 * @param name the record component name
 * @param featureKey the tf.train.Example feature key: the name unless {@code @Feature} overrides it
 * @param declaration the record component, to anchor diagnostics on; null for a raw string element
 */
public record Component(
    String name, DType dtype, StaticShape shape, String featureKey, Element declaration) {}
