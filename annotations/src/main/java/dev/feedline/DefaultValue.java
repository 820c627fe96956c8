package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value of a component whose feature is missing from a {@code tf.train.Example} (for
 * {@link Decode}) or whose field is empty in a CSV line (for {@link DecodeCsv}); without it, a
 * missing value is an error. Give the member of the component's dtype: {@code longs} for
 * {@code TInt64} and {@code TInt32}, {@code floats} for {@code TFloat32}, {@code strings} for
 * {@code TString}; one value fills the whole {@link Shape}, or give one per value.
 *
 * <pre>{@code @DefaultValue(longs = 0) @Shape({}) Operand<TInt64> age}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
// FIELD too: javac copies it onto the record's field, where compiler messages can point.
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface DefaultValue {
  long[] longs() default {};

  float[] floats() default {};

  String[] strings() default {};
}
