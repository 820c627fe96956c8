package dev.feedline.processor.model;

/**
 * Every member of every stage annotation. The reading layer reads values through these, and
 * checks anchor a diagnostic on the value written for one, so no code names a member by a string
 * of its own; a test checks this list against the annotations.
 */
public enum Member {
  TFRECORD_SOURCE_FILES(StageKind.TFRECORD_SOURCE, "files", Display.PLAIN),
  TFRECORD_SOURCE_RECORDS(StageKind.TFRECORD_SOURCE, "records", Display.PLAIN),
  TFRECORD_SOURCE_BYTES_PER_FILE(StageKind.TFRECORD_SOURCE, "bytesPerFile", Display.PLAIN),
  TFRECORD_SOURCE_BAD_RECORDS(StageKind.TFRECORD_SOURCE, "badRecords", Display.PLAIN),
  TFRECORD_SOURCE_COMPRESSION(StageKind.TFRECORD_SOURCE, "compression", Display.PLAIN),
  TEXT_LINE_SOURCE_HEADER(StageKind.TEXT_LINE_SOURCE, "header", Display.PLAIN),
  TEXT_LINE_SOURCE_COMPRESSION(StageKind.TEXT_LINE_SOURCE, "compression", Display.PLAIN),
  TEXT_LINE_SOURCE_FILES(StageKind.TEXT_LINE_SOURCE, "files", Display.PLAIN),
  TEXT_LINE_SOURCE_RECORDS(StageKind.TEXT_LINE_SOURCE, "records", Display.PLAIN),
  TEXT_LINE_SOURCE_BYTES_PER_FILE(StageKind.TEXT_LINE_SOURCE, "bytesPerFile", Display.PLAIN),
  TEXT_LINE_SOURCE_BLANK_LINES(StageKind.TEXT_LINE_SOURCE, "blankLines", Display.PLAIN),
  TEXT_LINE_SOURCE_BAD_RECORDS(StageKind.TEXT_LINE_SOURCE, "badRecords", Display.PLAIN),
  IN_MEMORY_SOURCE_RECORDS(StageKind.IN_MEMORY_SOURCE, "records", Display.PLAIN),
  MIX_OF(StageKind.MIX, "of", Display.PLAIN),
  MIX_WEIGHTS(StageKind.MIX, "weights", Display.PLAIN),
  MIX_SEED(StageKind.MIX, "seed", Display.SEED),
  MIX_ON_EMPTY(StageKind.MIX, "onEmpty", Display.PLAIN),
  CONCATENATE_OF(StageKind.CONCATENATE, "of", Display.PLAIN),
  ZIP_OF(StageKind.ZIP, "of", Display.PLAIN),
  CHOOSE_OF(StageKind.CHOOSE, "of", Display.PLAIN),
  CHOOSE_ON_EMPTY(StageKind.CHOOSE, "onEmpty", Display.PLAIN),
  INTERLEAVE_CYCLE_LENGTH(StageKind.INTERLEAVE, "cycleLength", Display.AUTO_OR_COUNT),
  INTERLEAVE_BLOCK_LENGTH(StageKind.INTERLEAVE, "blockLength", Display.PLAIN),
  INTERLEAVE_PARALLEL(StageKind.INTERLEAVE, "parallel", Display.PARALLELISM),
  INTERLEAVE_DETERMINISTIC(StageKind.INTERLEAVE, "deterministic", Display.PLAIN),
  DECODE_PARALLEL(StageKind.DECODE, "parallel", Display.PARALLELISM),
  DECODE_DETERMINISTIC(StageKind.DECODE, "deterministic", Display.PLAIN),
  DECODE_JPEG_MIN_SOURCE_SIDE(StageKind.DECODE_JPEG, "minSourceSide", Display.PLAIN),
  DECODE_JPEG_SCALED_DECODE(StageKind.DECODE_JPEG, "scaledDecode", Display.PLAIN),
  DECODE_JPEG_PARALLEL(StageKind.DECODE_JPEG, "parallel", Display.PARALLELISM),
  DECODE_JPEG_DETERMINISTIC(StageKind.DECODE_JPEG, "deterministic", Display.PLAIN),
  DECODE_CSV_DELIMITER(StageKind.DECODE_CSV, "delimiter", Display.TEXT),
  DECODE_CSV_QUOTED(StageKind.DECODE_CSV, "quoted", Display.PLAIN),
  DECODE_CSV_NA_VALUE(StageKind.DECODE_CSV, "naValue", Display.TEXT),
  DECODE_CSV_PARALLEL(StageKind.DECODE_CSV, "parallel", Display.PARALLELISM),
  DECODE_CSV_DETERMINISTIC(StageKind.DECODE_CSV, "deterministic", Display.PLAIN),
  MAP_PARALLEL(StageKind.MAP, "parallel", Display.PARALLELISM),
  MAP_DETERMINISTIC(StageKind.MAP, "deterministic", Display.PLAIN),
  MAP_COST(StageKind.MAP, "cost", Display.PLAIN),
  MAP_RANDOM(StageKind.MAP, "random", Display.PLAIN),
  MAP_VECTORIZED(StageKind.MAP, "vectorized", Display.PLAIN),
  MAP_ON_DEVICE(StageKind.MAP, "onDevice", Display.PLAIN),
  SHUFFLE_BUFFER(StageKind.SHUFFLE, "buffer", Display.PLAIN),
  SHUFFLE_SEED(StageKind.SHUFFLE, "seed", Display.SEED),
  SHUFFLE_RESHUFFLE_EACH_EPOCH(StageKind.SHUFFLE, "reshuffleEachEpoch", Display.PLAIN),
  CACHE_FILE(StageKind.CACHE, "file", Display.TEXT),
  SNAPSHOT_PATH(StageKind.SNAPSHOT, "path", Display.TEXT),
  SNAPSHOT_SHARDS(StageKind.SNAPSHOT, "shards", Display.PLAIN),
  SNAPSHOT_COMPRESSION(StageKind.SNAPSHOT, "compression", Display.PLAIN),
  BATCH_SIZE(StageKind.BATCH, "size", Display.PLAIN),
  BATCH_DROP_REMAINDER(StageKind.BATCH, "dropRemainder", Display.PLAIN),
  PADDED_BATCH_SIZE(StageKind.PADDED_BATCH, "size", Display.PLAIN),
  PADDED_BATCH_DROP_REMAINDER(StageKind.PADDED_BATCH, "dropRemainder", Display.PLAIN),
  PADDED_BATCH_PADDING(StageKind.PADDED_BATCH, "padding", Display.PADS),
  BUCKET_BY_LENGTH_COMPONENT(StageKind.BUCKET_BY_LENGTH, "component", Display.TEXT),
  BUCKET_BY_LENGTH_BOUNDARIES(StageKind.BUCKET_BY_LENGTH, "boundaries", Display.PLAIN),
  BUCKET_BY_LENGTH_BATCH_SIZES(StageKind.BUCKET_BY_LENGTH, "batchSizes", Display.PLAIN),
  BUCKET_BY_LENGTH_PAD_TO_BOUNDARY(StageKind.BUCKET_BY_LENGTH, "padToBoundary", Display.PLAIN),
  BUCKET_BY_LENGTH_DROP_REMAINDER(StageKind.BUCKET_BY_LENGTH, "dropRemainder", Display.PLAIN),
  BUCKET_BY_LENGTH_PADDING(StageKind.BUCKET_BY_LENGTH, "padding", Display.PADS),
  WINDOW_SIZE(StageKind.WINDOW, "size", Display.PLAIN),
  WINDOW_SHIFT(StageKind.WINDOW, "shift", Display.PLAIN),
  WINDOW_STRIDE(StageKind.WINDOW, "stride", Display.PLAIN),
  WINDOW_DROP_REMAINDER(StageKind.WINDOW, "dropRemainder", Display.PLAIN),
  REPEAT_COUNT(StageKind.REPEAT, "count", Display.COUNT_OR_FOREVER),
  TAKE_COUNT(StageKind.TAKE, "count", Display.PLAIN),
  SKIP_COUNT(StageKind.SKIP, "count", Display.PLAIN),
  SHARD_WORKERS(StageKind.SHARD, "workers", Display.PLAIN),
  PREFETCH_VALUE(StageKind.PREFETCH, "value", Display.AUTO_OR_COUNT),
  PREFETCH_TO_DEVICE_BUFFER(StageKind.PREFETCH_TO_DEVICE, "buffer", Display.PLAIN),
  REBATCH_SIZE(StageKind.REBATCH, "size", Display.PLAIN),
  REBATCH_DROP_REMAINDER(StageKind.REBATCH, "dropRemainder", Display.PLAIN),
  SPLIT_SIDE(StageKind.SPLIT, "side", Display.PLAIN),
  SPLIT_EVAL_PERCENT(StageKind.SPLIT, "evalPercent", Display.PLAIN),
  SPLIT_KEY(StageKind.SPLIT, "key", Display.TEXT),
  SPLIT_SEED(StageKind.SPLIT, "seed", Display.PLAIN);

  /** How a value is written back in generated code and messages: sentinels by their names. */
  public enum Display {
    /** As is: a number, a boolean, an enum constant, a class ({@code Photos.class}). */
    PLAIN,
    /** {@code AUTO}, {@code SEQUENTIAL} or a count. */
    PARALLELISM,
    /** {@code AUTO} or a count. */
    AUTO_OR_COUNT,
    /** {@code RANDOM_SEED} or a seed. */
    SEED,
    /** {@code FOREVER} or a count. */
    COUNT_OR_FOREVER,
    /** A string, as a Java literal. */
    TEXT,
    /** {@code @Pad} annotations, with their written members. */
    PADS
  }

  private final StageKind kind;
  private final String name;
  private final Display display;

  Member(StageKind kind, String name, Display display) {
    this.kind = kind;
    this.name = name;
    this.display = display;
  }

  public Display display() {
    return display;
  }

  /** The stage kind whose annotation declares it. */
  public StageKind kind() {
    return kind;
  }

  /** The member's name in its annotation, such as {@code buffer}. */
  public String memberName() {
    return name;
  }

  /** The members of {@code kind}'s annotation. */
  public static java.util.List<Member> of(StageKind kind) {
    return java.util.Arrays.stream(values()).filter(m -> m.kind == kind).toList();
  }
}
