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
import java.util.Set;
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
   * Resolves {@code patterns} in order; each pattern's matches are sorted, and a file named twice
   * is read once.
   *
   * @throws FeedlineException naming the pattern that matches nothing or the file that is missing
   *     or unreadable
   */
  public static List<String> resolve(PipelineInfo pipeline, List<String> patterns) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    if (patterns.isEmpty()) {
      throw new FeedlineException(
          pipeline.simpleName(), source, null, "no files given to read", null);
    }
    Set<String> files = new LinkedHashSet<>();
    for (String pattern : patterns) {
      List<String> matches =
          URI_SCHEME.matcher(pattern).matches() ? matchWithTensorFlow(pattern) : matchLocal(pattern);
      if (matches.isEmpty()) {
        throw new FeedlineException(
            pipeline.simpleName(), source, pattern, "the pattern matches no file", null);
      }
      for (String file : matches) {
        checkReadable(pipeline, source, file);
        files.add(file);
      }
    }
    return List.copyOf(files);
  }

  /**
   * Checks that a worker gets at least one file when the files are split between workers, file
   * {@code i} to worker {@code i % workerCount}: an empty share is an error before the first
   * element, not an epoch that silently yields nothing.
   */
  public static void checkShare(
      PipelineInfo pipeline, String shard, List<String> files, long workerIndex, long workerCount) {
    if (files.size() <= workerIndex) {
      PipelineInfo.Stage stage = pipeline.stages().stream()
          .filter(s -> s.method().equals(shard))
          .findFirst()
          .orElseThrow();
      throw new FeedlineException(pipeline.simpleName(), stage, null, "worker " + workerIndex
          + " of " + workerCount + " gets no file: there are only " + files.size()
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
   * Checks a local file before the pipeline starts: TensorFlow reads an empty file, and a file cut
   * inside a record header, as fewer records, without a word.
   */
  private static void checkReadable(PipelineInfo pipeline, PipelineInfo.Stage source, String file) {
    if (URI_SCHEME.matcher(file).matches()) {
      return; // listed by TensorFlow: it exists
    }
    Path path = Path.of(file);
    String problem =
        !Files.exists(path)
            ? "the file does not exist"
            : Files.isDirectory(path)
                ? "the path is a folder, not a file"
                : !Files.isReadable(path)
                    ? "the file is not readable (permission denied)"
                    : size(path) == 0
                        ? "the file is empty, but a TFRecord file holds at least one record"
                        : TFRecordFile.checkFraming(path).map(TFRecordFile.Damage::describe)
                            .orElse(null);
    if (problem != null) {
      throw new FeedlineException(pipeline.simpleName(), source, file, problem, null);
    }
  }

  private static long size(Path path) {
    try {
      return Files.size(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the size of " + path, e);
    }
  }
}
