package dev.feedline.benchmarks.images;

import dev.feedline.example.DecodedPhoto;
import dev.feedline.example.PhotoStages;
import dev.feedline.photos.EncodedPhoto;
import dev.feedline.runtime.internal.DatasetOps;
import dev.feedline.runtime.internal.ElementSpec;
import dev.feedline.runtime.internal.TVariant;
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
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.ParallelInterleaveDataset;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.op.data.ShuffleDataset;
import org.tensorflow.op.io.ParseSingleExample;
import org.tensorflow.proto.data.DatasetOptions;
import org.tensorflow.types.TUint8;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * Variants 2 and 3: the photo pipeline written by hand with TensorFlow Java's raw data ops.
 *
 * <p>As an expert writes it ({@link #EXPERT}): a parallel interleave over a reader function, one
 * fused parallel map (parse, decode, resize), a memory cache, a shuffle, a batch, an autotuned
 * prefetch, and one iterator over a repeat, which keeps the cache across epochs. As the untuned
 * "before" state of docs/performance.md's "naive" variant ({@link #BEFORE}): the same ops run
 * sequentially, without cache or prefetch, and with TensorFlow's own rewrites switched off, since
 * they would parallelize it silently.
 *
 * <p>It borrows two helpers from Feedline's runtime, workarounds that any TF Java 1.1.0 code needs:
 * {@link TVariant} (functions that return a dataset) and {@link DatasetOps#withOptions} (an
 * options proto that reaches TensorFlow intact). The per-element graph is the example's own
 * {@link PhotoStages.Decoding#decodeAndResize}, so only the pipeline around it differs.
 */
final class HandWrittenPipeline implements Loader {
  /** What the pipeline switches on. */
  record Config(boolean parallel, boolean cache, boolean prefetch, boolean tensorFlowRewrites) {}

  static final Config EXPERT = new Config(true, true, true, true);
  static final Config EXPERT_WITHOUT_CACHE = new Config(true, false, true, true);
  static final Config BEFORE = new Config(false, false, false, false);

  private static final ElementSpec PHOTO = ElementSpec.of(
      ElementSpec.component("pixels", TUint8.class, Shape.of(224, 224, 3)),
      ElementSpec.component("label", TInt64.class, Shape.scalar()),
      ElementSpec.component("id", TInt64.class, Shape.scalar()));
  private static final ElementSpec BATCH = ElementSpec.of(
      ElementSpec.component("pixels", TUint8.class, Shape.of(-1, 224, 224, 3)),
      ElementSpec.component("label", TInt64.class, Shape.of(-1)),
      ElementSpec.component("id", TInt64.class, Shape.of(-1)));

  private final Graph graph = new Graph();
  private final Session session = new Session(graph);
  private final List<Output<?>> next;
  private final Op start;
  private final long imagesPerEpoch;
  private boolean started;

  HandWrittenPipeline(List<String> files, long imagesPerEpoch, Config config) {
    this.imagesPerEpoch = imagesPerEpoch;
    TVariant.register();
    Ops tf = Ops.create(graph);
    Operand<? extends TType> dataset = tf.data.tensorSliceDataset(
        List.of(tf.array(files.toArray(String[]::new))), List.of(Shape.scalar()));
    try (ConcreteFunction read = ConcreteFunction.create(HandWrittenPipeline::readFile)) {
      dataset = config.parallel()
          ? tf.data.parallelInterleaveDataset(dataset, List.of(), tf.constant(8L), tf.constant(1L),
              tf.constant(-1L), tf.constant(-1L), tf.constant(-1L), read, List.of(TString.class),
              List.of(Shape.scalar()), ParallelInterleaveDataset.deterministic("true"))
          : tf.data.interleaveDataset(dataset, List.of(), tf.constant(8L), tf.constant(1L), read,
              List.of(TString.class), List.of(Shape.scalar()));
    }
    try (ConcreteFunction decode = ConcreteFunction.create(HandWrittenPipeline::decode)) {
      dataset = config.parallel()
          ? tf.data.parallelMapDataset(dataset, List.of(), tf.constant(-1L), decode, PHOTO.types(),
              PHOTO.shapes(), ParallelMapDataset.deterministic("true"))
          : tf.data.mapDataset(dataset, List.of(), decode, PHOTO.types(), PHOTO.shapes());
    }
    if (config.cache()) {
      dataset = tf.data.cacheDataset(dataset, tf.constant(""), tf.dummyMemoryCache(),
          PHOTO.types(), PHOTO.shapes());
    }
    dataset = tf.data.shuffleDataset(dataset, tf.constant(1000L), tf.constant(1L), tf.constant(2L),
        tf.random.dummySeedGenerator(), PHOTO.types(), PHOTO.shapes(),
        ShuffleDataset.reshuffleEachIteration(true));
    dataset = tf.data.batchDataset(dataset, tf.constant(32L), tf.constant(false), BATCH.types(),
        BATCH.shapes());
    if (config.prefetch()) {
      dataset = tf.data.prefetchDataset(dataset, tf.constant(-1L), BATCH.types(), BATCH.shapes());
    }
    dataset = tf.data.repeatDataset(dataset, tf.constant(-1L), BATCH.types(), BATCH.shapes());
    dataset = DatasetOps.withOptions(tf, dataset, BATCH, DatasetOptions.Options.newBuilder()
        .setAutotuneOptions(DatasetOptions.AutotuneOptions.newBuilder()
            .setEnabled(config.tensorFlowRewrites()))
        .setOptimizationOptions(DatasetOptions.OptimizationOptions.newBuilder()
            .setApplyDefaultOptimizations(config.tensorFlowRewrites()))
        .build());
    var iterator = tf.data.iterator("", "", BATCH.types(), BATCH.shapes());
    start = tf.data.makeIterator(dataset, iterator);
    next = List.copyOf(tf.data.iteratorGetNext(iterator, BATCH.types(), BATCH.shapes()).components());
  }

  private static Signature readFile(Ops tf) {
    Placeholder<TString> file = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    return Signature.builder().key("read").input("file", file)
        .output("records", tf.data.tfRecordDataset(file, tf.constant(""),
            tf.constant(256L * 1024), tf.constant(0L)))
        .build();
  }

  private static Signature decode(Ops tf) {
    Placeholder<TString> record = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    ParseSingleExample parsed = tf.io.parseSingleExample(record,
        List.of(tf.constant(Shape.of(0), DataBuffers.ofObjects(String.class, 0)),
            tf.constant(new long[0]), tf.constant(new long[0])),
        0L, List.of(), List.of("image/encoded", "label", "id"), List.of(),
        List.of(Shape.scalar(), Shape.scalar(), Shape.scalar()));
    List<Output<?>> values = parsed.denseValues();
    @SuppressWarnings("unchecked")
    DecodedPhoto photo = PhotoStages.Decoding.decodeAndResize(tf, new EncodedPhoto(
        (Operand<TString>) values.get(0), (Operand<TInt64>) values.get(1),
        (Operand<TInt64>) values.get(2)));
    return Signature.builder().key("decode").input("record", record)
        .output("pixels", photo.pixels()).output("label", photo.label()).output("id", photo.id())
        .build();
  }

  /**
   * One epoch is {@code imagesPerEpoch} images of the repeated dataset: batches end with it. The
   * first makes the iterator, as the generated pipeline's first epoch does.
   */
  @Override
  public void epoch(Consumer<Tensor> batches) {
    if (!started) {
      session.run(start);
      started = true;
    }
    long seen = 0;
    while (seen < imagesPerEpoch) {
      Session.Runner runner = session.runner();
      next.forEach(runner::fetch);
      try (Result result = runner.run()) {
        Tensor images = result.get(0);
        seen += images.shape().get(0);
        batches.accept(images);
      }
    }
  }

  @Override
  public void close() {
    session.close();
    graph.close();
  }
}
