package dev.feedline.runtime;

import dev.feedline.runtime.internal.files.CheckedInput;
import dev.feedline.runtime.internal.files.FileIdentity;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.ndarray.Shape;

/**
 * A statistic fitted over the elements of another pipeline, once, before this pipeline is built:
 * a {@code @Statistics} input, handed to the maps that take it as a parameter of its name, where
 * its values are constants of their graph functions. A pipeline built later (for evaluation, or
 * a serving function) given the same statistic uses exactly the same values.
 *
 * <p>Its values are read from the built pipeline ({@link BuiltPipeline#statistic}); a file cache
 * key that covers a map taking it covers the values, since they are constants of its graph.
 */
public abstract class FittedStatistic implements CheckedInput {
  private final Fit fit;

  /** Only the runtime's statistics extend it: its constructor is package-private. */
  FittedStatistic(Fit fit) {
    this.fit = fit;
  }

  /**
   * Where a statistic came from.
   *
   * @param name the {@code @Statistics} method's name
   * @param over the simple name of the pipeline whose elements it was fitted over
   * @param component the component of those elements
   * @param shape the component's shape in one element, without batch dimensions
   * @param count how many values of each position it saw: elements, times the batch sizes
   * @param key the cache key: the over pipeline's graph, its files, TensorFlow's version and what
   *     is fitted, hashed
   * @param identities the over pipeline's files when the statistic was fitted (or cached)
   * @param cacheFile the file it is kept in; null where it is not cached
   * @param cached whether it was read from that file, rather than fitted by this build
   */
  public record Fit(String name, String over, String component, Shape shape, long count,
      String key, List<FileIdentity> identities, Path cacheFile, boolean cached) {
    public Fit {
      identities = List.copyOf(identities);
    }
  }

  /** The {@code @Statistics}' name: its method's, the parameter name of the maps that take it. */
  public String name() {
    return fit.name();
  }

  /** Where it came from: the pipeline, the component, the count, the cache key. */
  public Fit fit() {
    return fit;
  }

  /** How many values of each position of the component the statistic saw. */
  public long count() {
    return fit.count();
  }

  @Override
  public String kind() {
    return "statistics '" + fit.name() + "'";
  }

  @Override
  public String check() {
    return "fitted over " + fit.over() + "'s component '" + fit.component() + "' ("
        + fit.count() + " values a position, key " + fit.key() + ")";
  }

  /**
   * The over pipeline's files as they were fitted: changed while this pipeline runs, its next
   * epoch fails naming the file, so that one run never uses statistics of other data.
   */
  @Override
  public List<FileIdentity> identities() {
    return fit.identities();
  }

  static double[] copy(double[] values) {
    return Arrays.copyOf(values, values.length);
  }
}
