package dev.feedline.benchmarks.images;

import static dev.feedline.runtime.internal.ElementSpec.component;

import dev.feedline.Batch;
import dev.feedline.Cache;
import dev.feedline.Decode;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Prefetch;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.example.PhotoStages;
import dev.feedline.photos.EncodedPhoto;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.DataSource;
import dev.feedline.runtime.internal.DatasetIterator;
import dev.feedline.runtime.internal.DatasetOps;
import dev.feedline.runtime.internal.ElementSpec;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import dev.feedline.runtime.internal.examples.ExampleParser;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.ParallelInterleaveDataset;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.TUint8;
import org.tensorflow.types.family.TType;

/**
 * The example pipeline built by hand on Feedline's runtime, the way generated code builds it (the
 * same {@link DatasetIterator}, parked cache and per-epoch shuffle, batch and prefetch), with one
 * part changed: a prototype of code the generator could emit, measured beside the generated
 * pipeline to decide whether it should.
 *
 * <ul>
 *   <li>{@link Parse#SEPARATE}: parse and decode are two parallel maps, as generated today;
 *   <li>{@link Parse#FUSED}: one parallel map parses and decodes;
 *   <li>{@link Parse#VECTORIZED}: records are batched by 32, one {@code ParseExample} parses each
 *       batch, and an unbatch hands single photos to the parallel decode;
 * </ul>
 * and, for any of them, tf.data's threading options, non-deterministic maps, and a cache of
 * float32 values in [0, 1] instead of the example's 8-bit pixels, as the example cached before
 * issue 28 ({@code wideCache}), which then hands out float32 batches.
 */
final class PrototypePipeline implements Loader {
  /** How the records become encoded photos. */
  enum Parse { SEPARATE, FUSED, VECTORIZED }

  /**
   * What the prototype changes.
   *
   * @param privateThreads tf.data's private thread pool size; 0 for the default, the shared one
   * @param maxIntraOp tf.data's max intra-op parallelism; 0 for TensorFlow's default
   * @param deterministic whether the parallel maps keep their input order
   * @param wideCache caches the resized photos as float32 in [0, 1], not as 8-bit pixels
   */
  record Config(Parse parse, int privateThreads, int maxIntraOp, boolean deterministic,
      boolean wideCache, int prefetch, boolean parallelBatch, int shuffle, boolean autotune,
      boolean warmStart, boolean cache, boolean recordShuffle) {
    /** Reads a config such as {@code fused,intra1,threads4,nondeterministic,float32}. */
    static Config of(String text) {
      Parse parse = Parse.SEPARATE;
      int threads = 0;
      int intra = 0;
      boolean deterministic = true;
      boolean wide = false;
      int prefetch = -1;
      boolean parallelBatch = false;
      int shuffle = 1000;
      boolean autotune = true;
      boolean warm = false;
      boolean cache = true;
      boolean recordShuffle = false;
      for (String part : text.split(",")) {
        switch (part) {
          case "separate" -> parse = Parse.SEPARATE;
          case "fused" -> parse = Parse.FUSED;
          case "vectorized" -> parse = Parse.VECTORIZED;
          case "nondeterministic" -> deterministic = false;
          case "float32" -> wide = true;
          case "parallelbatch" -> parallelBatch = true;
          case "noautotune" -> autotune = false;
          case "warm" -> warm = true;
          case "nocache" -> cache = false;
          case "recordshuffle" -> recordShuffle = true;
          default -> {
            if (part.startsWith("intra")) {
              intra = Integer.parseInt(part.substring("intra".length()));
            } else if (part.startsWith("threads")) {
              threads = Integer.parseInt(part.substring("threads".length()));
            } else if (part.startsWith("shuffle")) {
              shuffle = Integer.parseInt(part.substring("shuffle".length()));
            } else if (part.startsWith("prefetch")) {
              prefetch = Integer.parseInt(part.substring("prefetch".length()));
            } else {
              throw new IllegalArgumentException("unknown prototype setting " + part);
            }
          }
        }
      }
      return new Config(parse, threads, intra, deterministic, wide, prefetch, parallelBatch, shuffle,
          autotune, warm, cache, recordShuffle);
    }
  }

  private static final long BATCH_SIZE = 32;
  private static final PipelineInfo PIPELINE = new PipelineInfo(
      "dev.feedline.benchmarks.images.PrototypePipeline", "prototype", List.of(
          PipelineInfo.source("shards", TFRecordSource.class, "TensorSliceDataset"),
          PipelineInfo.elementWork("read", Interleave.class, "ParallelInterleaveDatasetV4",
              "TFRecordDataset"),
          PipelineInfo.elementWork("parse", Decode.class, "ParallelMapDatasetV2"),
          PipelineInfo.elementWork("decodeAndResize", Map.class, "ParallelMapDatasetV2"),
          PipelineInfo.stage("cache", Cache.class, "CacheDatasetV2"),
          PipelineInfo.stage("shuffle", Shuffle.class, "ShuffleDatasetV3"),
          PipelineInfo.batching("batch", Batch.class, "BatchDatasetV2"),
          PipelineInfo.stage("prefetch", Prefetch.class, "PrefetchDataset")));
  private static final ElementSpec RECORD = ElementSpec.of(component("value", TString.class, Shape.scalar()));
  private static final ElementSpec RECORDS = ElementSpec.of(component("value", TString.class, Shape.of(-1)));
  private static final ElementSpec ENCODED = ElementSpec.of(
      component("jpeg", TString.class, Shape.scalar()),
      component("label", TInt64.class, Shape.scalar()),
      component("id", TInt64.class, Shape.scalar()));
  private static final ElementSpec ENCODED_BATCH = ElementSpec.of(
      component("jpeg", TString.class, Shape.of(-1)),
      component("label", TInt64.class, Shape.of(-1)),
      component("id", TInt64.class, Shape.of(-1)));
  private static final ExampleFeatures FEATURES = ExampleFeatures.of(
      ExampleFeatures.required("image/encoded", TString.class, Shape.scalar()),
      ExampleFeatures.required("label", TInt64.class, Shape.scalar()),
      ExampleFeatures.required("id", TInt64.class, Shape.scalar()));

  private final Config config;
  private final Graph graph = new Graph();
  private final Session session = new Session(graph);
  private final DatasetIterator iterator;

  PrototypePipeline(String files, Config config) {
    this.config = config;
    DataFiles.Resolved resolved = DataFiles.resolve(PIPELINE, List.of(files));
    Ops tf = Ops.create(graph).withSubScope("Prototype");
    ElementSpec cached = photo(config.wideCache() ? TFloat32.class : TUint8.class, false);
    ElementSpec batch = photo(cached.types().get(0), true);
    this.iterator = DatasetIterator.builder(tf, PIPELINE, batch, options())
        .kept(kept(tf, resolved, cached))
        .perEpoch((ops, kept, epoch, options) -> {
          Operand<? extends TType> dataset = tf.data.shuffleDataset(kept, shuffleBuffer(tf, epoch),
              tf.constant(0L), tf.constant(0L), tf.random.dummySeedGenerator(), cached.types(),
              cached.shapes(), ShuffleDataset.reshuffleEachIteration(false));
          dataset = tf.data.batchDataset(dataset, tf.constant(BATCH_SIZE), tf.constant(false),
              batch.types(), batch.shapes());
          if (config.prefetch() != 0) {
            dataset = tf.data.prefetchDataset(dataset, tf.constant((long) config.prefetch()),
                batch.types(), batch.shapes());
          }
          return DatasetOps.withOptions(tf, dataset, batch, options);
        })
        .reading(DataSource.tfRecords(resolved, FEATURES))
        .build();
  }

  /**
   * The buffer of the shuffle after the cache: with {@code recordshuffle}, epoch 1 (number 0)
   * has its records shuffled before the decode, so its shuffle here is a buffer of 1, which
   * hands out the first photo as soon as it is decoded; later epochs shuffle the cache.
   */
  private Operand<TInt64> shuffleBuffer(Ops tf, Operand<TInt64> epoch) {
    Operand<TInt64> declared = tf.constant((long) config.shuffle());
    return config.recordShuffle()
        ? tf.select(tf.math.equal(epoch, tf.constant(0L)), tf.constant(1L), declared)
        : declared;
  }

  private DatasetOptions.Options options() {
    DatasetOptions.ThreadingOptions.Builder threading = DatasetOptions.ThreadingOptions.newBuilder();
    if (config.privateThreads() > 0) {
      threading.setPrivateThreadpoolSize(config.privateThreads());
    }
    if (config.maxIntraOp() > 0) {
      threading.setMaxIntraOpParallelism(config.maxIntraOp());
    }
    // Only what the config asks for is set: an option set to its "off" value is not the same as
    // one left to TensorFlow's default (parallel_batch, for one, is on by default).
    DatasetOptions.OptimizationOptions.Builder optimization = DatasetOptions.OptimizationOptions
        .newBuilder().setApplyDefaultOptimizations(true);
    if (config.parallelBatch()) {
      optimization.setParallelBatch(true);
    }
    DatasetOptions.Options.Builder options = DatasetOptions.Options.newBuilder()
        .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder().setEnabled(config.autotune()))
        .setOptimizationOptions(optimization);
    if (config.privateThreads() > 0 || config.maxIntraOp() > 0) {
      options.setThreadingOptions(threading);
    }
    if (config.warmStart()) {
      options.setWarmStart(true);
    }
    return options.build();
  }

  private static ElementSpec photo(Class<? extends TType> pixels, boolean batched) {
    return ElementSpec.of(
        component("image", pixels, batched ? Shape.of(-1, 224, 224, 3) : Shape.of(224, 224, 3)),
        component("label", TInt64.class, batched ? Shape.of(-1) : Shape.scalar()),
        component("id", TInt64.class, batched ? Shape.of(-1) : Shape.scalar()));
  }

  /** The stages up to the cache: read, parse and decode as the config says, then cache. */
  private Operand<? extends TType> kept(Ops tf, DataFiles.Resolved files, ElementSpec cached) {
    Operand<? extends TType> dataset = DatasetOps.fileSegments(tf, files.segments());
    try (ConcreteFunction read = DatasetOps.tfRecordReader()) {
      dataset = tf.data.parallelInterleaveDataset(dataset, List.of(), tf.constant(8L),
          tf.constant(1L), tf.constant(-1L), tf.constant(-1L), tf.constant(-1L), read,
          RECORD.types(), RECORD.shapes(), ParallelInterleaveDataset.deterministic("true"));
    }
    if (config.recordShuffle()) { // epoch 1's shuffle, of 15 KB records instead of 600 KB photos
      dataset = tf.data.shuffleDataset(dataset, tf.constant((long) config.shuffle()),
          tf.constant(0L), tf.constant(0L), tf.random.dummySeedGenerator(), RECORD.types(),
          RECORD.shapes(), ShuffleDataset.reshuffleEachIteration(false));
    }
    String deterministic = String.valueOf(config.deterministic());
    switch (config.parse()) {
      case SEPARATE -> {
        try (ConcreteFunction parse = ConcreteFunction.create(PrototypePipeline::parseOne)) {
          dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), parse,
              ENCODED.types(), ENCODED.shapes(), ParallelMapDataset.deterministic(deterministic));
        }
        dataset = decode(tf, dataset, cached, deterministic);
      }
      case FUSED -> {
        try (ConcreteFunction fused = ConcreteFunction.create(
            t -> parseAndDecode(t, config.wideCache()))) {
          dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), fused,
              cached.types(), cached.shapes(), ParallelMapDataset.deterministic(deterministic));
        }
      }
      case VECTORIZED -> {
        dataset = tf.data.batchDataset(dataset, tf.constant(BATCH_SIZE), tf.constant(false),
            RECORDS.types(), RECORDS.shapes());
        try (ConcreteFunction parse = ConcreteFunction.create(PrototypePipeline::parseBatch)) {
          dataset = tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), parse,
              ENCODED_BATCH.types(), ENCODED_BATCH.shapes(),
              ParallelMapDataset.deterministic(deterministic));
        }
        dataset = tf.data.unbatchDataset(dataset, ENCODED.types(), ENCODED.shapes());
        dataset = decode(tf, dataset, cached, deterministic);
      }
    }
    return config.cache() ? tf.data.cacheDataset(dataset, tf.constant(""), tf.dummyMemoryCache(),
        cached.types(), cached.shapes()) : dataset;
  }

  private Operand<? extends TType> decode(Ops tf, Operand<? extends TType> dataset,
      ElementSpec cached, String deterministic) {
    try (ConcreteFunction decode = ConcreteFunction.create(
        t -> decodeOne(t, config.wideCache()))) {
      return tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), decode,
          cached.types(), cached.shapes(), ParallelMapDataset.deterministic(deterministic));
    }
  }

  private static Signature parseOne(Ops tf) {
    Placeholder<TString> record = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    List<Output<?>> features = ExampleParser.parse(tf, record, FEATURES);
    return Signature.builder().key("parse").input("record", record)
        .output("jpeg", features.get(0)).output("label", features.get(1))
        .output("id", features.get(2)).build();
  }

  /** One {@code ParseExample} for a batch of serialized records. */
  private static Signature parseBatch(Ops tf) {
    Placeholder<TString> records = tf.placeholder(TString.class, Placeholder.shape(Shape.of(-1)));
    List<Output<?>> values = ExampleParser.parseBatch(tf, records, FEATURES);
    return Signature.builder().key("parse_batch").input("records", records)
        .output("jpeg", values.get(0)).output("label", values.get(1)).output("id", values.get(2))
        .build();
  }

  @SuppressWarnings("unchecked")
  private static Signature parseAndDecode(Ops tf, boolean wide) {
    Placeholder<TString> record = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    List<Output<?>> features = ExampleParser.parse(tf, record, FEATURES);
    EncodedPhoto photo = new EncodedPhoto((Operand<TString>) features.get(0),
        (Operand<TInt64>) features.get(1), (Operand<TInt64>) features.get(2));
    return Signature.builder().key("parse_and_decode").input("record", record)
        .output("image", image(tf, photo, wide))
        .output("label", photo.label()).output("id", photo.id()).build();
  }

  private static Signature decodeOne(Ops tf, boolean wide) {
    EncodedPhoto in = new EncodedPhoto(
        tf.placeholder(TString.class, Placeholder.shape(Shape.scalar())),
        tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar())),
        tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar())));
    return Signature.builder().key("decode").input("jpeg", in.jpeg()).input("label", in.label())
        .input("id", in.id())
        .output("image", image(tf, in, wide))
        .output("label", in.label()).output("id", in.id()).build();
  }

  /**
   * The photo resized to 224×224: the example's 8-bit pixels, or with {@code wide} its resized
   * values divided by 255, as the example's map computed them before it cached 8-bit pixels.
   */
  private static Operand<?> image(Ops tf, EncodedPhoto photo, boolean wide) {
    return wide
        ? tf.math.div(PhotoStages.Decoding.resize(tf, photo.jpeg()), tf.constant(255f))
        : PhotoStages.Decoding.decodeAndResize(tf, photo).pixels();
  }

  @Override
  public void epoch(Consumer<Tensor> batches) {
    try (EpochIterator<Images> epoch = iterator.epoch(session, Images::new)) {
      epoch.forEach(images -> batches.accept(images.image()));
    }
  }

  /** A fetched batch, of which the benchmark reads the images. */
  private record Images(Result result) implements AutoCloseable {
    Tensor image() {
      return result.get(0);
    }

    @Override
    public void close() {
      result.close();
    }
  }

  @Override
  public void close() {
    iterator.release();
    session.close();
    graph.close();
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>(List.of(config.parse().name().toLowerCase()));
    if (config.privateThreads() > 0) {
      parts.add("threads" + config.privateThreads());
    }
    if (config.maxIntraOp() > 0) {
      parts.add("intra" + config.maxIntraOp());
    }
    if (!config.deterministic()) {
      parts.add("nondeterministic");
    }
    if (config.wideCache()) {
      parts.add("float32");
    }
    if (config.recordShuffle()) {
      parts.add("recordshuffle");
    }
    return String.join(",", parts);
  }
}
