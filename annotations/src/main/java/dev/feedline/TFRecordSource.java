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
public @interface TFRecordSource {}
