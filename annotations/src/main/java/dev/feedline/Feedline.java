package dev.feedline;

/**
 * Constants shared by the stage annotations.
 *
 * <p>Use them with a static import: {@code import static dev.feedline.Feedline.AUTO;}.
 */
public final class Feedline {

  /**
   * Lets tf.data's autotuner choose a parallelism or buffer size at run time ({@code tf.data.AUTOTUNE}).
   */
  public static final int AUTO = -1;

  /**
   * Leaves a stage sequential: tf.data's default when {@code num_parallel_calls} is not given. The
   * checker warns about it, because a sequential map is the most common cause of a starving GPU.
   */
  public static final int SEQUENTIAL = 0;

  /** A dimension whose size is only known at run time, in {@link Shape}. */
  public static final long UNKNOWN = -1;

  /** Repeats a dataset forever, in {@link Repeat}. */
  public static final long FOREVER = -1;

  private Feedline() {}
}
