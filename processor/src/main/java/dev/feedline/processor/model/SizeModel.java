package dev.feedline.processor.model;

import dev.feedline.OnEmpty;
import dev.feedline.processor.base.ByteSize;
import dev.feedline.processor.base.Saturating;
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

    static final Count UNKNOWN = new Count(0, Kind.UNKNOWN);
    static final Count INFINITE = new Count(0, Kind.INFINITE);

    static Count exact(long value) {
      return new Count(value, Kind.EXACT);
    }

    public boolean isFinite() {
      return kind == Kind.EXACT || kind == Kind.AT_MOST;
    }

    Count atMost() {
      return isFinite() ? new Count(value, Kind.AT_MOST) : this;
    }

    Count map(LongUnaryOperator f) {
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

  private final Map<Stage, Count> counts = new HashMap<>();
  /** The bound on the string bytes of an element, where records' sizes bound them. */
  private final Map<Stage, Long> stringBytes = new HashMap<>();
  private final Optional<Long> budget;

  public SizeModel(PipelineModel pipeline, Optional<Long> buildBudget) {
    this.budget = pipeline.settings().ramBudget().or(() -> buildBudget);
    Count count = Count.UNKNOWN;
    long workers = 1; // hints count all workers' data; a shard keeps one worker's share
    OptionalLong recordBytes = OptionalLong.empty();
    for (Stage stage : pipeline.stages()) {
      count = switch (stage.kind()) {
        case TFRECORD_SOURCE, TEXT_LINE_SOURCE -> {
          Parameters.Files source = (Parameters.Files) stage.parameters();
          recordBytes = averageRecord(source);
          yield hint(source.files());
        }
        case IN_MEMORY_SOURCE -> hint(((Parameters.InMemorySource) stage.parameters()).records());
        case MIX, CONCATENATE, ZIP -> pipelines(stage.parameters());
        case CHOOSE -> Count.UNKNOWN; // as many as the indices given at run time
        case INTERLEAVE -> pipeline.source()
            .map(Stage::parameters)
            .filter(Parameters.Files.class::isInstance)
            .map(source -> hint(((Parameters.Files) source).records()))
            .orElse(Count.UNKNOWN);
        case SHARD -> {
          workers = Math.max(1, ((Parameters.Shard) stage.parameters()).workers().orElse(1));
          long w = workers;
          yield count.map(n -> ceilDiv(n, w)).atMost();
        }
        case FILTER -> count.atMost();
        case FLAT_MAP -> Count.UNKNOWN; // any number of elements per element
        case WINDOW -> windows(count, (Parameters.Window) stage.parameters());
        case TAKE -> take(count, ((Parameters.Take) stage.parameters()).count());
        case SKIP -> {
          long skipped = ((Parameters.Skip) stage.parameters()).count();
          yield count.map(n -> Math.max(0, n - skipped));
        }
        case BATCH, PADDED_BATCH -> {
          Parameters.Batching batch = (Parameters.Batching) stage.parameters();
          long size = batch.size();
          yield batch.dropRemainder() ? count.map(n -> n / size) : count.map(n -> ceilDiv(n, size));
        }
        case BUCKET_BY_LENGTH -> count.atMost(); // a batch holds one element or more
        case UNBATCH -> {
          List<Long> outer = pipeline.previous(stage).outer();
          long rows = outer.isEmpty() ? StaticShape.UNKNOWN : outer.get(0);
          yield rows == StaticShape.UNKNOWN ? Count.UNKNOWN
              : count.map(n -> saturatedMultiply(n, rows)).atMost();
        }
        case REPEAT -> {
          OptionalLong passes = ((Parameters.Repeat) stage.parameters()).count();
          yield passes.isEmpty() ? Count.INFINITE
              : count.map(n -> saturatedMultiply(n, passes.getAsLong()));
        }
        case DECODE, DECODE_JPEG, DECODE_CSV, MAP, SHUFFLE, CACHE, SNAPSHOT, PREFETCH,
            PREFETCH_TO_DEVICE -> count;
      };
      if (stage.kind() == StageKind.INTERLEAVE && workers > 1) {
        long w = workers;
        count = count.map(n -> ceilDiv(n, w)).atMost();
      }
      // A map can make strings of any size; until one, a record's size bounds its strings.
      if (stage.kind() == StageKind.MAP) {
        recordBytes = OptionalLong.empty();
      }
      if (recordBytes.isPresent() && !stage.kind().readsFiles()
          && !onFileNames(pipeline, stage)) {
        stringBytes.put(stage, recordBytes.getAsLong());
      }
      counts.put(stage, count);
    }
  }

  /** The size of one record, from the source's hints: bytes per file × files / records. */
  private static OptionalLong averageRecord(Parameters.Files source) {
    if (source.files().isEmpty() || source.records().isEmpty() || source.bytesPerFile().isEmpty()) {
      return OptionalLong.empty();
    }
    long total = saturatedMultiply(source.bytesPerFile().getAsLong(), source.files().getAsLong());
    return OptionalLong.of(ceilDiv(total, source.records().getAsLong()));
  }

  private static boolean onFileNames(PipelineModel pipeline, Stage stage) {
    return pipeline.before(stage).stream().noneMatch(s -> s.kind() == StageKind.INTERLEAVE)
        && stage.kind() != StageKind.INTERLEAVE;
  }

  private static Count hint(OptionalLong value) {
    return value.isPresent() ? Count.exact(value.getAsLong()) : Count.UNKNOWN;
  }

  /**
   * The elements of a source that reads pipelines: a concatenation's add up, a zip's are the
   * fewest, and a mix hands out at most all of them (fewer when it stops at the first to end).
   */
  static Count pipelines(Parameters parameters) {
    List<Count> counts = ((Parameters.Pipelines) parameters).of().stream()
        .map(p -> new SizeModel(p, Optional.empty()).count(p.lastOnHost()))
        .toList();
    if (counts.stream().anyMatch(c -> c.kind() == Count.Kind.UNKNOWN)) {
      return Count.UNKNOWN;
    }
    if (parameters instanceof Parameters.Zip) {
      return counts.stream().filter(Count::isFinite)
          .min(java.util.Comparator.comparingLong(Count::value)).orElse(Count.INFINITE);
    }
    if (counts.stream().anyMatch(c -> !c.isFinite())) {
      return Count.INFINITE;
    }
    Count sum = new Count(counts.stream().mapToLong(Count::value)
        .reduce(0, SizeModel::saturatedAdd), counts.stream()
        .allMatch(c -> c.kind() == Count.Kind.EXACT) ? Count.Kind.EXACT : Count.Kind.AT_MOST);
    boolean stops = parameters instanceof Parameters.Mix mix && mix.onEmpty() == OnEmpty.STOP;
    return stops ? sum.atMost() : sum;
  }

  /**
   * Windows of {@code n} elements: one starting every {@code shift} elements, kept when it is
   * full or the remainder is kept.
   */
  private static Count windows(Count count, Parameters.Window window) {
    long span = saturatedAdd(saturatedMultiply(window.size() - 1, window.stride()), 1);
    return count.map(n -> window.dropRemainder()
        ? (n < span ? 0 : (n - span) / window.shift() + 1)
        : ceilDiv(n, window.shift()));
  }

  private static Count take(Count count, long k) {
    if (count.isFinite()) {
      return new Count(Math.min(k, count.value()), count.kind());
    }
    return count.kind() == Count.Kind.INFINITE ? Count.exact(k) : new Count(k, Count.Kind.AT_MOST);
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
