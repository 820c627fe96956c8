package dev.feedline.runtime;

import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.internal.cache.FileCaches;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * A generated pipeline, built into a graph: what every generated class shares. The generated
 * subclass adds its builder and the dataset ops of its stages; this class runs its epochs.
 *
 * @param <E> the element record of the last stage, as graph operands
 * @param <T> the record of tensors an epoch hands out to Java
 */
public abstract class BuiltPipeline<E, T extends AutoCloseable> implements AutoCloseable {
  private final DatasetIterator iterator;
  private final E output;
  private final Function<Result, T> toTensors;

  /**
   * @param toOutput the element record of the iterator's outputs, in component order
   * @param toTensors the record of tensors of one fetched element, in component order
   */
  protected BuiltPipeline(DatasetIterator iterator, Function<List<Output<?>>, E> toOutput,
      Function<Result, T> toTensors) {
    this.iterator = iterator;
    this.output = toOutput.apply(iterator.outputs());
    this.toTensors = toTensors;
  }

  /**
   * The next element as graph operands, for a model in the same graph: every run of an op that
   * depends on them consumes one element.
   */
  public E output() {
    return output;
  }

  /**
   * Starts an epoch in {@code session} and iterates its elements as tensors. An epoch that reaches
   * its end fills any memory cache, and later epochs read it; after an epoch that failed or was
   * left early, the next one reads the source again.
   *
   * <p>One epoch runs at a time: starting one, here or through {@link #steps} or {@link #resume},
   * ends the open epoch, whose iterator then throws an {@link IllegalStateException} at its next
   * call.
   */
  public EpochIterator<T> epoch(Session session) {
    return iterator.epoch(session, toTensors);
  }

  /**
   * Starts an epoch in {@code session} and runs {@code step} once per element, until the epoch
   * ends: {@code step} adds the targets and fetches of a training step that consumes
   * {@link #output()}. Like {@link #epoch}, it ends the open epoch.
   *
   * <p>{@code step} runs on every step: declare it once, before, as a {@link TrainingStep} of the
   * model's updates and fetches ({@code TrainingStep.of(updates, loss)}), or as a lambda that only
   * names ops built before ({@code run -> run.addTarget(train).fetch(loss)}). An op created inside
   * a lambda would be created again at every step and grow the graph without end; a step after the
   * first that adds ops to the graph fails the epoch with a {@link FeedlineException} naming them
   * (the first may add some, once).
   */
  public EpochIterator<Result> steps(Session session, UnaryOperator<Session.Runner> step) {
    return iterator.steps(session, step);
  }

  /**
   * Saves where the running epoch is to {@code file}, atomically: {@link #resume} continues from
   * there, in this or another process, with the same elements.
   */
  public void checkpoint(Session session, Path file) {
    iterator.checkpoint(session, file);
  }

  /**
   * Restores the epoch saved in {@code file} and iterates the rest of it as tensors. Like
   * {@link #epoch}, it ends the open epoch.
   *
   * @throws FeedlineException when the file is truncated, corrupt, or from another pipeline or
   *     another definition of this one
   */
  public EpochIterator<T> resume(Session session, Path file) {
    return iterator.resume(session, file, toTensors);
  }

  /**
   * Restores the epoch saved in {@code file} and runs {@code step} once per element of the rest of
   * it, checked like {@link #steps}'s.
   */
  public EpochIterator<Result> resumeSteps(
      Session session, Path file, UnaryOperator<Session.Runner> step) {
    return iterator.resumeSteps(session, file, step);
  }

  /**
   * How long the consumer has waited for a batch in device memory during the current epoch: the
   * part of its steps that is bound by input. Zero without {@code @PrefetchToDevice}.
   */
  public Duration inputWait() {
    return iterator.inputWait();
  }

  /**
   * The bad records left out of every epoch, found when the pipeline was built; none unless the
   * source declares {@code badRecords = SKIP}. Each epoch that reaches its end logs them too.
   */
  public SkippedRecords skippedRecords() {
    return iterator.skippedRecords();
  }

  /**
   * The {@code @Vocabulary} named {@code name}, as it was loaded when the pipeline was built: its
   * {@link VocabularyTable#size() size} (tokens and out-of-vocabulary buckets, for an embedding or
   * a classifier), and its tokens in id order. The name is the vocabulary's method name, the one its
   * builder setter takes. (A pipeline with a vocabulary is never another's source, so every
   * vocabulary a pipeline reads is its own.)
   *
   * @throws IllegalArgumentException naming the vocabularies the pipeline has, when none has the
   *     name
   */
  public VocabularyTable vocabulary(String name) {
    List<VocabularyTable> all = vocabularies();
    return all.stream().filter(v -> v.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Pipeline "
            + iterator.pipeline().simpleName() + " has no @Vocabulary named '" + name + "'; "
            + (all.isEmpty() ? "it has none" : "it has " + all.stream()
                .map(v -> "'" + v.name() + "'").collect(Collectors.joining(", ")))
            + (fitted(name) ? "; '" + name + "' is a @Statistics FittedVocabulary: read it with"
                + " statistic(\"" + name + "\", FittedVocabulary.class)" : "")));
  }

  private boolean fitted(String name) {
    return iterator.data().inputs().stream().anyMatch(input -> input instanceof FittedVocabulary v
        && v.name().equals(name));
  }

  /** The pipeline's {@code @Vocabulary} tables, in the order its builder loaded them. */
  public List<VocabularyTable> vocabularies() {
    return iterator.data().inputs().stream().filter(VocabularyTable.class::isInstance)
        .map(VocabularyTable.class::cast).toList();
  }

  /**
   * The {@code @Statistics} named {@code name}, as it was fitted (or read from its cache) when the
   * pipeline was built: {@code statistic("features", Moments.class).mean()}. The name is the
   * statistic's method name; hand the same object to a serving function, so that it holds
   * exactly these values.
   *
   * @throws IllegalArgumentException naming the statistics the pipeline has, when none has the
   *     name and type
   */
  public <S extends FittedStatistic> S statistic(String name, Class<S> type) {
    List<FittedStatistic> all = iterator.data().inputs().stream()
        .filter(FittedStatistic.class::isInstance).map(FittedStatistic.class::cast).toList();
    return all.stream().filter(s -> s.name().equals(name) && type.isInstance(s)).findFirst()
        .map(type::cast)
        .orElseThrow(() -> new IllegalArgumentException("Pipeline "
            + iterator.pipeline().simpleName() + " has no @Statistics " + type.getSimpleName()
            + " named '" + name + "'; " + (all.isEmpty() ? "it has none" : "it has " + all.stream()
                .map(s -> s.getClass().getSimpleName() + " '" + s.name() + "'")
                .collect(Collectors.joining(", ")))));
  }

  /**
   * The seed that the stages taking an {@link ElementRandom} draw from: the builder's, or the one
   * drawn when it was given none, which a run can log to be repeated. Empty when no stage takes one.
   */
  public OptionalLong seed() {
    return iterator.seed();
  }

  /**
   * The pipeline's file caches and snapshots: the key of each, a fingerprint of the graph up to
   * it, the files read and the TensorFlow version, and the folder it is kept in. Read {@code
   * stages()}, {@code key(stage)} and {@code folder(stage)}; the type is the runtime's own
   * ({@code internal.cache}), whose other methods are for generated code.
   */
  public FileCaches fileCaches() {
    return iterator.fileCaches();
  }

  /**
   * The iterator behind the pipeline, for tools that ship with the runtime and examine it, such as
   * the doctor: an internal type, with no promise of compatibility.
   */
  public DatasetIterator iterator() {
    return iterator;
  }

  /**
   * Frees the dataset and its cache in the session that ran its epochs, and ends the open epoch.
   * Close the pipeline before that session.
   */
  @Override
  public void close() {
    iterator.release();
  }
}
