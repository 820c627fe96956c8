package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A source whose element {@code i} joins element {@code i} of every pipeline in {@code of}:
 * tf.data's {@code zip}. The returned record's components are those of the first pipeline's
 * element, then the second's, and so on, in order, with the same types and shapes. The pipelines
 * must hand out as many elements each: where tf.data's {@code zip} would end with the shortest and
 * drop the others' last elements, an epoch of pipelines of unequal lengths fails when the shortest
 * ends, with an error that names every pipeline's count.
 *
 * <pre>{@code @Zip(of = {Images.class, Labels.class}) LabeledImage pairs();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Zip {
  /** The {@code @Pipeline} interfaces joined element by element, two or more. */
  Class<?>[] of();
}
