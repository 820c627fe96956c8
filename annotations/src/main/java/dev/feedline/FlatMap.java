package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Turns each element into any number of elements, in order: tf.data's {@code flat_map} over the
 * slices of what the body returns. The body returns the output record with one more leading
 * dimension on every component, the number of elements it makes (0 or more): crops of a photo,
 * windows over a sequence, the lines of a text. The record's {@code @Shape}s are those of one
 * output element.
 *
 * <pre>{@code @FlatMap static Crop crops(Ops tf, Photo photo) { ... return new Crop(images, ids); }}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface FlatMap {}
