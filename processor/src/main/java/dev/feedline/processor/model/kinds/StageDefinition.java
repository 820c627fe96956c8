package dev.feedline.processor.model.kinds;

import dev.feedline.Compression;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.Parallelism;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.SizeModel.Count;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One kind of stage: its parameters, typed (a record named after the annotation, with one
 * component per member), and its answer to every question the checks and the writers ask of a
 * kind. A kind is one class implementing this interface; every question is an abstract method, so
 * a kind that leaves one unanswered does not compile, and the cross-kind views (the size model,
 * the reference order, the memory guard, the batch dimensions) are loops over these answers.
 *
 * <p>"Not given" sentinels ({@code 0} hints, {@code RANDOM_SEED}, {@code FOREVER}, an empty file)
 * are empty optionals. Each class also declares its catalogue entry, {@code KIND} (a
 * {@link StageKind}), its {@link dev.feedline.processor.model.Member} constants made from it, and
 * a static {@code read(MemberValues)}, which {@code KIND} names: how its values are read and
 * range-checked. Not sealed: the kinds are those {@link StageCoder} has a method for, and
 * {@code KindCatalogueTest} checks that every implementation is a record in this package with
 * such a method.
 */
public interface StageDefinition {

  /** The annotation catalogue's entry of this kind: its annotation and form. */
  StageKind kind();

  /** What the kind does: keeps the type, batches, stands on file names, runs a function, ... */
  Set<StageKind.Trait> traits();

  /**
   * The elements it hands out per epoch (per worker, when sharded), given the {@code in} that
   * reach it: the size model's step.
   */
  Count elements(Count in, SizeModel.Upstream upstream);

  /**
   * The batch dimensions in front of every output component, given those in front of its input's:
   * a batch adds one, an unbatch takes one off, a source that reads pipelines starts from theirs.
   */
  List<Long> outer(List<Long> in);

  /**
   * Its place in the reference order of the order check: 0 sources, 1 shard, 2 interleave,
   * 3 shuffle without a cache, 4 decode and maps, 5 caches (and a shuffle after one), 6 random
   * maps after a cache, 7 batches, 8 vectorized maps, 9 prefetch, 10 on the device; -1 for a
   * stage the order does not place.
   *
   * @param stage the stage of this kind, for what its element types say (a map's cost)
   * @param cached whether the pipeline has a cache or snapshot
   */
  int rank(Stage stage, boolean cached);

  /**
   * Whether every element it is given goes on, one for one: the run-time memory guard counts a
   * buffer after a stage that drops, multiplies or groups elements as seeing fewer than all.
   */
  boolean passesEverySourceElement();

  /**
   * Whether, after a memory cache, it hands out as many elements every epoch as it is given and
   * may be built in the graph function that runs the epochs across one iterator.
   */
  boolean keepsEpochLength();

  /** Calls the writer's method for this kind: its tf.data code. */
  <R> R accept(StageCoder<R> coder);

  /** The members of stages that work on elements in parallel. */
  interface Parallel extends StageDefinition {
    Parallelism parallel();

    boolean deterministic();

    /** The {@code parallel} member, to anchor a diagnostic on. */
    Member parallelMember();

    /** The {@code deterministic} member, to anchor a diagnostic on. */
    Member deterministicMember();
  }

  /** The members of stages that stack elements into batches. */
  interface Batching extends StageDefinition {
    long size();

    boolean dropRemainder();

    /** How many batches of {@code size} {@code in} elements make, the last one full or not. */
    static Count batches(Count in, long size, boolean dropRemainder) {
      return dropRemainder ? in.map(n -> n / size) : in.map(n -> Saturating.ceilDiv(n, size));
    }

    /** {@code in} with a batch dimension of {@code size} (or unknown) in front. */
    static List<Long> batched(List<Long> in, long size) {
      List<Long> batched = new ArrayList<>();
      batched.add(size);
      batched.addAll(in);
      return batched;
    }
  }

  /** The members of sources that read files named at run time. */
  interface Files extends StageDefinition {
    OptionalLong files();

    OptionalLong records();

    OptionalLong bytesPerFile();

    Compression compression();
  }

  /** The members of stages that stack elements into batches, padding variable lengths. */
  interface Padding extends Batching {
    List<Pad> padding();
  }

  /**
   * How one component is padded.
   *
   * @param value the padding value of a numeric component
   * @param text the padding value of a string component
   * @param length the length its first dimension is padded to; empty for the batch's longest
   */
  record Pad(String component, double value, String text, OptionalLong length, boolean truncate) {}

  /** The members of sources that read other pipelines, each through its generated class. */
  interface Pipelines extends StageDefinition {
    /** The pipelines read, as declared in {@code of}, in order. */
    List<PipelineModel> of();

    /**
     * The batch dimensions in front of the elements the pipelines hand out: a size they share, or
     * unknown where they differ. Pipelines batched to different ranks are reported by the checks.
     */
    static List<Long> outerOf(List<PipelineModel> pipelines) {
      List<Long> outer = new ArrayList<>(pipelines.get(0).lastOnHost().outer());
      for (PipelineModel pipeline : pipelines) {
        List<Long> other = pipeline.lastOnHost().outer();
        for (int i = 0; i < outer.size() && i < other.size(); i++) {
          if (!outer.get(i).equals(other.get(i))) {
            outer.set(i, StaticShape.UNKNOWN);
          }
        }
      }
      return outer;
    }
  }
}
