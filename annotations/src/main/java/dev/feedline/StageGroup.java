package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares stages for pipelines to share: an interface whose stage methods, in source order, a
 * {@link Pipeline} interface (or another group) takes over by extending it.
 *
 * <p>A group is not a pipeline: it need not start with a source, nothing is generated for it, and
 * its stages are checked in each pipeline that uses them, as if they were written out there. A
 * pipeline's chain is the stages of the interfaces it extends, in {@code extends} order, each in
 * its own order, then the pipeline's own stages. A stage the pipeline declares under the name of
 * an inherited one replaces it in place, with the same kind and element types:
 *
 * <pre>{@code
 * @StageGroup interface Reading { @TFRecordSource Operand<TString> files(); ... }
 * @StageGroup interface Batching { @Batch(size = 32) Photo batch(Photo p); ... }
 * @Pipeline interface Eval extends Reading, Batching {}
 * @Pipeline interface Train extends Reading, Shuffling, Batching {
 *   @Batch(size = 64) Photo batch(Photo p); // replaces Batching's batch, in its place
 * }
 * }</pre>
 *
 * <p>A group may declare the {@link Vocabulary} and {@link RunTimeValue} inputs its stages take.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface StageGroup {}
