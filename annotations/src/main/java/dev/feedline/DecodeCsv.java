package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Parses lines of comma-separated values into the method's element record: one column per
 * component, each a scalar {@code TString}, {@code TInt64}, {@code TInt32}, {@code TFloat32} or
 * {@code TFloat64}. When the {@link TextLineSource} has a {@code header}, a component takes the
 * column its name (or {@link Feature}) names, checked in every file when the pipeline is built;
 * else the components take the first columns in order, and a {@code @Feature} name is a compile
 * error (it would be ignored). An empty field is an error unless the
 * component has a {@link DefaultValue}.
 *
 * <pre>{@code @DecodeCsv(parallel = AUTO) Purchase parse(Operand<TString> line);}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface DecodeCsv {
  /** The one character between fields. */
  String delimiter() default ",";

  /** Whether a field in double quotes may hold delimiters and doubled quotes. */
  boolean quoted() default true;

  /** A field text that means "no value", as an empty field does; empty for none. */
  String naValue() default "";

  /** Lines parsed in parallel: {@link Feedline#AUTO}, a fixed count, or {@link Feedline#SEQUENTIAL}. */
  int parallel() default Feedline.SEQUENTIAL;

  /** Whether elements keep their input order when parsed in parallel. */
  boolean deterministic() default true;
}
