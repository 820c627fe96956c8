package dev.feedline.processor.model;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.Cost;
import dev.feedline.OnEmpty;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The values of a stage annotation, typed, one record per stage kind: what the checks and the
 * generated code read. Components are named after the annotation's members; "not given" sentinels
 * ({@code 0} hints, {@code RANDOM_SEED}, {@code FOREVER}, an empty file) are empty optionals.
 */
public sealed interface Parameters {

  /** The members of stages that work on elements in parallel. */
  sealed interface Parallel extends Parameters {
    Parallelism parallel();

    boolean deterministic();
  }

  /** The members of stages that stack elements into batches. */
  sealed interface Batching extends Parameters {
    long size();

    boolean dropRemainder();
  }

  /** The members of sources that read files named at run time. */
  sealed interface Files extends Parameters {
    OptionalLong files();

    OptionalLong records();

    OptionalLong bytesPerFile();

    Compression compression();
  }

  /** The members of stages that stack elements into batches, padding variable lengths. */
  sealed interface Padding extends Batching {
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
  sealed interface Pipelines extends Parameters {
    /** The pipelines read, as declared in {@code of}, in order. */
    List<PipelineModel> of();
  }

  /** Size hints are empty when not declared (0). */
  record TFRecordSource(OptionalLong files, OptionalLong records, OptionalLong bytesPerFile,
      BadRecords badRecords, Compression compression) implements Files {}

  /** Size hints are empty when not declared (0). */
  record TextLineSource(boolean header, Compression compression, OptionalLong files,
      OptionalLong records, OptionalLong bytesPerFile, BlankLines blankLines,
      BadRecords badRecords) implements Files {}

  record InMemorySource(OptionalLong records) implements Parameters {}

  /**
   * @param weights one per pipeline, as declared; 1 each when none were declared
   * @param seed empty for {@code RANDOM_SEED}
   */
  record Mix(List<PipelineModel> of, List<Double> weights, OptionalLong seed, OnEmpty onEmpty)
      implements Pipelines {
    public Mix {
      of = List.copyOf(of);
      weights = List.copyOf(weights);
    }
  }

  record Concatenate(List<PipelineModel> of) implements Pipelines {
    public Concatenate {
      of = List.copyOf(of);
    }
  }

  record Zip(List<PipelineModel> of) implements Pipelines {
    public Zip {
      of = List.copyOf(of);
    }
  }

  /** The indices into {@code of} are given at run time. */
  record Choose(List<PipelineModel> of, OnEmpty onEmpty) implements Pipelines {
    public Choose {
      of = List.copyOf(of);
    }
  }

  record Interleave(Tunable cycleLength, long blockLength, Parallelism parallel,
      boolean deterministic) implements Parallel {}

  record Decode(Parallelism parallel, boolean deterministic) implements Parallel {}

  record DecodeJpeg(OptionalLong minSourceSide, boolean scaledDecode, Parallelism parallel,
      boolean deterministic) implements Parallel {}

  record Map(Parallelism parallel, boolean deterministic, Cost cost, boolean random,
      boolean vectorized, boolean onDevice) implements Parallel {}

  /** The NA value is empty when not declared. */
  record DecodeCsv(String delimiter, boolean quoted, String naValue, Parallelism parallel,
      boolean deterministic) implements Parallel {}

  record Filter() implements Parameters {}

  record FlatMap() implements Parameters {}

  /** The shift is the size when declared {@code SAME_AS_SIZE}. */
  record Window(long size, long shift, long stride, boolean dropRemainder) implements Batching {}

  /** The seed is empty for {@code RANDOM_SEED}. */
  record Shuffle(long buffer, OptionalLong seed, boolean reshuffleEachEpoch)
      implements Parameters {}

  /** The file prefix is empty for an in-memory cache. */
  record Cache(Optional<String> file) implements Parameters {}

  /** The path is never empty. */
  record Snapshot(String path, long shards, dev.feedline.Snapshot.Codec compression)
      implements Parameters {}

  record Batch(long size, boolean dropRemainder) implements Batching {}

  record PaddedBatch(long size, boolean dropRemainder, List<Pad> padding) implements Padding {
    public PaddedBatch {
      padding = List.copyOf(padding);
    }
  }

  /**
   * @param size the smallest batch size, for the size checks
   */
  record BucketByLength(String component, List<Long> boundaries, List<Long> batchSizes,
      boolean padToBoundary, boolean dropRemainder, List<Pad> padding) implements Padding {
    public BucketByLength {
      boundaries = List.copyOf(boundaries);
      batchSizes = List.copyOf(batchSizes);
      padding = List.copyOf(padding);
    }

    @Override
    public long size() {
      return batchSizes.stream().mapToLong(Long::longValue).min().orElse(1);
    }
  }

  record Unbatch() implements Parameters {}

  /** The count is empty for {@code FOREVER}. */
  record Repeat(OptionalLong count) implements Parameters {}

  record Take(long count) implements Parameters {}

  record Skip(long count) implements Parameters {}

  /** The worker hint is empty when not declared (0). */
  record Shard(OptionalLong workers) implements Parameters {}

  record Prefetch(Tunable value) implements Parameters {}

  record PrefetchToDevice(int buffer) implements Parameters {}
}
