package dev.feedline.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tensorflow.EagerSession;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * Turns the file names and glob patterns a source is given into the list of files it reads.
 *
 * <p>TensorFlow is silent or stuck on bad file lists: a glob that matches nothing yields zero
 * elements without a word, and a missing file makes every later GetNext fail with the same error.
 * So every pattern is resolved, and every file checked, before the pipeline is built.
 */
public final class DataFiles {
  private static final Pattern GLOB = Pattern.compile("[*?\\[{]");
  private static final Pattern URI_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://.*");

  private DataFiles() {}

  /**
   * What a source reads.
   *
   * @param files the files, in reading order
   * @param segments the runs of records the dataset reads: one whole file each, unless bad
   *     records are skipped
   * @param records how many records the source reads (counted while the framing is checked;
   *     unknown, -1, when a file is on a remote file system)
   * @param skipped the bad records left out
   */
  public record Resolved(
      List<String> files, List<FileSegment> segments, long records, SkippedRecords skipped) {}

  /**
   * Resolves {@code patterns} in order; each pattern's matches are sorted, and a file named twice
   * is read once. Checks the framing of every local file: a damaged one is an error.
   *
   * @throws FeedlineException naming the pattern that matches nothing or the file that is missing,
   *     unreadable or damaged
   */
  public static Resolved resolve(PipelineInfo pipeline, List<String> patterns) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    List<String> files = list(pipeline, patterns);
    AtomicLong records = new AtomicLong();
    for (String file : files) {
      String problem = fileProblem(file).orElseGet(() -> isRemote(file) ? null
          : TFRecordFile.checkFraming(Path.of(file), records).map(TFRecordFile.Damage::describe)
              .orElse(null));
      if (problem != null) {
        throw new FeedlineException(pipeline.simpleName(), source, file, problem, null);
      }
    }
    boolean remote = files.stream().anyMatch(DataFiles::isRemote);
    return new Resolved(files, files.stream().map(FileSegment::whole).toList(),
        remote ? -1 : records.get(), SkippedRecords.none());
  }

  /**
   * Resolves {@code patterns} like {@link #resolve}, then checks every record of every file,
   * checksums and, when the pipeline parses them, features included, and leaves out the bad
   * ones: the dataset reads the runs of good records between them. Reads all the data once, before
   * the first element; the files must be local.
   *
   * @param features the features {@code @Decode} parses; null when the pipeline does not parse
   *     the records
   * @throws FeedlineException naming the pattern that matches nothing or the file that is missing,
   *     unreadable, empty or remote
   */
  public static Resolved resolveSkippingBadRecords(
      PipelineInfo pipeline, List<String> patterns, ElementSpec features) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    List<String> files = list(pipeline, patterns);
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> skipped = new ArrayList<>();
    long records = 0;
    for (String file : files) {
      String problem = fileProblem(file).orElse(isRemote(file)
          ? "bad records can only be skipped in local files, which are checked before the first"
              + " element; copy the file, or drop badRecords = SKIP"
          : null);
      if (problem != null) {
        throw new FeedlineException(pipeline.simpleName(), source, file, problem, null);
      }
      TFRecordFile.Scan scan = TFRecordFile.scan(Path.of(file),
          data -> features == null ? Optional.empty() : ExampleCheck.check(data, features));
      segments.addAll(scan.segments());
      skipped.addAll(scan.bad());
      records += scan.goodRecords();
    }
    return new Resolved(files, segments, records, new SkippedRecords(skipped));
  }

  /** Lists the files {@code patterns} name, in order, each once. */
  private static List<String> list(PipelineInfo pipeline, List<String> patterns) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    if (patterns.isEmpty()) {
      throw new FeedlineException(
          pipeline.simpleName(), source, null, "no files given to read", null);
    }
    Set<String> files = new LinkedHashSet<>();
    for (String pattern : patterns) {
      List<String> matches = isRemote(pattern) ? matchWithTensorFlow(pattern) : matchLocal(pattern);
      if (matches.isEmpty()) {
        throw new FeedlineException(
            pipeline.simpleName(), source, pattern, "the pattern matches no file", null);
      }
      files.addAll(matches);
    }
    return List.copyOf(files);
  }

  private static boolean isRemote(String file) {
    return URI_SCHEME.matcher(file).matches();
  }

  /**
   * Checks that a worker gets at least one file when the files are split between workers, file
   * {@code i} to worker {@code i % workerCount} (with bad records skipped, the runs of good records
   * are split instead): an empty share is an error before the first element, not an epoch that
   * silently yields nothing.
   */
  public static void checkShare(PipelineInfo pipeline, String shard, List<FileSegment> segments,
      long workerIndex, long workerCount) {
    if (segments.size() <= workerIndex) {
      PipelineInfo.Stage stage = pipeline.stage(shard);
      throw new FeedlineException(pipeline.simpleName(), stage, null, "worker " + workerIndex
          + " of " + workerCount + " gets no file: there are only " + segments.size()
          + "; write at least one file per worker (10 per worker reads evenly)", null);
    }
  }

  private static List<String> matchLocal(String pattern) {
    if (!GLOB.matcher(pattern).find()) {
      return List.of(pattern);
    }
    Path glob = Path.of(pattern).toAbsolutePath().normalize();
    Path root = glob.getRoot();
    for (Path part : glob) { // walk from the deepest folder that holds no wildcard
      if (GLOB.matcher(part.toString()).find()) {
        break;
      }
      root = root.resolve(part);
    }
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    try (Stream<Path> paths = Files.walk(root)) {
      return paths.filter(matcher::matches).map(Path::toString).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + root, e);
    }
  }

  /** Remote file systems (gs://, s3://, hdfs://) are TensorFlow's to list. */
  private static List<String> matchWithTensorFlow(String pattern) {
    try (EagerSession eager = EagerSession.create()) {
      TString matches = Ops.create(eager).io.matchingFiles(Ops.create(eager).constant(pattern)).asTensor();
      List<String> files = new ArrayList<>();
      matches.scalars().forEach(s -> files.add(s.getObject()));
      files.sort(null);
      return files;
    }
  }

  /**
   * What keeps a local file from being read at all. TensorFlow reads an empty file as no records,
   * without a word.
   */
  private static Optional<String> fileProblem(String file) {
    if (isRemote(file)) {
      return Optional.empty(); // listed by TensorFlow: it exists
    }
    Path path = Path.of(file);
    return Optional.ofNullable(
        !Files.exists(path)
            ? "the file does not exist"
            : Files.isDirectory(path)
                ? "the path is a folder, not a file"
                : !Files.isReadable(path)
                    ? "the file is not readable (permission denied)"
                    : size(path) == 0
                        ? "the file is empty, but a TFRecord file holds at least one record"
                        : null);
  }

  private static long size(Path path) {
    try {
      return Files.size(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the size of " + path, e);
    }
  }
}
