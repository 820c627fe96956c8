package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The CSV columns that {@link DecodeCsv} reads into one vector component of shape {@code [n]}:
 * the {@code n} header names, in order, or the header's columns from {@code from} to {@code to},
 * both included. Each column is parsed as the component's dtype and checked in every row at
 * {@code build()}, its bad values named by file, line and column like a scalar column's.
 *
 * <pre>{@code @Columns(from = "crim", to = "lstat") @Shape({12}) Operand<TFloat32> features}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
// FIELD too: javac copies it onto the record's field, where compiler messages can point.
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Columns {
  /** The header names of the columns, one per value of the component, in order. */
  String[] value() default {};

  /** The first column of a range of the header's columns; with {@link #to}. */
  String from() default "";

  /** The last column of a range of the header's columns, included; with {@link #from}. */
  String to() default "";
}
