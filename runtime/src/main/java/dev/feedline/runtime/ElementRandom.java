package dev.feedline.runtime;

import dev.feedline.runtime.internal.ElementSeeds;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.random.StatelessRandomGetKeyCounterAlg;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TNumber;
import org.tensorflow.types.family.TType;

/**
 * The random values of one element of a {@code @Map(random = true)}: a body takes it after its
 * element, and every draw is a TensorFlow stateless random op whose seed is a function of the
 * pipeline's seed, the epoch, the stage and the element's position in the stage's input.
 *
 * <pre>{@code
 * @Map(parallel = AUTO, random = true)
 * static Photo augment(Ops tf, Photo photo, ElementRandom random) {
 *   Operand<TFloat32> image = random.flipLeftRight(random.crop(padded(tf, photo.image()), 224, 224));
 *   return new Photo(random.brightness(image, 0.1f), photo.label(), photo.id());
 * }
 * }</pre>
 *
 * <p>Nothing is drawn from state that threads share, so the values do not depend on which thread
 * maps which element, on the parallelism, on the number of cores, or on the run: the same seed
 * gives the same values, and a restored checkpoint gives the values the interrupted run would have
 * drawn. Each draw takes a seed of its own, the next in the order the body draws (the body runs
 * once, when its function is traced, so that order is fixed). A stateful random op such as
 * {@code RandomUniform} in such a body is refused when the pipeline is built.
 *
 * <p>Seeds are derived the way TensorFlow's {@code tf.random.experimental.stateless_fold_in}
 * derives them ({@code tensorflow/python/ops/stateless_random_ops.py}): the next seed is a 64-bit
 * value drawn from the last one, paired with the number folded in. Draws use the ops Python's
 * {@code tf.random.stateless_uniform} uses: {@code StatelessRandomGetKeyCounterAlg}, then
 * {@code StatelessRandomUniformV2} and its kin.
 */
public final class ElementRandom {
  private final Ops tf;
  private final Operand<TInt64> seed;
  private long draws;

  private ElementRandom(Ops tf, Operand<TInt64> seed) {
    this.tf = tf;
    this.seed = seed;
  }

  /**
   * The random source of the element at {@code position} of a stage whose seed for this epoch is
   * {@code stageSeed} ({@link ElementSeeds#stageSeed}). The generated code calls it; a test of a
   * body can too, with seeds of its own.
   *
   * @param stageSeed shape {@code [2]}
   * @param position a scalar: the element's position in the stage's input, from 0
   */
  public static ElementRandom of(Ops tf, Operand<TInt64> stageSeed, Operand<TInt64> position) {
    return new ElementRandom(tf, ElementSeeds.foldIn(tf, stageSeed, position));
  }

  /**
   * A seed of shape {@code [2]} for any stateless op of TensorFlow's ({@code tf.random.stateless*},
   * {@code tf.image.statelessSampleDistortedBoundingBox}, ...): every call returns another.
   */
  public Operand<TInt64> nextSeed() {
    return ElementSeeds.foldIn(tf, seed, tf.constant(draws++));
  }

  /** Values uniform in [0, 1) of a static shape. */
  public Operand<TFloat32> uniform(Shape shape) {
    return uniform(tf.constant(shape.asArray()));
  }

  /** Values uniform in [0, 1) of the shape {@code shape} holds, such as a batch's. */
  public Operand<TFloat32> uniform(Operand<? extends TNumber> shape) {
    StatelessRandomGetKeyCounterAlg key = keyOf(nextSeed());
    return tf.random.statelessRandomUniformV2(shape, key.key(), key.counter(), key.alg());
  }

  /** A scalar uniform in [min, max). */
  public Operand<TFloat32> uniform(float min, float max) {
    return tf.math.add(tf.constant(min),
        tf.math.mul(uniform(Shape.scalar()), tf.constant(max - min)));
  }

  /** A scalar integer uniform in [min, max); max must be more than min when the op runs. */
  public Operand<TInt64> uniformInt(Operand<TInt64> min, Operand<TInt64> max) {
    StatelessRandomGetKeyCounterAlg key = keyOf(nextSeed());
    return tf.random.statelessRandomUniformIntV2(tf.constant(new long[0]), key.key(),
        key.counter(), key.alg(), min, max);
  }

  /** Values of the standard normal distribution, of a static shape. */
  public Operand<TFloat32> normal(Shape shape) {
    StatelessRandomGetKeyCounterAlg key = keyOf(nextSeed());
    return tf.random.statelessRandomNormalV2(tf.constant(shape.asArray()), key.key(),
        key.counter(), key.alg());
  }

  /** A scalar that is true with {@code probability}. */
  public Operand<TBool> chance(float probability) {
    return tf.math.less(uniform(Shape.scalar()), tf.constant(probability));
  }

  /** The image, {@code [height, width, channels]}, mirrored left to right half of the time. */
  public <T extends TType> Operand<T> flipLeftRight(Operand<T> image) {
    requireImage(image, "flipLeftRight");
    return flip(image, 1);
  }

  /** The image, {@code [height, width, channels]}, mirrored top to bottom half of the time. */
  public <T extends TType> Operand<T> flipUpDown(Operand<T> image) {
    requireImage(image, "flipUpDown");
    return flip(image, 0);
  }

  /**
   * Reverses {@code axis} half of the time: the axes to reverse are {@code [axis]} or none, so the
   * image is read once (a select between the image and its mirror image costs both, and took four
   * times as long).
   */
  private <T extends TType> Operand<T> flip(Operand<T> image, long axis) {
    Operand<TInt64> flips = tf.dtypes.cast(chance(0.5f), TInt64.class);
    Operand<TInt64> axes = tf.slice(tf.constant(new long[] {axis}), tf.constant(new long[] {0}),
        tf.reshape(flips, tf.constant(new long[] {1})));
    return tf.reverse(image, axes);
  }

  /**
   * A window of {@code height × width} at a uniform place in the image, {@code [height, width,
   * channels]}, all channels kept; the image must be at least that large.
   */
  public <T extends TType> Operand<T> crop(Operand<T> image, long height, long width) {
    requireImage(image, "crop");
    Shape shape = image.shape();
    boolean fits = shape.isUnknown() || (shape.get(0) < 0 || shape.get(0) >= height)
        && (shape.get(1) < 0 || shape.get(1) >= width);
    if (height < 1 || width < 1 || !fits) {
      throw new IllegalArgumentException("crop takes a window of at least 1 × 1 that fits in the"
          + " image, not " + height + " × " + width + " of an image of shape " + shape);
    }
    Operand<TInt64> size = tf.shape(image, TInt64.class);
    Operand<TInt64> zero = tf.constant(0L);
    Operand<TInt64> top = uniformInt(zero, tf.math.add(dimension(size, 0), tf.constant(1 - height)));
    Operand<TInt64> left = uniformInt(zero, tf.math.add(dimension(size, 1), tf.constant(1 - width)));
    return tf.slice(image, tf.stack(List.of(top, left, zero)),
        tf.constant(new long[] {height, width, -1}));
  }

  /** The image with one delta, uniform in [-maxDelta, maxDelta), added to every value. */
  public Operand<TFloat32> brightness(Operand<TFloat32> image, float maxDelta) {
    return tf.math.add(image, uniform(-maxDelta, maxDelta));
  }

  private StatelessRandomGetKeyCounterAlg keyOf(Operand<TInt64> seed) {
    return tf.random.statelessRandomGetKeyCounterAlg(seed);
  }

  private Operand<TInt64> dimension(Operand<TInt64> shape, long axis) {
    return tf.reshape(tf.slice(shape, tf.constant(new long[] {axis}), tf.constant(new long[] {1})),
        tf.constant(new long[0]));
  }

  private static void requireImage(Operand<?> image, String helper) {
    Shape shape = image.shape();
    if (!shape.isUnknown() && shape.numDimensions() != 3) {
      throw new IllegalArgumentException(helper + " takes one image, [height, width, channels],"
          + " not a tensor of shape " + shape + "; draw per image with uniform(...) and tf.select"
          + " in a vectorized map");
    }
  }
}
