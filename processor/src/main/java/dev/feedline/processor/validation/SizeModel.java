package dev.feedline.processor.validation;

import dev.feedline.processor.base.ByteSize;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

/**
 * Static size estimates per stage, from declared shapes, dtypes and the size hints on sources:
 * bytes per output element and the number of output elements. Nothing is guessed: what the
 * declarations do not fix is unknown, and the size checks then say what to declare.
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
  private final Optional<Long> budget;

  public SizeModel(PipelineModel pipeline, Optional<Long> buildBudget) {
    this.budget = pipeline.settings().ramBudget().or(() -> buildBudget);
    Count count = Count.UNKNOWN;
    long workers = 1; // hints count all workers' data; a shard keeps one worker's share
    for (Stage stage : pipeline.stages()) {
      count = switch (stage.kind()) {
        case TFRECORD_SOURCE -> hint(stage.longValue("files"));
        case IN_MEMORY_SOURCE -> hint(stage.longValue("records"));
        case INTERLEAVE -> pipeline.source()
            .filter(source -> source.kind() == StageKind.TFRECORD_SOURCE)
            .map(source -> hint(source.longValue("records")))
            .orElse(Count.UNKNOWN);
        case SHARD -> {
          workers = Math.max(1, stage.longValue("workers"));
          long w = workers;
          yield count.map(n -> ceilDiv(n, w)).atMost();
        }
        case FILTER -> count.atMost();
        case TAKE -> take(count, Math.max(0, stage.longValue("count")));
        case SKIP -> count.map(n -> Math.max(0, n - Math.max(0, stage.longValue("count"))));
        case BATCH, PADDED_BATCH -> {
          long size = stage.longValue("size");
          if (size < 1) {
            yield Count.UNKNOWN; // invalid-parameter reports it; the report still sizes the rest
          }
          yield stage.booleanValue("dropRemainder")
              ? count.map(n -> n / size)
              : count.map(n -> ceilDiv(n, size));
        }
        case REPEAT -> stage.longValue("count") < 0
            ? Count.INFINITE
            : count.map(n -> n * stage.longValue("count"));
        default -> count;
      };
      if (stage.kind() == StageKind.INTERLEAVE && workers > 1) {
        long w = workers;
        count = count.map(n -> ceilDiv(n, w)).atMost();
      }
      counts.put(stage, count);
    }
  }

  private static Count hint(long value) {
    return value > 0 ? Count.exact(value) : Count.UNKNOWN;
  }

  private static Count take(Count count, long k) {
    if (count.isFinite()) {
      return new Count(Math.min(k, count.value()), count.kind());
    }
    return count.kind() == Count.Kind.INFINITE ? Count.exact(k) : new Count(k, Count.Kind.AT_MOST);
  }

  private static long ceilDiv(long n, long d) {
    return (n + d - 1) / d;
  }

  /** The elements a stage yields per epoch (per worker, when sharded). */
  public Count count(Stage stage) {
    return counts.get(stage);
  }

  /** The RAM budget: the pipeline's, or the build's. */
  public Optional<Long> budget() {
    return budget;
  }

  /** Bytes of one output element of {@code stage}; empty if a string or unknown dimension hides it. */
  public Optional<Long> bytesPerElement(Stage stage) {
    long total = 0;
    for (Component c : stage.output().components()) {
      StaticShape shape = stage.shapeOf(c);
      if (c.dtype() == DType.STRING || !shape.isFullyKnown()) {
        return Optional.empty();
      }
      total += shape.elementCount() * c.dtype().byteSize();
    }
    return Optional.of(total);
  }

  /** Why {@code bytesPerElement} is unknown, for messages. */
  public String whyBytesUnknown(Stage stage) {
    for (Component c : stage.output().components()) {
      if (c.dtype() == DType.STRING) {
        return "component '" + c.name() + "' is a string, whose size the declarations do not fix";
      }
      if (!stage.shapeOf(c).isFullyKnown()) {
        return "component '" + c.name() + "' has the unknown dimensions of " + stage.shapeOf(c);
      }
    }
    throw new IllegalStateException(stage + " has a known size");
  }

  public static String bytes(double value) {
    return ByteSize.format(value);
  }
}
