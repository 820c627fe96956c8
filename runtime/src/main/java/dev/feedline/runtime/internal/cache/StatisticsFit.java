package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.FittedStatistic;
import dev.feedline.runtime.FittedVocabulary;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.files.Durable;
import dev.feedline.runtime.internal.files.FileIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.TensorFlow;
import org.tensorflow.ndarray.Shape;

/**
 * Fits the {@code @Statistics} that a pipeline declares over another pipeline: builds that
 * pipeline into a graph of its own, and, unless every statistic is in its cache, runs one epoch of
 * it, fetching each component a statistic needs once per element, and accumulates them all in
 * that one pass, in Java, in float64 ({@link StatisticAccumulator}).
 *
 * <p>A statistic with a cache folder is kept there as {@code <name>-<key>.stats}, under the same
 * rules as a file cache's key ({@link FileCaches}): the first 16 hex digits of a SHA-256 of the
 * over pipeline's graph up to its iterator ({@link GraphFingerprint}: its stages, their values and
 * the code of its maps), each file it reads (absolute path, size, modification time, a CRC32C of
 * its first and last 8 KiB), the TensorFlow version, and what is fitted (kind, component, shape,
 * buckets, a vocabulary's minCount, topK and oovBuckets). The next build with the same key reads
 * the file and runs nothing; other data or other code has another key, and is fitted again. A
 * file that cannot be read back (another format, a key or kind not its own, or cut short: it ends
 * with an {@code end} line) is fitted again and written anew, with a warning.
 *
 * <p>Each writer writes a file of its own beside the cache file,
 * {@code <name>-<key>.stats.partial-<pid>-<random>}, then renames it over the cache file: threads
 * and processes fitting the same statistics into one folder at once each install a whole file,
 * and a reader sees one whole file or none. A writer killed before the rename leaves only its
 * partial file, which no build reads; the next one names it in a warning, to be removed.
 */
public final class StatisticsFit {
  private static final System.Logger LOG = System.getLogger(StatisticsFit.class.getName());
  /** 3 since a fit refuses NaN and infinity: a statistic fitted over them before is fitted again. */
  private static final String KEY_FORMAT = "Feedline statistics key 3";
  private static final String FILE_FORMAT = "Feedline statistics 2";
  /** The last line of a whole file: one without it was cut short. */
  private static final String END = "end";
  private static final String PARTIAL = ".partial-";
  private static final SecureRandom RANDOM = new SecureRandom();

  private StatisticsFit() {}

  /**
   * The statistics of {@code requests}, in their order: read from their cache files, or fitted in
   * one epoch of the pipeline that {@code over} builds.
   *
   * @param pipeline the pipeline that declares them, for messages
   * @param overName the over pipeline's simple name
   * @param over builds the over pipeline, its data set given, into a graph
   * @throws FeedlineException naming the over pipeline when it yields no element or a numeric
   *     statistic's row holds a NaN or an infinity, or when a cache file cannot be written
   */
  public static List<FittedStatistic> fit(PipelineInfo pipeline, String overName,
      Function<Graph, ? extends BuiltPipeline<?, ?>> over, List<StatisticRequest> requests) {
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ?> built = over.apply(graph)) {
      List<FileIdentity> files = built.iterator().data().identities();
      // The graph holds in-memory data as placeholders, fed: the key hashes the data itself.
      String data = built.iterator().data().inMemoryDigest();
      byte[] upstream = GraphFingerprint.of(graph.toGraphDef(),
          built.iterator().graphOps().startFirstEpoch().name());
      List<FittedStatistic> fitted = new ArrayList<>();
      Map<Integer, StatisticAccumulator> missing = new LinkedHashMap<>();
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < requests.size(); i++) {
        StatisticRequest request = requests.get(i);
        String key = key(request, upstream, data, files);
        keys.add(key);
        FittedStatistic.Fit fit = new FittedStatistic.Fit(request.name(), overName,
            request.component(), request.shape(), 0, key, files, cacheFile(request, key), true);
        Optional<FittedStatistic> cached = read(pipeline, request, fit);
        fitted.add(cached.orElse(null));
        if (cached.isEmpty()) {
          missing.put(i, StatisticAccumulator.of(request));
        }
      }
      if (!missing.isEmpty()) {
        long elements = pass(pipeline, overName, session, built, requests, missing);
        for (Map.Entry<Integer, StatisticAccumulator> entry : missing.entrySet()) {
          StatisticRequest request = requests.get(entry.getKey());
          String key = keys.get(entry.getKey());
          StatisticAccumulator accumulator = entry.getValue();
          if (accumulator.count() == 0) {
            throw new FeedlineException(pipeline.simpleName(), null, null, "statistics '"
                + request.name() + "': pipeline " + overName + " yielded " + elements
                + " element" + (elements == 1 ? "" : "s") + " and no value of component '"
                + request.component() + "' to fit them over", null);
          }
          FittedStatistic.Fit fit = new FittedStatistic.Fit(request.name(), overName,
              request.component(), request.shape(), accumulator.count(), key, files,
              cacheFile(request, key), false);
          FittedStatistic statistic = accumulator.result(fit);
          if (statistic instanceof FittedVocabulary vocabulary && vocabulary.tokens() == 0) {
            throw new FeedlineException(pipeline.simpleName(), null, null, "vocabulary '"
                + request.name() + "': pipeline " + overName + " yielded "
                + accumulator.count() + " tokens of component '" + request.component()
                + "', and none of them " + request.minCount() + " times or more (minCount);"
                + " lower minCount, or fit it over more data", null);
          }
          write(pipeline, statistic, accumulator);
          LOG.log(System.Logger.Level.INFO, "Pipeline {0}: statistics ''{1}'' fitted over {2}"
              + " ({3} values a position, key {4}){5}", pipeline.simpleName(), request.name(),
              overName, accumulator.count(), key, fit.cacheFile() == null ? ", not cached"
              : ", cached in " + fit.cacheFile());
          fitted.set(entry.getKey(), statistic);
        }
      }
      return List.copyOf(fitted);
    }
  }

  /** One epoch of {@code built}, each needed component fetched once per element. */
  private static long pass(PipelineInfo pipeline, String overName, Session session,
      BuiltPipeline<?, ?> built, List<StatisticRequest> requests,
      Map<Integer, StatisticAccumulator> missing) {
    List<Output<?>> outputs = built.iterator().outputs();
    List<Integer> fetched = new ArrayList<>();
    for (int i : missing.keySet()) {
      if (!fetched.contains(requests.get(i).index())) {
        fetched.add(requests.get(i).index());
      }
    }
    long elements = 0;
    for (Result result : built.steps(session, run -> {
      fetched.forEach(index -> run.fetch(outputs.get(index)));
      return run;
    })) {
      elements++;
      for (Map.Entry<Integer, StatisticAccumulator> entry : missing.entrySet()) {
        int at = fetched.indexOf(requests.get(entry.getKey()).index());
        try {
          entry.getValue().add(result.get(at));
        } catch (StatisticAccumulator.NotFinite e) {
          throw new FeedlineException(pipeline.simpleName(), null, null, "statistics '"
              + requests.get(entry.getKey()).name() + "': row " + e.row + " of pipeline "
              + overName + "'s epoch has " + e.getMessage() + ", and a statistic of it would be"
              + " NaN or infinite: leave the row out (@Filter) or replace the value (@Map)"
              + " before the statistics", null);
        }
      }
    }
    return elements;
  }

  private static String key(StatisticRequest request, byte[] upstream, String data,
      List<FileIdentity> files) {
    MessageDigest sha = sha256();
    List<String> parts = new ArrayList<>(List.of(KEY_FORMAT, request.kind().name(),
        request.component(), request.shape().toString(), Integer.toString(request.buckets()),
        "minCount " + request.minCount() + " topK " + request.topK() + " oovBuckets "
            + request.oovBuckets(), "tensorflow " + TensorFlow.version(),
        HexFormat.of().formatHex(upstream)));
    if (!data.isEmpty()) {
      parts.add("in-memory data " + data);
    }
    for (FileIdentity file : files) {
      parts.add(Path.of(file.file()).toAbsolutePath().normalize() + " " + file.size() + " "
          + file.modified() + " " + Long.toHexString(file.fingerprint()));
    }
    for (String part : parts) {
      byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
      sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
      sha.update(bytes);
    }
    return HexFormat.of().formatHex(sha.digest(), 0, 8);
  }

  private static Path cacheFile(StatisticRequest request, String key) {
    return request.cache().isEmpty() ? null
        : Path.of(request.cache()).resolve(request.name() + "-" + key + ".stats");
  }

  /** The statistic in its cache file, if it has one that reads back whole. */
  private static Optional<FittedStatistic> read(PipelineInfo pipeline, StatisticRequest request,
      FittedStatistic.Fit fit) {
    Path file = fit.cacheFile();
    if (file == null) {
      return Optional.empty();
    }
    warnOfPartialFiles(pipeline, request, file);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (lines.size() < 4 || !lines.get(0).equals(FILE_FORMAT)
          || !lines.get(1).equals("key " + fit.key())
          || !lines.get(2).equals("kind " + request.kind().name())
          || !lines.get(3).startsWith("count ")) {
        throw new IOException("it is not a statistics file of key " + fit.key());
      }
      if (!lines.get(lines.size() - 1).equals(END)) {
        throw new IOException("it is cut short, with no '" + END + "' line");
      }
      long count = Long.parseLong(lines.get(3).substring("count ".length()));
      FittedStatistic.Fit read = new FittedStatistic.Fit(fit.name(), fit.over(),
          fit.component(), fit.shape(), count, fit.key(), fit.identities(), file, true);
      FittedStatistic statistic = StatisticAccumulator.of(request).restore(read,
          lines.subList(4, lines.size() - 1));
      LOG.log(System.Logger.Level.INFO, "Pipeline {0}: statistics ''{1}'' read from {2} (key"
          + " {3})", pipeline.simpleName(), request.name(), file, fit.key());
      return Optional.of(statistic);
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "Pipeline {0}: statistics ''{1}'': the cache file {2}"
          + " cannot be read back ({3}); fitting them again", pipeline.simpleName(),
          request.name(), file, e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Warns of the partial files of {@code file} that no writer of this process holds: each was
   * left by a writer that stopped before its rename, or is another one's at work.
   */
  private static void warnOfPartialFiles(PipelineInfo pipeline, StatisticRequest request,
      Path file) {
    Path folder = file.toAbsolutePath().getParent();
    String prefix = file.getFileName() + PARTIAL;
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (var entries = Files.list(folder)) {
      for (Path partial : entries.filter(p -> p.getFileName().toString().startsWith(prefix))
          .sorted().toList()) {
        LOG.log(System.Logger.Level.WARNING, "Pipeline {0}: statistics ''{1}'': {2} is a partial"
            + " file, never read: left by a writer that stopped before renaming it to {3}, or"
            + " another build''s at work; remove it once no build runs", pipeline.simpleName(),
            request.name(), partial, file.getFileName());
      }
    } catch (IOException e) {
      // Only a warning is lost: the cache file is read, or fitted, all the same.
    }
  }

  /**
   * Writes the statistic's cache file whole, or not at all: a new file of this writer's own,
   * then a rename over the cache file.
   */
  private static void write(PipelineInfo pipeline, FittedStatistic statistic,
      StatisticAccumulator accumulator) {
    Path file = statistic.fit().cacheFile();
    if (file == null) {
      return;
    }
    StringBuilder text = new StringBuilder(FILE_FORMAT).append('\n')
        .append("key ").append(statistic.fit().key()).append('\n')
        .append("kind ").append(accumulator.kind().name()).append('\n')
        .append("count ").append(statistic.count()).append('\n');
    for (String line : accumulator.lines(statistic)) {
      text.append(line).append('\n');
    }
    text.append(END).append('\n');
    Path partial = file.resolveSibling(file.getFileName() + PARTIAL
        + ProcessHandle.current().pid() + "-" + Long.toHexString(RANDOM.nextLong()));
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(partial, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      Durable.force(partial);
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      Durable.forceFolder(file.toAbsolutePath().getParent());
    } catch (IOException e) {
      try {
        Files.deleteIfExists(partial);
      } catch (IOException ignored) {
        // The write failed already; that is the error to report.
      }
      throw new FeedlineException(pipeline.simpleName(), null, file.toString(), "statistics '"
          + statistic.name() + "': the cache file cannot be written: " + e.getMessage(), e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
