package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks for a writer of an {@link Element} record: {@code Feedline<Name>Writer} beside it, which
 * turns Java values into the serialized {@code tf.train.Example} (or {@code SequenceExample}) that
 * a {@link Decode} of the record parses, with the same feature keys, dtypes and shapes. A record
 * that a {@code @Decode} stage of the same compilation parses gets its writer without asking; this
 * asks for one where no such stage is, such as in the module that writes the data.
 *
 * <pre>{@code
 * @Element @Writable
 * public record Review(@Shape({-1}) Operand<TInt64> tokens, @Shape({}) Operand<TFloat32> rating) {}
 *
 * byte[] record = FeedlineReviewWriter.builder().tokens(4, 8, 15).rating(4.5f).toByteArray();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Writable {}
