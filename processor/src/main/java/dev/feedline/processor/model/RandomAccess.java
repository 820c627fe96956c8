package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.InMemorySourceStage;
import dev.feedline.processor.model.kinds.ShuffleStage;
import java.util.List;
import java.util.Optional;

/**
 * Which stages give TensorFlow random access to their elements, and so which {@code @Shuffle}
 * stages shuffle globally: TensorFlow's {@code GlobalShuffleDataset} hands out a permutation of
 * the element indices computed from the seeds and the position alone, so it holds no buffer,
 * every order is equally likely, and a checkpoint records a position. It needs every stage before
 * it to give random access: in TensorFlow 2.18 the in-memory source ({@code TensorSliceDataset})
 * does, and so does a memory cache over it; a map (which tf.data rewrites to a parallel map), a
 * prefetch, an unbatch and every file reader do not (docs/performance.md#global-shuffle).
 */
public final class RandomAccess {
  private RandomAccess() {}

  /** Whether {@code stage} is a {@code @Shuffle} that shuffles globally, without a buffer. */
  public static boolean shufflesGlobally(PipelineModel pipeline, Stage stage) {
    return stage.definition() instanceof ShuffleStage && firstWithout(pipeline, stage).isEmpty();
  }

  /**
   * The first stage before {@code shuffle} that gives no random access to its elements: empty
   * when every stage before it is the in-memory source or a memory cache.
   */
  public static Optional<Stage> firstWithout(PipelineModel pipeline, Stage shuffle) {
    return before(pipeline, shuffle).stream()
        .filter(s -> !(s.position() == 1 && s.definition() instanceof InMemorySourceStage
            || isMemoryCache(s)))
        .findFirst();
  }

  /**
   * Whether a shuffle stands where a global one would serve: after a memory cache, or over an
   * in-memory source; the generated code of a buffered one there names the stage that keeps it
   * from shuffling globally.
   */
  public static boolean couldShuffleGlobally(PipelineModel pipeline, Stage shuffle) {
    return pipeline.stages().get(0).definition() instanceof InMemorySourceStage
        || before(pipeline, shuffle).stream().anyMatch(RandomAccess::isMemoryCache);
  }

  private static List<Stage> before(PipelineModel pipeline, Stage stage) {
    return pipeline.stages().subList(0, stage.position() - 1);
  }

  private static boolean isMemoryCache(Stage stage) {
    return stage.definition() instanceof CacheStage cache && cache.file().isEmpty();
  }
}
