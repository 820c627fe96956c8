package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a scalar {@code Operand<TInt32>} component that {@link Decode} fills with the length of
 * another component, a variable-length feature: the number of its values along the first
 * dimension. It survives padding and bucketing, so a model can mask the padded positions; a
 * padded batch that truncates the sequence shortens it too.
 *
 * <pre>{@code @LengthOf("tokens") @Shape({}) Operand<TInt32> length}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface LengthOf {
  /** The name of the variable-length component. */
  String value();
}
