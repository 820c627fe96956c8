package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code tf.train.Example} feature key that {@link Decode} reads a component from, when it
 * differs from the component name (for example {@code "image/encoded"}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
// FIELD too: javac copies it onto the record's field, where compiler messages can point.
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Feature {
  /** The feature key. */
  String value();
}
