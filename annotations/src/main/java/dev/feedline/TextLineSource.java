package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Source stage: text files whose names or glob patterns are given at run time, to the generated
 * builder's {@code files(...)}. Its element is one file name ({@code Operand<TString>}); an
 * {@link Interleave} must follow to read their lines, and a {@link DecodeCsv} may parse them.
 *
 * <pre>{@code @TextLineSource(header = true) Operand<TString> files();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface TextLineSource {
  /**
   * Whether the first line of every file is a header: it is not read as data, and a
   * {@link DecodeCsv} takes its columns by these names.
   */
  boolean header() default false;

  /** How the files are compressed. */
  Compression compression() default Compression.NONE;

  /** How many files the source will read, if known: a size hint for the checks; 0 if unknown. */
  long files() default 0;

  /** How many lines all files hold together, headers aside, if known: a size hint; 0 if unknown. */
  long records() default 0;

  /** The average size of one file in bytes, if known: a size hint; 0 if unknown. */
  long bytesPerFile() default 0;
}
