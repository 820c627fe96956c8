package dev.feedline.processor.model;

import dev.feedline.Batch;
import dev.feedline.BucketByLength;
import dev.feedline.Cache;
import dev.feedline.Choose;
import dev.feedline.Concatenate;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.DecodeJpeg;
import dev.feedline.Filter;
import dev.feedline.FlatMap;
import dev.feedline.InMemorySource;
import dev.feedline.Interleave;
import dev.feedline.Mix;
import dev.feedline.PaddedBatch;
import dev.feedline.Prefetch;
import dev.feedline.PrefetchToDevice;
import dev.feedline.Rebatch;
import dev.feedline.Repeat;
import dev.feedline.Shard;
import dev.feedline.Shuffle;
import dev.feedline.Skip;
import dev.feedline.Snapshot;
import dev.feedline.Split;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Unbatch;
import dev.feedline.Window;
import dev.feedline.Take;
import dev.feedline.Zip;
import dev.feedline.processor.model.kinds.*;
import java.lang.annotation.Annotation;
import java.util.Optional;
import java.util.function.Function;

/**
 * The catalogue of stage annotations: each one's annotation type, the form of method it goes on,
 * and how its values are read into its kind's {@link StageDefinition}, which answers every other
 * question about the kind. Adding a kind means an entry here, its definition class and its
 * {@link Member}s (docs/architecture.md).
 */
public enum StageKind {
  TFRECORD_SOURCE(TFRecordSource.class, Form.SOURCE, TFRecordSourceStage::read),
  TEXT_LINE_SOURCE(TextLineSource.class, Form.SOURCE, TextLineSourceStage::read),
  IN_MEMORY_SOURCE(InMemorySource.class, Form.SOURCE, InMemorySourceStage::read),
  MIX(Mix.class, Form.SOURCE, MixStage::read),
  CONCATENATE(Concatenate.class, Form.SOURCE, ConcatenateStage::read),
  ZIP(Zip.class, Form.SOURCE, ZipStage::read),
  CHOOSE(Choose.class, Form.SOURCE, ChooseStage::read),
  INTERLEAVE(Interleave.class, Form.BUILT_IN, InterleaveStage::read),
  DECODE(Decode.class, Form.BUILT_IN, DecodeStage::read),
  DECODE_JPEG(DecodeJpeg.class, Form.BUILT_IN, DecodeJpegStage::read),
  DECODE_CSV(DecodeCsv.class, Form.BUILT_IN, DecodeCsvStage::read),
  MAP(dev.feedline.Map.class, Form.BODY, MapStage::read),
  FILTER(Filter.class, Form.BODY, FilterStage::read),
  FLAT_MAP(FlatMap.class, Form.BODY, FlatMapStage::read),
  SHUFFLE(Shuffle.class, Form.BUILT_IN, ShuffleStage::read),
  CACHE(Cache.class, Form.BUILT_IN, CacheStage::read),
  SNAPSHOT(Snapshot.class, Form.BUILT_IN, SnapshotStage::read),
  BATCH(Batch.class, Form.BUILT_IN, BatchStage::read),
  PADDED_BATCH(PaddedBatch.class, Form.BUILT_IN, PaddedBatchStage::read),
  BUCKET_BY_LENGTH(BucketByLength.class, Form.BUILT_IN, BucketByLengthStage::read),
  UNBATCH(Unbatch.class, Form.BUILT_IN, UnbatchStage::read),
  WINDOW(Window.class, Form.BUILT_IN, WindowStage::read),
  REPEAT(Repeat.class, Form.BUILT_IN, RepeatStage::read),
  TAKE(Take.class, Form.BUILT_IN, TakeStage::read),
  SKIP(Skip.class, Form.BUILT_IN, SkipStage::read),
  SHARD(Shard.class, Form.BUILT_IN, ShardStage::read),
  PREFETCH(Prefetch.class, Form.BUILT_IN, PrefetchStage::read),
  PREFETCH_TO_DEVICE(PrefetchToDevice.class, Form.BUILT_IN, PrefetchToDeviceStage::read),
  REBATCH(Rebatch.class, Form.BUILT_IN, RebatchStage::read),
  SPLIT(Split.class, Form.BUILT_IN, SplitStage::read);

  /** How a stage of this kind is declared. */
  public enum Form {
    /** An abstract method without parameters. */
    SOURCE,
    /** An abstract method from the previous element to its own. */
    BUILT_IN,
    /** A static method {@code (Ops tf, In element)} whose body is graph code. */
    BODY
  }

  /** What a kind of stage does. */
  public enum Trait {
    /** Its output element type is its input element type. */
    KEEPS_TYPE,
    /** It stacks elements into batches, adding a leading dimension. */
    BATCHES,
    /** It may stand on file names, between a {@code @TFRecordSource} and its reader. */
    ON_FILE_NAMES,
    /** It runs a graph function on every element. */
    RUNS_FUNCTION,
    /** It turns each element into another: what a cache belongs after, and what runs per element. */
    TRANSFORMS,
    /** It has a {@code parallel} member. */
    PARALLEL
  }

  private final Class<? extends Annotation> annotation;
  private final Form form;
  private final Function<MemberValues, ? extends StageDefinition> reader;

  StageKind(Class<? extends Annotation> annotation, Form form,
      Function<MemberValues, ? extends StageDefinition> reader) {
    this.annotation = annotation;
    this.form = form;
    this.reader = reader;
  }

  /**
   * Reads a stage of this kind from its annotation's values: its definition's {@code read}. The
   * definition's {@link StageDefinition#kind()} is this constant (a unit test checks it).
   */
  public StageDefinition read(MemberValues values) {
    return reader.apply(values);
  }

  /** The annotation type, such as {@code dev.feedline.Map}. */
  public Class<? extends Annotation> annotationType() {
    return annotation;
  }

  /** The annotation's simple name, such as {@code Map}. */
  public String annotation() {
    return annotation.getSimpleName();
  }

  public String annotationQualifiedName() {
    return annotation.getCanonicalName();
  }

  public Form form() {
    return form;
  }

  public boolean isSource() {
    return form == Form.SOURCE;
  }

  /** Whether it is a source that reads other pipelines ({@code @Mix}, {@code @Zip}, ...). */
  public boolean readsPipelines() {
    return this == MIX || this == CONCATENATE || this == ZIP || this == CHOOSE;
  }

  /** Whether it is a source of files named at run time, which an {@code @Interleave} reads. */
  public boolean readsFiles() {
    return this == TFRECORD_SOURCE || this == TEXT_LINE_SOURCE;
  }

  public static Optional<StageKind> ofAnnotation(String qualifiedName) {
    for (StageKind kind : values()) {
      if (kind.annotationQualifiedName().equals(qualifiedName)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }
}
