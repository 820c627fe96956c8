package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.internal.files.CheckedInput;
import dev.feedline.runtime.internal.files.DataSource;
import dev.feedline.Snapshot;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.ElementSpec;
import dev.feedline.runtime.internal.TVariant;
import dev.feedline.runtime.internal.files.FileIdentity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.Signature;
import org.tensorflow.TensorFlow;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.data.ParallelInterleaveDataset;
import org.tensorflow.op.data.ParallelMapDataset;
import org.tensorflow.op.data.SnapshotDataset;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The file caches and snapshots of a pipeline, each kept under its prefix in a folder named by a
 * key: a fingerprint of everything upstream of it, so that a cache of other data or other code is
 * never read.
 *
 * <p>The key is the first 16 hex digits of a SHA-256 of
 * <ul>
 *   <li>the graph up to the stage ({@link GraphFingerprint}): every dataset op before it with its
 *       values, the functions of its maps, decodes, filters and readers, the parse specs, the
 *       element shapes and the file names the source reads; names the graph gives ops and
 *       functions are left out, so the same declaration has the same key in every JVM;
 *   <li>each file the source reads: its absolute path, size, modification time, and a CRC32C of
 *       its first and last 8 KiB (a vocabulary's tokens are constants of the graph, above);
 *   <li>the TensorFlow version, and for a snapshot its compression.
 * </ul>
 * What the key cannot see: files a map's own graph code opens by name (their content), remote
 * files (known by name only), and randomness before the stage, which the cache freezes (the
 * checks say so at compile time).
 *
 * <p>Generated code adds each stage's dataset op through {@link #cache} or {@link #snapshot}; the
 * pipeline's iterator chooses, whenever it parks its kept part, whether to read the complete folder
 * of the key or to write a new one, and seals what it wrote after an epoch that read all of it
 * ({@link CacheFolder}).
 */
public final class FileCaches implements CheckedInput {
  /** The one logger of every file cache and snapshot, whose keys and folders they report. */
  private static final System.Logger LOG = System.getLogger(FileCaches.class.getName());
  private static final String KEY_FORMAT = "Feedline cache key 1";

  private final PipelineInfo pipeline;
  private final List<FileIdentity> files;
  /** A hash of the in-memory data the source reads, fed to the graph; empty for files. */
  private final String data;
  private final int keepNewest;
  private final List<FileCache> caches = new ArrayList<>();

  private FileCaches(PipelineInfo pipeline, List<FileIdentity> files, String data,
      int keepNewest) {
    this.pipeline = pipeline;
    this.files = List.copyOf(files);
    this.data = data;
    this.keepNewest = keepNewest;
  }

  /**
   * The file caches of {@code pipeline}, over {@code files}.
   *
   * @param files what each file the source reads was when the pipeline was built
   * @param keepNewest after a cache is written, how many complete ones its prefix keeps, the new
   *     one among them; 0 keeps all
   */
  public static FileCaches of(PipelineInfo pipeline, List<FileIdentity> files, int keepNewest) {
    return new FileCaches(pipeline, files, "", checkedKeep(pipeline, keepNewest));
  }

  /**
   * The file caches of {@code pipeline}, over what {@code data} reads: its files, and its data in
   * memory, which is fed, not held in the graph, so each key holds a hash of its bytes.
   */
  public static FileCaches of(PipelineInfo pipeline, DataSource data, int keepNewest) {
    return new FileCaches(pipeline, data.identities(), data.inMemoryDigest(),
        checkedKeep(pipeline, keepNewest));
  }

  private static int checkedKeep(PipelineInfo pipeline, int keepNewest) {
    if (keepNewest < 0) {
      throw new IllegalArgumentException("Pipeline " + pipeline.simpleName() + ": keep "
          + keepNewest + " caches? A count of 1 or more, or 0 to keep all");
    }
    return keepNewest;
  }

  /** A pipeline without file caches or snapshots. */
  public static FileCaches none(PipelineInfo pipeline) {
    return new FileCaches(pipeline, List.of(), "", 0);
  }

  /**
   * Adds a file cache of {@code dataset} under {@code prefix}, in {@code prefix/<key>/}.
   *
   * @param stage the {@code @Cache} stage's method
   * @param spec the elements' spec
   */
  public Operand<? extends TType> cache(Ops tf, String stage, String prefix,
      Operand<? extends TType> dataset, ElementSpec spec) {
    Placeholder<TString> path = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    add(tf, stage, FileCache.Kind.CACHE, prefix, dataset, "", false, path);
    return tf.data.cacheDataset(dataset, path, tf.dummyMemoryCache(), spec.types(), spec.shapes());
  }

  /**
   * Adds a snapshot of {@code dataset} under {@code prefix}, in {@code prefix/<key>/}: elements
   * numbered in order go to shard {@code number % shards}; worker {@code workerIndex} of
   * {@code workerCount} reads shards {@code workerIndex}, {@code workerIndex + workerCount}, ...,
   * interleaved, so that one worker reads them back in the order they were written.
   *
   * @param workerCount how many workers split the shards; 1 for one that reads them all
   */
  public Operand<? extends TType> snapshot(Ops tf, String stage, String prefix,
      Operand<? extends TType> dataset, ElementSpec spec, int shards, Snapshot.Codec compression,
      long workerIndex, long workerCount) {
    if (shards < 1 || workerCount < 1 || workerIndex < 0 || workerIndex >= workerCount) {
      throw new IllegalArgumentException("Pipeline " + pipeline.simpleName() + ", stage '" + stage
          + "': " + shards + " shards for worker " + workerIndex + " of " + workerCount);
    }
    if (workerIndex >= shards) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stage(stage), prefix, "worker "
          + workerIndex + " of " + workerCount + " would read no shard of the snapshot: it has "
          + shards + " shard" + (shards == 1 ? "" : "s") + ", and worker i reads shards i, i + "
          + workerCount + ", ...; give @Snapshot(shards = " + workerCount + ") or more, or run "
          + shards + " worker" + (shards == 1 ? "" : "s"), null);
    }
    TVariant.register();
    Placeholder<TString> path = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
    String codec = switch (compression) {
      case SNAPPY -> "SNAPPY";
      case GZIP -> "GZIP";
      case NONE -> "";
    };
    String key = add(tf, stage, FileCache.Kind.SNAPSHOT, prefix, dataset, "compression " + codec,
        workerCount > 1, path);
    List<Class<? extends TType>> types = new ArrayList<>(spec.types());
    types.add(TInt64.class);
    List<Shape> shapes = new ArrayList<>(spec.shapes());
    shapes.add(Shape.scalar());
    // The number last: the element's own data stays input 0, where tools walk the chain.
    Operand<? extends TType> numbers = tf.data.rangeDataset(tf.constant(0L),
        tf.constant(Long.MAX_VALUE), tf.constant(1L), List.of(TInt64.class),
        List.of(Shape.scalar()));
    Operand<? extends TType> numbered = tf.data.zipDataset(List.of(dataset, numbers), types,
        shapes);
    int perWorker = (int) ((shards + workerCount - 1) / workerCount);
    try (ConcreteFunction shardOf = shardFunction(stage, types, shapes, shards);
        ConcreteFunction same = sameDataset(stage);
        ConcreteFunction reader = readerFunction(stage, same, types, shapes, perWorker,
            workerIndex, workerCount);
        ConcreteFunction unnumber = unnumberFunction(stage, types, shapes)) {
      Operand<? extends TType> snapshot = tf.data.snapshotDataset(numbered, path, List.of(),
          List.of(), types, shapes, reader, shardOf, SnapshotDataset.compression(codec),
          SnapshotDataset.hashValid(true), SnapshotDataset.hash(Long.parseUnsignedLong(key, 16)));
      return tf.data.parallelMapDataset(snapshot, List.of(), tf.constant(-1L), unnumber,
          spec.types(), spec.shapes(), ParallelMapDataset.deterministic("true"));
    }
  }

  /** The shard of a numbered element: its number modulo {@code shards}. */
  private static ConcreteFunction shardFunction(String stage, List<Class<? extends TType>> types,
      List<Shape> shapes, int shards) {
    return ConcreteFunction.create(tf -> {
      Signature.Builder signature = Signature.builder().key(functionKey(stage, "shard"));
      Operand<TInt64> number = null;
      for (int i = 0; i < types.size(); i++) {
        Placeholder<? extends TType> input = tf.placeholder(types.get(i),
            Placeholder.shape(shapes.get(i)));
        signature.input("in" + i, input);
        if (i == types.size() - 1) {
          number = input.asOutput().expect(TInt64.class);
        }
      }
      return signature.output("shard", tf.math.floorMod(number, tf.constant((long) shards)))
          .build();
    });
  }

  /** The interleave body that hands on the dataset of one shard as it is. */
  private static ConcreteFunction sameDataset(String stage) {
    return ConcreteFunction.create(tf -> {
      Placeholder<TVariant> shard = tf.placeholder(TVariant.class,
          Placeholder.shape(Shape.scalar()));
      return Signature.builder().key(functionKey(stage, "shard_elements")).input("shard", shard)
          .output("elements", tf.identity(shard)).build();
    });
  }

  /** Reads this worker's shards, from the dataset of shard datasets, interleaved one by one. */
  private static ConcreteFunction readerFunction(String stage, ConcreteFunction same,
      List<Class<? extends TType>> types, List<Shape> shapes, int perWorker, long workerIndex,
      long workerCount) {
    return ConcreteFunction.create(tf -> {
      Placeholder<TVariant> shardsIn = tf.placeholder(TVariant.class,
          Placeholder.shape(Shape.scalar()));
      Operand<? extends TType> mine = shardsIn;
      if (workerCount > 1) {
        mine = tf.data.shardDataset(shardsIn, tf.constant(workerCount), tf.constant(workerIndex),
            List.of(TVariant.class), List.of(Shape.scalar()));
      }
      Operand<? extends TType> elements = tf.data.parallelInterleaveDataset(mine, List.of(),
          tf.constant((long) perWorker) /* cycleLength */, tf.constant(1L) /* blockLength */,
          tf.constant(-1L), tf.constant(-1L), tf.constant(-1L) /* parallel: autotuned */, same,
          types, shapes, ParallelInterleaveDataset.deterministic("true"));
      return Signature.builder().key(functionKey(stage, "read")).input("shards", shardsIn)
          .output("elements", elements).build();
    });
  }

  /** Drops the number the snapshot's elements carry for their shard. */
  private static ConcreteFunction unnumberFunction(String stage,
      List<Class<? extends TType>> types, List<Shape> shapes) {
    return ConcreteFunction.create(tf -> {
      Signature.Builder signature = Signature.builder().key(functionKey(stage, "unnumber"));
      for (int i = 0; i < types.size(); i++) {
        Placeholder<? extends TType> input = tf.placeholder(types.get(i),
            Placeholder.shape(shapes.get(i)));
        signature.input("in" + i, input);
        if (i < types.size() - 1) {
          signature.output("out" + i, tf.identity(input));
        }
      }
      return signature.build();
    });
  }

  /**
   * The key of one of a stage's graph functions: its method first, as for the functions of maps,
   * so that an error in it names the stage; without characters a graph name cannot hold.
   */
  private static String functionKey(String stage, String function) {
    return stage.replaceAll("[^A-Za-z0-9_]", "_") + "_" + function;
  }

  private String add(Ops tf, String stage, FileCache.Kind kind, String prefix,
      Operand<? extends TType> dataset, String parameters, boolean completeRequired,
      Placeholder<TString> path) {
    if (!(tf.scope().env() instanceof Graph graph)) {
      throw new IllegalStateException("Pipeline " + pipeline.simpleName()
          + ": a file cache is built into a graph");
    }
    byte[] upstream = GraphFingerprint.of(graph.toGraphDef(), dataset.op().name());
    String graphHash = HexFormat.of().formatHex(upstream, 0, 8);
    MessageDigest sha = sha256();
    List<String> parts = new ArrayList<>(List.of(KEY_FORMAT, kind.name(), parameters,
        "tensorflow " + TensorFlow.version(), HexFormat.of().formatHex(upstream)));
    for (FileIdentity file : files) {
      parts.add(Path.of(file.file()).toAbsolutePath().normalize() + " " + file.size() + " "
          + file.modified() + " " + Long.toHexString(file.fingerprint()));
    }
    if (!data.isEmpty()) {
      parts.add("in-memory data " + data);
    }
    parts.forEach(part -> {
      byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
      sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
      sha.update(bytes);
    });
    String key = HexFormat.of().formatHex(sha.digest(), 0, 8);
    PipelineInfo.Stage info = pipeline.stage(stage);
    Map<String, String> covers = new LinkedHashMap<>();
    covers.put("kind", kind.toString());
    covers.put("key", key);
    covers.put("pipeline", pipeline.name());
    covers.put("stage", stage);
    covers.put("graph", graphHash);
    covers.put("files", Integer.toString(files.size()));
    if (!data.isEmpty()) {
      covers.put("data", data.substring(0, 16));
    }
    covers.put("tensorflow", TensorFlow.version());
    if (!parameters.isEmpty()) {
      covers.put("parameters", parameters);
    }
    caches.add(new FileCache(LOG, pipeline, info, kind, Path.of(prefix), key, covers, path, keepNewest,
        completeRequired));
    return key;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The methods of the stages that keep files, in stage order. */
  public List<String> stages() {
    return caches.stream().map(FileCache::stage).toList();
  }

  /** The key of the file cache or snapshot of stage {@code stage}. */
  public String key(String stage) {
    return cache(stage).key();
  }

  /** The folder of the complete cache of stage {@code stage}, whether it exists yet or not. */
  public Path folder(String stage) {
    return cache(stage).complete();
  }

  private FileCache cache(String stage) {
    return caches.stream().filter(c -> c.stage().equals(stage)).findFirst().orElseThrow(
        () -> new IllegalArgumentException("Pipeline " + pipeline.simpleName()
            + " has no file cache or snapshot at stage " + stage));
  }

  boolean isEmpty() {
    return caches.isEmpty();
  }

  /** Before the kept part is parked: chooses the folder each stage reads or writes. */
  public void choose() {
    caches.forEach(FileCache::choose);
  }

  /** Feeds each stage's folder to a run that parks the kept part. */
  public void feed(Session.Runner runner) {
    caches.forEach(cache -> cache.feed(runner));
  }

  /**
   * Whether a stage reads a complete folder: then the epoch reads no file of the source, which is
   * upstream of every cache.
   */
  public boolean readsComplete() {
    return caches.stream().anyMatch(FileCache::readsComplete);
  }

  @Override
  public String kind() {
    return "file caches and snapshots";
  }

  @Override
  public String check() {
    return "the files of each complete folder read, its manifest left out";
  }

  /** The files of the complete folders the last park chose to read, as they were then. */
  @Override
  public List<FileIdentity> identities() {
    return caches.stream().flatMap(cache -> cache.readFiles().stream()).toList();
  }

  /** Whether a cache is being written. */
  public boolean writing() {
    return caches.stream().anyMatch(FileCache::writing);
  }

  /**
   * After an epoch that read the whole kept part: seals what was written.
   *
   * @return whether the kept part must be parked again before the next epoch
   */
  public boolean epochCompleted() {
    boolean park = false;
    for (FileCache cache : caches) {
      park |= cache.epochCompleted();
    }
    return park;
  }

  public void checkpointed(Path file) {
    caches.forEach(cache -> cache.checkpointed(file));
  }

  public void restoring(Path file) {
    caches.forEach(cache -> cache.restoring(file));
  }

  /**
   * Fails when a complete folder a stage reads does not hold exactly the files it was sealed with,
   * naming the stage, the folder and the file.
   */
  public void checkSealed() {
    caches.forEach(FileCache::checkSealed);
  }

  /**
   * The error to report instead of TensorFlow's when a complete folder a stage reads is damaged
   * or gone: TensorFlow blames the stage that reads it, or its own implementation, naming no file.
   */
  public Optional<FeedlineException> damage() {
    return caches.stream().map(FileCache::damage).flatMap(Optional::stream).findFirst();
  }

  /** Removes what was written and not completed; call once the iterators are freed. */
  public void release() {
    caches.forEach(FileCache::release);
  }
}
