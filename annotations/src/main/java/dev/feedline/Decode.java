package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Parses serialized {@code tf.train.Example} records into the method's element record. The parse
 * spec is generated from the record: one required feature per component, keyed by the component
 * name or its {@link Feature}, with the component's dtype ({@code TString}, {@code TInt64} or
 * {@code TFloat32}) and fully known {@link Shape}.
 *
 * <pre>{@code @Decode(parallel = AUTO) EncodedPhoto parse(Operand<TString> record);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Decode {
  /** Records parsed in parallel: {@link Feedline#AUTO}, a fixed count, or {@link Feedline#SEQUENTIAL}. */
  int parallel() default Feedline.SEQUENTIAL;

  /** Whether elements keep their input order when parsed in parallel. */
  boolean deterministic() default true;
}
