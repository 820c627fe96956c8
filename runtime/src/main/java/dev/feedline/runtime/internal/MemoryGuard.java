package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * Fails a pipeline before its first element when a cache or shuffle buffer would not fit its RAM
 * budget, measured with the real number of elements, instead of letting it drive the machine into
 * swap halfway through an epoch. The budget is the builder's {@code ramBudget(bytes)}, else
 * {@code @Pipeline(ramBudget)}, else half the machine's memory, as tf.data's autotuner assumes.
 * A large memory cache in a process whose tensors come from glibc's malloc also gets a warning:
 * that allocator holds several times the cache ({@link TensorAllocator}).
 */
public final class MemoryGuard {
  private static final System.Logger LOG = System.getLogger(MemoryGuard.class.getName());

  /** A memory cache from this size on is worth a warning about a fragmenting allocator. */
  static final long FRAGMENTATION_WARNING_BYTES = 256L << 20;

  private MemoryGuard() {}

  /**
   * A stage that holds elements in memory.
   *
   * @param stage the stage method's name
   * @param bytesPerElement the element size, from its static shapes; -1 when a string or an
   *     unknown dimension leaves it open
   * @param capacity the elements it holds: the shuffle buffer; -1 for a cache, which holds them all
   * @param seesEveryElement whether every source element reaches it (no filter, take or shard
   *     before it), so that the source's count is its count
   */
  public record Buffer(String stage, long bytesPerElement, long capacity, boolean seesEveryElement) {}

  /** A cache of elements of {@code spec}. */
  public static Buffer cache(String stage, ElementSpec spec, boolean seesEveryElement) {
    return new Buffer(stage, spec.fixedBytes(), -1, seesEveryElement);
  }

  /** A shuffle buffer of {@code capacity} elements of {@code spec}. */
  public static Buffer shuffle(
      String stage, ElementSpec spec, long capacity, boolean seesEveryElement) {
    return new Buffer(stage, spec.fixedBytes(), capacity, seesEveryElement);
  }

  /**
   * Checks every buffer against the budget.
   *
   * @param runTimeBudget the budget the builder was given, in bytes; -1 when none was
   * @param elements the number of source elements: records in the files, or in-memory rows; -1
   *     when remote files leave it unknown, and a shuffle buffer is then measured at its capacity
   * @throws FeedlineException naming the stage that would not fit, and what to do instead
   */
  public static void check(
      PipelineInfo pipeline, long runTimeBudget, long elements, List<Buffer> buffers) {
    check(pipeline, runTimeBudget, elements, buffers, TensorAllocator.ofThisProcess());
  }

  /** {@link #check}, with the process's tensor allocator; null when it is not known. */
  static void check(PipelineInfo pipeline, long runTimeBudget, long elements, List<Buffer> buffers,
      TensorAllocator allocator) {
    long budget = runTimeBudget > 0 ? runTimeBudget
        : pipeline.ramBudget() > 0 ? pipeline.ramBudget()
        : halfOfMemory();
    String budgetText = bytes(budget) + (runTimeBudget > 0 ? " (the builder's ramBudget)"
        : pipeline.ramBudget() > 0 ? " (@Pipeline(ramBudget))"
        : " (half of this machine's memory; set another with @Pipeline(ramBudget))");
    for (Buffer buffer : buffers) {
      if (buffer.bytesPerElement() < 0 || (!buffer.seesEveryElement() && buffer.capacity() < 0)) {
        continue; // not measurable before the first element; the compile-time estimate noted it
      }
      long held = buffer.capacity() < 0 ? elements // a cache holds every element
          : buffer.seesEveryElement() && elements >= 0 ? Math.min(buffer.capacity(), elements)
          : buffer.capacity();
      if (held < 0) {
        continue; // a cache of remote files, whose records are not counted before the epoch
      }
      double needed = (double) held * buffer.bytesPerElement();
      if (needed > budget) {
        boolean cache = buffer.capacity() < 0;
        String what = String.format(Locale.ROOT, "%s %,d elements of %s needs %s, more than the RAM"
            + " budget of %s", cache ? "caching" : "a shuffle buffer of", held,
            bytes(buffer.bytesPerElement()), bytes(needed), budgetText);
        String fix = cache
            ? "cache to a file with @Cache(file = ...), or cache smaller elements before the stage"
                + " that enlarges them"
            : "use a smaller buffer, or shuffle before the stage that enlarges the elements";
        throw new FeedlineException(pipeline.simpleName(), pipeline.stage(buffer.stage()), null,
            what + "; " + fix, null);
      }
      if (buffer.capacity() < 0 && needed >= FRAGMENTATION_WARNING_BYTES && allocator != null
          && allocator.fragmentsUnderCache()) {
        warnFragmenting(pipeline, buffer.stage(), needed);
      }
    }
  }

  /** Says, once per cache and build, that this process's allocator will hold a multiple of it. */
  private static void warnFragmenting(PipelineInfo pipeline, String stage, double bytes) {
    LOG.log(System.Logger.Level.WARNING, "Pipeline {0}, stage ''{1}'' (@Cache) keeps {2} in memory,"
        + " and TensorFlow takes its tensors from glibc''s malloc in this process (oneDNN off, and"
        + " no tcmalloc or jemalloc loaded), whose arenas grow under a cache to several"
        + " times its size and slow every cached epoch. Start the JVM with"
        + " TF_ENABLE_ONEDNN_OPTS=1, as ./feedline does, which gives the large tensors oneDNN''s"
        + " pool, or with LD_PRELOAD=libtcmalloc_minimal.so.4 (Debian and Ubuntu:"
        + " libtcmalloc-minimal4); docs/performance.md#memory has the measurements.",
        pipeline.simpleName(), stage, bytes(bytes));
  }

  private static long halfOfMemory() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize() / 2;
  }

  private static String bytes(double value) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value)
        : String.format(Locale.ROOT, "%.2f %s", value, units[unit]);
  }
}
