package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.ByteDataBuffer;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The tensors of an in-memory source, fed to every run that makes an iterator of its dataset
 * instead of written into the graph as constants. A constant holds the data in the graph, and
 * TensorFlow's graph optimizer copies every constant of the subgraph each time a session runs a
 * new set of ops, several times over: 294 MiB of frames grew the process by 4.1 GiB and cost
 * 24 to 33 ms of CPU a frame (docs/performance.md#in-memory-data-fed). A fed tensor is handed
 * over without a copy, and the dataset holds it as it is.
 *
 * <p>{@code build()} copies the caller's tensors once, so that the caller may close them, and
 * the pipeline frees the copy when it is closed. Also checks, at {@code build()}, the tensors
 * given against the element they hold: TensorFlow's own message comes at the first element and
 * names neither the component nor which side is the declaration.
 */
public final class InMemoryData implements AutoCloseable {
  private final PipelineInfo pipeline;
  private final List<TType> tensors;
  private final List<Operand<?>> values;
  private final boolean owned;
  private boolean closed;

  private InMemoryData(Ops tf, PipelineInfo pipeline, List<TType> tensors, boolean owned) {
    this.pipeline = pipeline;
    this.tensors = List.copyOf(tensors);
    this.owned = owned;
    List<Operand<?>> values = new ArrayList<>();
    for (int i = 0; i < tensors.size(); i++) {
      TType tensor = tensors.get(i);
      values.add(tf.withName("in_memory_" + i).placeholder(tensor.type(),
          Placeholder.shape(tensor.shape())));
    }
    this.values = List.copyOf(values);
  }

  /**
   * A copy of {@code tensors} that the pipeline owns, to be fed in the graph of {@code tf}: for
   * {@code build()}, after which the caller may close its own.
   */
  public static InMemoryData copied(Ops tf, PipelineInfo pipeline, List<TType> tensors) {
    List<TType> copies = new ArrayList<>();
    try {
      for (TType tensor : tensors) {
        copies.add(copyOf(tensor));
      }
    } catch (RuntimeException | Error e) {
      copies.forEach(Tensor::close);
      throw e;
    }
    return new InMemoryData(tf, pipeline, copies, true);
  }

  /**
   * The caller's {@code tensors} as they are, to be fed in the graph of {@code tf}: for a graph
   * that runs only while they are open, such as a check at {@code build()}.
   */
  public static InMemoryData borrowed(Ops tf, PipelineInfo pipeline, List<TType> tensors) {
    return new InMemoryData(tf, pipeline, tensors, false);
  }

  private static TType copyOf(TType tensor) {
    if (tensor instanceof TString text) {
      return TString.tensorOfBytes(text.asBytes());
    }
    long bytes = tensor.numBytes();
    return Tensor.of(tensor.type(), tensor.shape(), bytes,
        copy -> tensor.asRawTensor().data().copyTo(copy.asRawTensor().data(), bytes));
  }

  /**
   * A SHA-256 of the data, in hex: each tensor's type, shape and bytes. A file cache's key holds
   * it, since the graph holds only the placeholders.
   */
  public synchronized String digest() {
    requireOpen();
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    byte[] chunk = new byte[1 << 20];
    for (TType tensor : tensors) {
      sha.update((tensor.dataType() + " " + tensor.shape() + ";").getBytes(StandardCharsets.UTF_8));
      if (tensor instanceof TString text) {
        text.asBytes().scalars().forEach(value -> {
          byte[] bytes = value.getObject();
          sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
          sha.update(bytes);
        });
        continue;
      }
      ByteDataBuffer bytes = tensor.asRawTensor().data();
      for (long at = 0; at < bytes.size(); at += chunk.length) {
        int length = (int) Math.min(chunk.length, bytes.size() - at);
        bytes.offset(at).read(chunk, 0, length);
        sha.update(chunk, 0, length);
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  /** The components' values in the graph, one tensor per component, each the elements' rows. */
  public List<Operand<?>> values() {
    return values;
  }

  /**
   * Feeds the values to {@code runner}, which may make an iterator of a dataset of them.
   *
   * @throws FeedlineException naming the pipeline, once it was closed and its copy freed
   */
  public synchronized Session.Runner feed(Session.Runner runner) {
    requireOpen();
    for (int i = 0; i < values.size(); i++) {
      runner.feed(values.get(i), tensors.get(i));
    }
    return runner;
  }

  private void requireOpen() {
    if (closed) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), null,
          "the pipeline was closed, and its copy of the in-memory data freed with it; build it"
              + " again to read the data", null);
    }
  }

  /** Frees the pipeline's copy; a run that feeds it afterwards fails, naming the pipeline. */
  @Override
  public synchronized void close() {
    if (!closed && owned) {
      tensors.forEach(Tensor::close);
    }
    closed = true;
  }

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
