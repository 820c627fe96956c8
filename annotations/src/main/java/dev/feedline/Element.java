package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as the element type of a pipeline stage: one record component per tensor.
 *
 * <p>Every component is typed {@code Operand<T>} with {@code T} a TensorFlow dtype
 * ({@code TFloat32}, {@code TInt64}, {@code TString}, ...) and declares its static shape with
 * {@link Shape}. The component name is also the {@code tf.train.Example} feature key, unless
 * {@link Feature} overrides it.
 *
 * <pre>{@code
 * @Element
 * public record Photo(@Shape({224, 224, 3}) Operand<TFloat32> image, @Shape({}) Operand<TInt64> label) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Element {}
