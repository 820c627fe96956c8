package dev.feedline.processor.model;

import java.util.Optional;

/** The kinds of stage, one per stage annotation. */
public enum StageKind {
  TFRECORD_SOURCE("TFRecordSource", Form.SOURCE),
  IN_MEMORY_SOURCE("InMemorySource", Form.SOURCE),
  INTERLEAVE("Interleave", Form.BUILT_IN),
  DECODE("Decode", Form.BUILT_IN),
  DECODE_JPEG("DecodeJpeg", Form.BUILT_IN),
  MAP("Map", Form.BODY),
  FILTER("Filter", Form.BODY),
  SHUFFLE("Shuffle", Form.BUILT_IN),
  CACHE("Cache", Form.BUILT_IN),
  BATCH("Batch", Form.BUILT_IN),
  PADDED_BATCH("PaddedBatch", Form.BUILT_IN),
  REPEAT("Repeat", Form.BUILT_IN),
  TAKE("Take", Form.BUILT_IN),
  SKIP("Skip", Form.BUILT_IN),
  SHARD("Shard", Form.BUILT_IN),
  PREFETCH("Prefetch", Form.BUILT_IN),
  PREFETCH_TO_DEVICE("PrefetchToDevice", Form.BUILT_IN);

  /** How a stage of this kind is declared. */
  public enum Form {
    /** An abstract method without parameters. */
    SOURCE,
    /** An abstract method from the previous element to its own. */
    BUILT_IN,
    /** A static method {@code (Ops tf, In element)} whose body is graph code. */
    BODY
  }

  /** The package of the annotations. */
  public static final String ANNOTATION_PACKAGE = "dev.feedline";

  private final String annotation;
  private final Form form;

  StageKind(String annotation, Form form) {
    this.annotation = annotation;
    this.form = form;
  }

  /** The annotation's simple name, such as {@code Map}. */
  public String annotation() {
    return annotation;
  }

  public String annotationQualifiedName() {
    return ANNOTATION_PACKAGE + "." + annotation;
  }

  public Form form() {
    return form;
  }

  public boolean isSource() {
    return form == Form.SOURCE;
  }

  /** Whether its output element type is its input element type. */
  public boolean keepsType() {
    return switch (this) {
      case FILTER, SHUFFLE, CACHE, BATCH, PADDED_BATCH, REPEAT, TAKE, SKIP, SHARD, PREFETCH,
          PREFETCH_TO_DEVICE -> true;
      default -> false;
    };
  }

  /** Whether it stacks elements into batches, adding a leading dimension. */
  public boolean isBatching() {
    return this == BATCH || this == PADDED_BATCH;
  }

  /** Whether it may stand on file names, between a {@code @TFRecordSource} and its reader. */
  public boolean worksOnFileNames() {
    return switch (this) {
      case SHARD, SHUFFLE, TAKE, SKIP, REPEAT -> true;
      default -> false;
    };
  }

  /** Whether it does per-element work in a graph function (and so can run in parallel). */
  public boolean isElementWork() {
    return this == DECODE || this == DECODE_JPEG || this == MAP;
  }

  /** Whether it has a {@code parallel} member. */
  public boolean hasParallelism() {
    return this == INTERLEAVE || this == DECODE || this == DECODE_JPEG || this == MAP;
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
