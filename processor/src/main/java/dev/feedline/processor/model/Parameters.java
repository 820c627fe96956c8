package dev.feedline.processor.model;

import dev.feedline.BadRecords;
import dev.feedline.Cost;
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

  /** Size hints are empty when not declared (0). */
  record TFRecordSource(OptionalLong files, OptionalLong records, OptionalLong bytesPerFile,
      BadRecords badRecords) implements Parameters {}

  record InMemorySource(OptionalLong records) implements Parameters {}

  record Interleave(Tunable cycleLength, long blockLength, Parallelism parallel,
      boolean deterministic) implements Parallel {}

  record Decode(Parallelism parallel, boolean deterministic) implements Parallel {}

  record DecodeJpeg(OptionalLong minSourceSide, boolean scaledDecode, Parallelism parallel,
      boolean deterministic) implements Parallel {}

  record Map(Parallelism parallel, boolean deterministic, Cost cost, boolean random,
      boolean vectorized, boolean onDevice) implements Parallel {}

  record Filter() implements Parameters {}

  /** The seed is empty for {@code RANDOM_SEED}. */
  record Shuffle(long buffer, OptionalLong seed, boolean reshuffleEachEpoch)
      implements Parameters {}

  /** The file prefix is empty for an in-memory cache. */
  record Cache(Optional<String> file) implements Parameters {}

  record Batch(long size, boolean dropRemainder) implements Batching {}

  record PaddedBatch(long size, boolean dropRemainder) implements Batching {}

  /** The count is empty for {@code FOREVER}. */
  record Repeat(OptionalLong count) implements Parameters {}

  record Take(long count) implements Parameters {}

  record Skip(long count) implements Parameters {}

  /** The worker hint is empty when not declared (0). */
  record Shard(OptionalLong workers) implements Parameters {}

  record Prefetch(Tunable value) implements Parameters {}

  record PrefetchToDevice(int buffer) implements Parameters {}
}
