package dev.feedline.benchmarks.images;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The loaders the benchmark compares, by the name the report uses. */
enum Variant {
  GENERATED("generated", "Feedline-generated pipeline (the example: parallel reads and maps, cache, shuffle, batch, prefetch)"),
  HAND_WRITTEN("hand-written", "The same pipeline written by hand with raw TF Java data ops, as an expert would"),
  NAIVE("naive", "The untuned \"before\" state (docs/performance.md, Method): sequential map, no cache, no prefetch, TensorFlow's rewrites off"),
  FRAMEWORK("tf-framework", "TF Java's tensorflow-framework Dataset: raw-record batches, 32 decodes per batch in the main graph"),
  FRAMEWORK_FLOAT32("tf-framework-float32", "The same, handing out float32 values in [0, 1] instead of rounding to 8-bit pixels"),
  PLAIN_JAVA("plain-java", "ImageIO decode and Java2D resize on an executor, bounded prefetch queue, tensors per batch"),
  STREAMING("generated-streaming", "The generated pipeline without its cache: every epoch decodes again"),
  HAND_WRITTEN_STREAMING("hand-written-streaming", "The expert's pipeline without its cache: every epoch decodes again"),
  SCALED_DECODE("generated-scaled-decode", "Large photos: the generated pipeline whose @DecodeJpeg decodes at 1/2 scale"),
  HAND_WRITTEN_FULL_DECODE("hand-written-full-decode", "Large photos: the expert's pipeline without cache, decoding in full"),
  CANDIDATE_SEPARATE("candidate-separate", "Epoch-1 control: the generated pipeline rebuilt by hand on the runtime", "separate"),
  CANDIDATE_FUSED("candidate-fused", "One parallel map parses and decodes", "fused"),
  CANDIDATE_VECTORIZED("candidate-vectorized", "Records batched by 32, one ParseExample a batch, unbatched to the decode", "vectorized"),
  CANDIDATE_INTRA_OP_1("candidate-fused-intra1", "Fused, with tf.data's max intra-op parallelism 1", "fused,intra1"),
  CANDIDATE_THREADS_2("candidate-fused-threads2", "Fused, with a private tf.data thread pool of 2", "fused,threads2"),
  CANDIDATE_FLOAT32_CACHE("candidate-float32-cache", "Fused, caching float32 values in [0, 1] as the example did before issue 28, float32 batches", "fused,float32"),
  CANDIDATE_RECORD_SHUFFLE("candidate-record-shuffle", "Epoch 1 shuffles the encoded records (buffer 1,000) before the decode; later epochs shuffle the cache", "separate,recordshuffle"),
  CANDIDATE_FUSED_RECORD_SHUFFLE("candidate-fused-record-shuffle", "Fused, and epoch 1's shuffle of the encoded records", "fused,recordshuffle"),
  /** Any prototype configuration, from {@code -Dfeedline.prototype=...} (PrototypePipeline.Config). */
  PROTOTYPE("prototype", "The generated pipeline rebuilt by hand with the changes -Dfeedline.prototype names");

  private final String id;
  private final String description;
  /** The {@link PrototypePipeline} configuration of a candidate; null for other variants. */
  private final String prototype;

  Variant(String id, String description) {
    this(id, description, null);
  }

  Variant(String id, String description, String prototype) {
    this.prototype = prototype;
    this.id = id;
    this.description = description;
  }

  String id() {
    return id;
  }

  String description() {
    return description;
  }

  /** The prototype configuration of a candidate, such as {@code fused,intra1}; null otherwise. */
  String prototype() {
    return prototype;
  }

  /** The epoch-1 candidates the benchmark measures with {@code --candidates}, control first. */
  static List<Variant> candidates() {
    return List.of(CANDIDATE_SEPARATE, CANDIDATE_FUSED, CANDIDATE_VECTORIZED, CANDIDATE_INTRA_OP_1,
        CANDIDATE_THREADS_2, CANDIDATE_FLOAT32_CACHE, CANDIDATE_RECORD_SHUFFLE,
        CANDIDATE_FUSED_RECORD_SHUFFLE);
  }

  static Variant of(String id) {
    for (Variant variant : values()) {
      if (variant.id.equals(id)) {
        return variant;
      }
    }
    throw new IllegalArgumentException("no variant " + id);
  }

  /** Builds the loader over the TFRecord files in {@code data}, which hold {@code images} photos. */
  Loader open(Path data, long images) throws IOException {
    List<String> files;
    try (Stream<Path> listed = Files.list(data)) {
      files = listed.map(Path::toString).filter(f -> f.endsWith(".tfrecord")).sorted().toList();
    }
    String glob = data.resolve("*.tfrecord").toString();
    return switch (this) {
      case GENERATED -> GeneratedLoader.cached(glob);
      case STREAMING -> GeneratedLoader.streaming(glob);
      case SCALED_DECODE -> GeneratedLoader.scaledDecode(glob);
      case HAND_WRITTEN_FULL_DECODE, HAND_WRITTEN_STREAMING ->
          new HandWrittenPipeline(files, images, HandWrittenPipeline.EXPERT_WITHOUT_CACHE);
      case HAND_WRITTEN -> new HandWrittenPipeline(files, images, HandWrittenPipeline.EXPERT);
      case NAIVE -> new HandWrittenPipeline(files, images, HandWrittenPipeline.BEFORE);
      case FRAMEWORK -> new FrameworkLoader(files, false);
      case FRAMEWORK_FLOAT32 -> new FrameworkLoader(files, true);
      case PLAIN_JAVA -> new PlainJavaLoader(files);
      case PROTOTYPE -> new PrototypePipeline(glob,
          PrototypePipeline.Config.of(System.getProperty("feedline.prototype", "separate")));
      case CANDIDATE_SEPARATE, CANDIDATE_FUSED, CANDIDATE_VECTORIZED, CANDIDATE_INTRA_OP_1,
          CANDIDATE_THREADS_2, CANDIDATE_FLOAT32_CACHE, CANDIDATE_RECORD_SHUFFLE,
          CANDIDATE_FUSED_RECORD_SHUFFLE ->
          new PrototypePipeline(glob, PrototypePipeline.Config.of(prototype));
    };
  }
}
