package dev.feedline.processor.model;

import dev.feedline.processor.base.ByteSize;
import dev.feedline.processor.base.Saturating;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.ShardStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;

/**
 * Static size estimates per stage, from declared shapes, dtypes and the size hints on sources:
 * bytes per output element and the number of output elements. Nothing is guessed: what the
 * declarations do not fix is unknown, and the size checks then say what to declare. Arithmetic
 * saturates at {@link Long#MAX_VALUE}: an estimate is never an overflow.
 */
public final class SizeModel {

  /** A number of elements: exact, an upper bound, unknown or infinite. */
  public record Count(long value, Kind kind) {
    public enum Kind { EXACT, AT_MOST, UNKNOWN, INFINITE }

    public static final Count UNKNOWN = new Count(0, Kind.UNKNOWN);
    public static final Count INFINITE = new Count(0, Kind.INFINITE);

    public static Count exact(long value) {
      return new Count(value, Kind.EXACT);
    }

    /** The count a size hint gives: exact when declared, unknown otherwise. */
    public static Count hint(OptionalLong value) {
      return value.isPresent() ? exact(value.getAsLong()) : UNKNOWN;
    }

    public boolean isFinite() {
      return kind == Kind.EXACT || kind == Kind.AT_MOST;
    }

    public Count atMost() {
      return isFinite() ? new Count(value, Kind.AT_MOST) : this;
    }

    public Count map(LongUnaryOperator f) {
      return isFinite() ? new Count(f.applyAsLong(value), kind) : this;
    }

    @Override
    public String toString() {
      return switch (kind) {
        case EXACT -> String.format(Locale.ROOT, "%,d", value);
        case AT_MOST -> String.format(Locale.ROOT, "at most %,d", value);
        case UNKNOWN -> "unknown";
        case INFINITE -> "infinite";
      };
    }
  }

  /** What a stage's count may depend on besides its input's: what stands before it. */
  public interface Upstream {
    /** The batch dimensions in front of the stage's input. */
    List<Long> inputOuter();

    /** The records of the pipeline's file source, as its hint says; unknown without one. */
    Count sourceRecords();

    /** The workers of the last {@code @Shard} before the stage; 1 without one. */
    long workers();
  }

  private final Map<Stage, Count> counts = new HashMap<>();
  /** The bound on the string bytes of an element, where records' sizes bound them. */
  private final Map<Stage, Long> stringBytes = new HashMap<>();
  private final Optional<Long> budget;

  public SizeModel(PipelineModel pipeline, Optional<Long> buildBudget) {
    this.budget = pipeline.settings().ramBudget().or(() -> buildBudget);
    Count count = Count.UNKNOWN;
    OptionalLong recordBytes = OptionalLong.empty();
    for (Stage stage : pipeline.stages()) {
      count = stage.definition().elements(count, upstream(pipeline, stage));
      if (stage.definition() instanceof StageDefinition.Files source) {
        recordBytes = averageRecord(source);
      }
      // A map can make strings of any size; until one, a record's size bounds its strings.
      if (stage.definition() instanceof MapStage) {
        recordBytes = OptionalLong.empty();
      }
      if (recordBytes.isPresent() && !stage.readsFiles()
          && !pipeline.betweenFileSourceAndReader(stage)) {
        stringBytes.put(stage, recordBytes.getAsLong());
      }
      counts.put(stage, count);
    }
  }

  private static Upstream upstream(PipelineModel pipeline, Stage stage) {
    return new Upstream() {
      @Override
      public List<Long> inputOuter() {
        return stage.position() == 1 ? List.of() : pipeline.previous(stage).outer();
      }

      @Override
      public Count sourceRecords() {
        return pipeline.source()
            .map(Stage::definition)
            .flatMap(source -> source instanceof StageDefinition.Files files
                ? Optional.of(Count.hint(files.records())) : Optional.empty())
            .orElse(Count.UNKNOWN);
      }

      @Override
      public long workers() {
        long workers = 1;
        for (Stage before : pipeline.before(stage)) {
          if (before.definition() instanceof ShardStage shard) {
            workers = shard.workerCount();
          }
        }
        return workers;
      }
    };
  }

  /** The size of one record, from the source's hints: bytes per file × files / records. */
  private static OptionalLong averageRecord(StageDefinition.Files source) {
    if (source.files().isEmpty() || source.records().isEmpty() || source.bytesPerFile().isEmpty()) {
      return OptionalLong.empty();
    }
    long total = saturatedMultiply(source.bytesPerFile().getAsLong(), source.files().getAsLong());
    return OptionalLong.of(ceilDiv(total, source.records().getAsLong()));
  }

  private static List<Count> counts(List<PipelineModel> pipelines) {
    return pipelines.stream()
        .map(p -> new SizeModel(p, Optional.empty()).count(p.lastOnHost()))
        .toList();
  }

  /**
   * The elements of a source that hands out every element of the pipelines it reads, one after
   * another: they add up.
   */
  public static Count total(List<PipelineModel> pipelines) {
    List<Count> counts = counts(pipelines);
    if (counts.stream().anyMatch(c -> c.kind() == Count.Kind.UNKNOWN)) {
      return Count.UNKNOWN;
    }
    if (counts.stream().anyMatch(c -> !c.isFinite())) {
      return Count.INFINITE;
    }
    return new Count(counts.stream().mapToLong(Count::value)
        .reduce(0, SizeModel::saturatedAdd), counts.stream()
        .allMatch(c -> c.kind() == Count.Kind.EXACT) ? Count.Kind.EXACT : Count.Kind.AT_MOST);
  }

  /** The elements of a source that ends with the first of its pipelines to end: the fewest. */
  public static Count fewest(List<PipelineModel> pipelines) {
    List<Count> counts = counts(pipelines);
    if (counts.stream().anyMatch(c -> c.kind() == Count.Kind.UNKNOWN)) {
      return Count.UNKNOWN;
    }
    return counts.stream().filter(Count::isFinite)
        .min(java.util.Comparator.comparingLong(Count::value)).orElse(Count.INFINITE);
  }

  private static long ceilDiv(long n, long d) {
    return Saturating.ceilDiv(n, d);
  }

  static long saturatedMultiply(long a, long b) {
    return Saturating.multiply(a, b);
  }

  /** The elements a stage yields per epoch (per worker, when sharded). */
  public Count count(Stage stage) {
    return counts.get(stage);
  }

  /** The RAM budget: the pipeline's, or the build's. */
  public Optional<Long> budget() {
    return budget;
  }

  /**
   * Bytes of one output element of {@code stage}; empty if an unknown dimension hides it, or a
   * string whose size no record-size hint bounds.
   */
  public Optional<Long> bytesPerElement(Stage stage) {
    long total = 0;
    boolean strings = false;
    for (Component c : stage.output().components()) {
      StaticShape shape = stage.shapeOf(c);
      if (!shape.isFullyKnown()) {
        return Optional.empty();
      }
      long values = shape.elementCount();
      total = saturatedAdd(total, saturatedMultiply(values, c.dtype().byteSize()));
      strings |= c.dtype() == DType.STRING;
    }
    if (strings) {
      Long payload = stringBytes.get(stage);
      if (payload == null) {
        return Optional.empty();
      }
      long elements = StaticShape.elementCount(stage.outer());
      total = saturatedAdd(total, saturatedMultiply(payload, elements));
    }
    return Optional.of(total);
  }

  private static long saturatedAdd(long a, long b) {
    return Saturating.add(a, b);
  }

  public static String bytes(double value) {
    return ByteSize.format(value);
  }
}
