package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Source stage: TFRecord files whose names or glob patterns are given at run time, to the
 * generated builder's {@code files(...)}. Its element is one file name ({@code Operand<TString>});
 * an {@link Interleave} stage must follow to read the records.
 *
 * <pre>{@code @TFRecordSource Operand<TString> shards();}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface TFRecordSource {
  /** How many files the source will read, if known: a size hint for the checks; 0 if unknown. */
  long files() default 0;

  /** How many records all files hold together, if known: a size hint; 0 if unknown. */
  long records() default 0;

  /** The average size of one file in bytes, if known: a size hint; 0 if unknown. */
  long bytesPerFile() default 0;

  /** Whether a bad record stops the epoch (the default) or is left out and reported. */
  BadRecords badRecords() default BadRecords.FAIL;

  /** How the files are compressed; bad records can be skipped in plain files only. */
  Compression compression() default Compression.NONE;
}
