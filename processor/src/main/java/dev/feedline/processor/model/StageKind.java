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
import dev.feedline.Repeat;
import dev.feedline.Shard;
import dev.feedline.Shuffle;
import dev.feedline.Skip;
import dev.feedline.Snapshot;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Unbatch;
import dev.feedline.Window;
import dev.feedline.Take;
import dev.feedline.Zip;
import java.lang.annotation.Annotation;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The kinds of stage, one per stage annotation, and what each kind is: the one table the reading,
 * checks and generation consult. Adding a kind means an entry here, its {@link Parameters} record
 * and {@link Member}s, and the cases the compiler then asks for (docs/architecture.md).
 */
public enum StageKind {
  TFRECORD_SOURCE(TFRecordSource.class, Form.SOURCE),
  TEXT_LINE_SOURCE(TextLineSource.class, Form.SOURCE),
  IN_MEMORY_SOURCE(InMemorySource.class, Form.SOURCE),
  MIX(Mix.class, Form.SOURCE),
  CONCATENATE(Concatenate.class, Form.SOURCE),
  ZIP(Zip.class, Form.SOURCE),
  CHOOSE(Choose.class, Form.SOURCE),
  INTERLEAVE(Interleave.class, Form.BUILT_IN, Trait.RUNS_FUNCTION, Trait.PARALLEL),
  DECODE(Decode.class, Form.BUILT_IN, Trait.RUNS_FUNCTION, Trait.PARALLEL, Trait.TRANSFORMS),
  DECODE_JPEG(DecodeJpeg.class, Form.BUILT_IN, Trait.RUNS_FUNCTION, Trait.PARALLEL,
      Trait.TRANSFORMS),
  DECODE_CSV(DecodeCsv.class, Form.BUILT_IN, Trait.RUNS_FUNCTION, Trait.PARALLEL,
      Trait.TRANSFORMS),
  MAP(dev.feedline.Map.class, Form.BODY, Trait.RUNS_FUNCTION, Trait.PARALLEL, Trait.TRANSFORMS),
  FILTER(Filter.class, Form.BODY, Trait.RUNS_FUNCTION, Trait.KEEPS_TYPE),
  FLAT_MAP(FlatMap.class, Form.BODY, Trait.RUNS_FUNCTION, Trait.TRANSFORMS),
  SHUFFLE(Shuffle.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.ON_FILE_NAMES),
  CACHE(Cache.class, Form.BUILT_IN, Trait.KEEPS_TYPE),
  SNAPSHOT(Snapshot.class, Form.BUILT_IN, Trait.KEEPS_TYPE),
  BATCH(Batch.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.BATCHES),
  PADDED_BATCH(PaddedBatch.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.BATCHES),
  BUCKET_BY_LENGTH(BucketByLength.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.BATCHES),
  UNBATCH(Unbatch.class, Form.BUILT_IN, Trait.KEEPS_TYPE),
  WINDOW(Window.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.BATCHES),
  REPEAT(Repeat.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.ON_FILE_NAMES),
  TAKE(Take.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.ON_FILE_NAMES),
  SKIP(Skip.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.ON_FILE_NAMES),
  SHARD(Shard.class, Form.BUILT_IN, Trait.KEEPS_TYPE, Trait.ON_FILE_NAMES),
  PREFETCH(Prefetch.class, Form.BUILT_IN, Trait.KEEPS_TYPE),
  PREFETCH_TO_DEVICE(PrefetchToDevice.class, Form.BUILT_IN, Trait.KEEPS_TYPE);

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
  private final Set<Trait> traits;

  StageKind(Class<? extends Annotation> annotation, Form form, Trait... traits) {
    this.annotation = annotation;
    this.form = form;
    this.traits = traits.length == 0 ? Set.of() : Set.copyOf(EnumSet.of(traits[0], traits));
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

  public boolean is(Trait trait) {
    return traits.contains(trait);
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
