package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.util.List;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.family.TType;

/**
 * Checks the tensors given to an in-memory source against the element they hold, at
 * {@code build()}: TensorFlow's own message comes at the first element and names neither the
 * component nor which side is the declaration.
 */
public final class InMemoryData {
  private InMemoryData() {}

  /**
   * Checks that tensor {@code i} holds one row per element of component {@code i} of
   * {@code element}: its dtype, and its shape with the element count in front.
   *
   * @throws FeedlineException naming the component, the expected tensor (from the declaration)
   *     and the tensor given
   */
  public static void check(PipelineInfo pipeline, ElementSpec element, List<TType> tensors) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    long rows = -1;
    String first = null;
    for (int i = 0; i < tensors.size(); i++) {
      ElementSpec.Component component = element.components().get(i);
      TType tensor = tensors.get(i);
      Shape got = tensor.shape();
      Shape declared = component.shape();
      boolean fits = tensor.type() == component.type()
          && got.numDimensions() == declared.numDimensions() + 1;
      for (int d = 0; fits && d < declared.numDimensions(); d++) {
        fits = declared.size(d) == Shape.UNKNOWN_SIZE || declared.size(d) == got.size(d + 1);
      }
      if (!fits) {
        throw new FeedlineException(pipeline.simpleName(), source, null, "component '"
            + component.name() + "' is declared " + component.type().getSimpleName() + " "
            + declared + " per element, so its tensor must be " + component.type().getSimpleName()
            + " " + rowsOf(declared) + ", one row per element; got "
            + tensor.type().getSimpleName() + " " + got, null);
      }
      if (rows >= 0 && got.size(0) != rows) {
        throw new FeedlineException(pipeline.simpleName(), source, null, "component '"
            + component.name() + "' holds " + got.size(0) + " elements, but component '" + first
            + "' holds " + rows + "; every component holds one row per element", null);
      }
      rows = got.size(0);
      first = component.name();
    }
  }

  /**
   * Checks that the data holds an element for the global shuffle {@code shuffle} to shuffle:
   * TensorFlow's {@code GlobalShuffleDataset} refuses no elements, in a message that names no stage.
   *
   * @throws FeedlineException naming the source and the shuffle
   */
  public static void requireElements(PipelineInfo pipeline, String shuffle, long elements) {
    if (elements == 0) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), null,
          "the data holds no elements, and @Shuffle '" + shuffle + "' shuffles them globally"
              + " (docs/performance.md#global-shuffle), which needs at least one", null);
    }
  }

  /** {@code [n, 2]} for a declared {@code [2]}. */
  private static String rowsOf(Shape declared) {
    StringBuilder text = new StringBuilder("[n");
    for (long size : declared.asArray()) {
      text.append(", ").append(size == Shape.UNKNOWN_SIZE ? "?" : String.valueOf(size));
    }
    return text.append(']').toString();
  }
}
