package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component that {@link Decode} reads from a {@code tf.train.SequenceExample}'s feature
 * lists rather than its context: one row per step, so its {@link Shape} starts with
 * {@link Feedline#UNKNOWN}, the number of steps. A record with a feature list is parsed as a
 * SequenceExample; its other components come from the context.
 *
 * <pre>{@code @FeatureList @Shape({-1, 3}) Operand<TFloat32> moves}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface FeatureList {
  /** The feature list's key, when it differs from the component name; empty for the name. */
  String value() default "";
}
