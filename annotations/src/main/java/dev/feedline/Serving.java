package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks for a serving function beside the pipeline: the generated class's {@code serving(...)}
 * returns the pipeline's per-element stages, from the parse to the serving cut, as one graph
 * function from a batch of what the source hands out (serialized {@code tf.train.Example}s, or
 * text lines) to the batched element those stages make. The cut is the first stage that batches,
 * shuffles, caches or reorders; a {@code @Map(random = true)} and a stage marked
 * {@link TrainingOnly} are left out. The processor checks the serving path (a {@code @Filter}
 * there is an error, a value-changing stage after the cut a warning), and the generated Javadoc
 * lists what is in the function and what was left out, and why. See docs/serving.md.
 *
 * <pre>{@code @Serving @Pipeline public interface PhotoPipeline { ... }}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Serving {}
