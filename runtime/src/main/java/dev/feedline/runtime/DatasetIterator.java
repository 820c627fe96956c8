package dev.feedline.runtime;

import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.DestroyResourceOp;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.op.data.Iterator;
import org.tensorflow.types.family.TType;

/**
 * The iterator of a generated pipeline, and its lifecycle across epochs.
 *
 * <p>Graph mode runs the dataset-building ops again on every {@code MakeIterator}: a memory cache
 * would start empty and a seeded shuffle would repeat its order each epoch. So the dataset is
 * built once per session and parked in a resource variable; every epoch makes a fresh iterator over
 * that same dataset. Its cache is then filled once and served from epoch 2 on, and its shuffle
 * draws a new order per epoch (the same sequence of orders on every run when seeded).
 */
public final class DatasetIterator {
  private final PipelineInfo pipeline;
  private final DataSource data;
  private final Op park;
  private final Op release;
  private final Op start;
  private final List<Output<?>> outputs;
  private Session parkedIn;

  /**
   * Adds the iterator ops for {@code dataset} to the graph of {@code tf}.
   *
   * @param spec the element spec of the dataset's last stage
   * @param data what the dataset reads, to name the file and record behind a data error
   */
  public DatasetIterator(Ops tf, PipelineInfo pipeline, Operand<? extends TType> dataset,
      ElementSpec spec, DataSource data) {
    TVariant.register();
    this.pipeline = pipeline;
    this.data = data;
    VarHandleOp parked = tf.withName("parked_dataset").varHandleOp(TVariant.class, Shape.scalar());
    this.park = tf.withName("park_dataset").assignVariableOp(parked, dataset);
    this.release =
        tf.withName("release_dataset")
            .destroyResourceOp(parked, DestroyResourceOp.ignoreLookupError(true));
    Iterator iterator = tf.withName("iterator").data.iterator("", "", spec.types(), spec.shapes());
    this.start =
        tf.withName("start_epoch")
            .data
            .makeIterator(tf.readVariableOp(parked, TVariant.class), iterator);
    this.outputs =
        List.copyOf(
            tf.withName("next_element")
                .data
                .iteratorGetNext(iterator, spec.types(), spec.shapes())
                .components());
  }

  /** The pipeline this iterator belongs to. */
  public PipelineInfo pipeline() {
    return pipeline;
  }

  /**
   * The next element's components, as graph outputs in spec order. Every run of an op that
   * depends on them consumes one element.
   */
  public List<Output<?>> outputs() {
    return outputs;
  }

  /**
   * Starts an epoch in {@code session}: builds the dataset the first time this session sees it,
   * then makes a fresh iterator over it.
   */
  public void startEpoch(Session session) {
    try {
      if (session != parkedIn) {
        session.run(park);
        parkedIn = session;
      }
      session.run(start);
    } catch (RuntimeException e) {
      throw translate(e);
    }
  }

  /**
   * Starts an epoch and iterates it, fetching every output component into a {@code Result} that
   * {@code toElement} turns into the element handed out.
   */
  public <T extends AutoCloseable> EpochIterator<T> epoch(
      Session session, Function<Result, T> toElement) {
    startEpoch(session);
    return new EpochIterator<>(
        () -> {
          Session.Runner runner = session.runner();
          outputs.forEach(runner::fetch);
          return toElement.apply(runner.run());
        },
        this::translate);
  }

  /**
   * Starts an epoch and runs one training step per element: {@code step} adds the targets and
   * fetches of a step, which consume the pipeline through {@link #outputs()}.
   */
  public EpochIterator<Result> steps(Session session, UnaryOperator<Session.Runner> step) {
    startEpoch(session);
    return new EpochIterator<>(() -> step.apply(session.runner()).run(), this::translate);
  }

  /**
   * Frees the dataset parked in the session, with its cache, while the session is still open: a
   * dataset freed by the session's own shutdown logs warnings about resources already gone. Does
   * nothing when no epoch ran.
   */
  public void release() {
    if (parkedIn != null) {
      Session session = parkedIn;
      parkedIn = null;
      session.run(release);
    }
  }

  /**
   * Wraps a TensorFlow error with the pipeline and, when they can be told, the stage, the file and
   * the record: TensorFlow's messages often name none of them.
   */
  RuntimeException translate(RuntimeException error) {
    if (error instanceof FeedlineException) {
      return error;
    }
    String message = String.valueOf(error.getMessage()).strip();
    PipelineInfo.Stage stage = StageLocator.locate(pipeline, message);
    String tensorFlowSays = message.lines().findFirst().orElse(message).strip();
    return data.explain(message)
        .map(culprit -> new FeedlineException(pipeline.simpleName(), stage, culprit.file(),
            culprit.problem() + " (TensorFlow: " + tensorFlowSays + ")", error))
        .orElseGet(() -> new FeedlineException(
            pipeline.simpleName(), stage, null, message, error));
  }
}
