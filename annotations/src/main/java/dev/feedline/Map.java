package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Transforms each element with ordinary TensorFlow Java graph code: a static method from
 * {@code (Ops tf, In element)} to the output element record. The body runs once, when the graph
 * function is traced, not once per element.
 *
 * <pre>{@code
 * @Map(parallel = AUTO)
 * static Photo decodeAndResize(Ops tf, EncodedPhoto in) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Map {
  /** Elements mapped in parallel: {@link Feedline#AUTO}, a fixed count, or {@link Feedline#SEQUENTIAL}. */
  int parallel() default Feedline.SEQUENTIAL;

  /** Whether elements keep their input order when mapped in parallel. */
  boolean deterministic() default true;

  /** What the body costs per element; {@link Cost#INFER} judges it from the element types. */
  Cost cost() default Cost.INFER;

  /**
   * The body uses random ops (augmentation): its output differs each epoch, so it must come
   * after any {@link Cache}. A body that takes a {@code dev.feedline.runtime.ElementRandom} after
   * its element draws from seeds of each element's own, the same at any parallelism, on every run
   * with the builder's seed, and after a restored checkpoint.
   */
  boolean random() default false;

  /**
   * The body works on a whole batch at once (every op accepts the leading batch dimension), so
   * it may come after {@link Batch}. A per-element body after {@link Batch} is an error.
   */
  boolean vectorized() default false;

  /**
   * The body runs on the training device, the first GPU when there is one: in the consumer's
   * graph, on each batch the iterator hands out, instead of in tf.data's CPU threads. For
   * batch-level work such as normalizing or augmenting; it must be {@link #vectorized()}, come
   * after {@link Batch} and {@link Prefetch}, and be followed by device stages only. Without a GPU
   * (and with a session that allows soft placement) it runs on the CPU.
   */
  boolean onDevice() default false;
}
