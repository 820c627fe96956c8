package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.FlatMap;
import dev.feedline.InMemorySource;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.Window;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/** Stages that make several elements of one: crops of a square, counts, windows over readings. */
public final class ExpandingPipelines {
  private ExpandingPipelines() {}

  /** A 4×4 square of values and its id. */
  @Element
  public record Square(@Shape({4, 4}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> id) {}

  /** One 2×2 quarter of a square: 0 top left, 1 top right, 2 bottom left, 3 bottom right. */
  @Element
  public record Quarter(
      @Shape({2, 2}) Operand<TFloat32> pixels,
      @Shape({}) Operand<TInt64> id,
      @Shape({}) Operand<TInt64> quarter) {}

  /** A reading of a sensor at time {@code t}. */
  @Element
  public record Reading(@Shape({}) Operand<TInt64> t, @Shape({}) Operand<TFloat32> value) {}

  /** Each square becomes its four quarters. */
  @Pipeline
  public interface Quarters {
    @InMemorySource
    Square squares();

    @FlatMap
    static Quarter quarters(Ops tf, Square square) {
      Operand<TFloat32> rows = tf.reshape(square.pixels(), tf.constant(new long[] {2, 2, 2, 2}));
      // [row half, row, column half, column] -> [row half, column half, row, column]
      Operand<TFloat32> quarters = tf.reshape(tf.linalg.transpose(rows,
          tf.constant(new int[] {0, 2, 1, 3})), tf.constant(new long[] {4, 2, 2}));
      return new Quarter(quarters, tf.fill(tf.constant(new int[] {4}), square.id()),
          tf.range(tf.constant(0L), tf.constant(4L), tf.constant(1L)));
    }
  }

  /** Reading {@code t} becomes {@code t % 3} copies of itself: none, one or two. */
  @Pipeline
  public interface Copies {
    @InMemorySource
    Reading readings();

    @FlatMap
    static Reading copies(Ops tf, Reading reading) {
      Operand<TInt64> n = tf.math.mod(reading.t(), tf.constant(3L));
      Operand<TInt32> shape = tf.dtypes.cast(tf.reshape(n, tf.constant(new long[] {1})),
          TInt32.class);
      return new Reading(tf.fill(shape, reading.t()), tf.fill(shape, reading.value()));
    }
  }

  /** Windows of 4 readings, starting every 2: they overlap by half. */
  @Pipeline
  public interface Overlapping {
    @InMemorySource
    Reading readings();

    @Window(size = 4, shift = 2, dropRemainder = true)
    Reading windows(Reading reading);
  }

  /** Windows of 4 readings side by side, the last one shorter. */
  @Pipeline
  public interface SideBySide {
    @InMemorySource
    Reading readings();

    @Window(size = 4)
    Reading windows(Reading reading);
  }
}
