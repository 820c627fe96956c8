package dev.feedline.runtime;

import java.lang.annotation.Annotation;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the runtime knows of a generated pipeline: its declaring type, a fingerprint of its
 * definition, and its stages in order, each with the tf.data ops the generated code builds for
 * it. It names the stage in error messages and the definition in checkpoints; tools such as the
 * doctor find each stage's op in the graph through it.
 *
 * @param name the qualified name of the {@code @Pipeline} interface
 * @param definition a fingerprint of the stage plan: it changes when a stage, a value or a shape
 *     does, so a checkpoint of another definition is refused
 * @param ramBudget the declared {@code @Pipeline(ramBudget)} in bytes; -1 when none is declared
 * @param stages the stages in source order, the source first
 */
public record PipelineInfo(String name, String definition, long ramBudget, List<Stage> stages) {

  /** What a stage does, as far as the runtime and the tools need to know. */
  public enum Trait {
    /** Makes the pipeline's first elements: file names or in-memory tensors. */
    SOURCE,
    /** Runs a function on every element: reads a file, parses, decodes, maps or filters. */
    ELEMENT_WORK,
    /** Draws random values, which a checkpoint cannot restore. */
    RANDOM,
    /**
     * Draws random values from per-element seeds ({@code ElementRandom}): the same on every run,
     * at any parallelism, and restored with a checkpoint.
     */
    SEEDED,
    /**
     * Parses its records or lines a batch at a time, between a batch and an unbatch, as the
     * processor's plan decided: its dataset op is the unbatch, the parse is the map under it.
     */
    VECTORIZED_PARSE,
    /**
     * Reads a text source's lines in the thread that asks for them, though its annotation lets
     * it read them in parallel, as the processor's plan decided: its dataset op is a sequential
     * interleave.
     */
    LINES_IN_ONE_THREAD,
    /** Stacks elements into batches. */
    BATCHING,
    /** Runs after the iterator, on the training device, in the consumer's graph. */
    ON_DEVICE
  }

  /**
   * One stage.
   *
   * @param method the stage method's name
   * @param annotation the stage annotation, such as {@code dev.feedline.Map}
   * @param traits what the stage does
   * @param ops the types of the dataset ops built for it, outermost first, such as
   *     {@code ParallelMapDatasetV2}; ops inside its function follow (an interleave's
   *     {@code TFRecordDatasetV2}); empty for a device stage, which builds no dataset
   */
  public record Stage(String method, Class<? extends Annotation> annotation, Set<Trait> traits,
      List<String> ops) {
    public Stage {
      traits = traits.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(traits));
      ops = List.copyOf(ops);
    }

    public boolean has(Trait trait) {
      return traits.contains(trait);
    }

    public boolean is(Class<? extends Annotation> type) {
      return annotation == type;
    }

    /** The annotation's simple name, such as {@code Map}. */
    public String annotationName() {
      return annotation.getSimpleName();
    }

    @Override
    public String toString() {
      return "'" + method + "' (@" + annotationName() + ")";
    }
  }

  public PipelineInfo {
    stages = List.copyOf(stages);
  }

  /** A pipeline without a declared RAM budget. */
  public PipelineInfo(String name, String definition, List<Stage> stages) {
    this(name, definition, -1, stages);
  }

  /** The stage with this method name. */
  public Stage stage(String method) {
    return stages.stream().filter(s -> s.method().equals(method)).findFirst().orElseThrow(
        () -> new IllegalArgumentException(simpleName() + " has no stage " + method));
  }

  /** A source stage; static-import the factories to keep the generated stage list readable. */
  public static Stage source(String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.SOURCE), List.of(ops));
  }

  /** A stage that runs a function on every element. */
  public static Stage elementWork(
      String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.ELEMENT_WORK), List.of(ops));
  }

  /**
   * A parse of records or lines that the plan made vectorized: a batch, the parse as a map, an
   * unbatch.
   */
  public static Stage vectorizedParse(
      String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.ELEMENT_WORK, Trait.VECTORIZED_PARSE),
        List.of(ops));
  }

  /**
   * An interleave of a text source's lines that the plan reads in one thread, though its
   * annotation lets it read them in parallel.
   */
  public static Stage linesInOneThread(
      String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.ELEMENT_WORK, Trait.LINES_IN_ONE_THREAD),
        List.of(ops));
  }

  /** A stage that runs a function drawing random values on every element. */
  public static Stage randomWork(
      String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.ELEMENT_WORK, Trait.RANDOM), List.of(ops));
  }

  /** A stage that runs a function drawing from per-element seeds on every element. */
  public static Stage seededWork(
      String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.ELEMENT_WORK, Trait.SEEDED), List.of(ops));
  }

  /** A stage that stacks elements into batches. */
  public static Stage batching(String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(Trait.BATCHING), List.of(ops));
  }

  /** Any other stage of tf.data: it caches, reorders, selects or buffers elements. */
  public static Stage stage(String method, Class<? extends Annotation> annotation, String... ops) {
    return new Stage(method, annotation, Set.of(), List.of(ops));
  }

  /** A stage after the iterator, on the training device. */
  public static Stage deviceStage(String method, Class<? extends Annotation> annotation,
      Trait... traits) {
    Set<Trait> all = EnumSet.of(Trait.ON_DEVICE, traits);
    return new Stage(method, annotation, all, List.of());
  }

  /** The pipeline's simple name, for messages. */
  public String simpleName() {
    return name.substring(name.lastIndexOf('.') + 1);
  }
}
