package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.internal.files.ShardSet;
import dev.feedline.Compression;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.tensorflow.EagerSession;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * Turns the file names and glob patterns a source is given into the list of files it reads, and
 * checks them.
 *
 * <p>TensorFlow is silent, stuck or fatal on bad file lists: a glob that matches nothing yields
 * zero elements without a word, a missing file makes every later GetNext fail with the same error,
 * and a record whose length claims more bytes than the machine has kills the process. So every
 * pattern is resolved, and every file's framing checked, before the pipeline is built; each
 * dataset then reads exactly the records found, never past them. A file's check is remembered by
 * its identity ({@link FileChecks}): building again over unchanged files costs a look at each
 * file, not a walk through its records.
 */
public final class DataFiles {
  private static final System.Logger LOG = System.getLogger(DataFiles.class.getName());
  private static final Pattern GLOB = Pattern.compile("[*?\\[{]");
  private static final Pattern URI_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://.*");
  /** The name of the framing check, for remembering it; a new version of the check renames it. */
  static final String FRAMING = "framing 1";

  private static final String EMPTY = "the file is empty";

  private DataFiles() {}

  /**
   * What a source reads.
   *
   * @param files the files, in reading order
   * @param segments the runs of records the dataset reads: each local file's records, counted,
   *     unless bad records are skipped; a remote file whole. A count still being walked is waited
   *     for when asked for
   * @param skipped the bad records left out
   * @param identities what each local file was when it was checked, in reading order
   * @param counts the record counts the dataset is fed ({@link FileCounts}); null when they are
   *     all counted within the call (text files, bad records skipped)
   * @param kind what the files are, for messages
   * @param check what the check at {@code build()} read of each file
   */
  public record Resolved(List<String> files, List<FileSegment> segments, SkippedRecords skipped,
      List<FileIdentity> identities, FileCounts counts, String kind, String check)
      implements CheckedInput {
    /**
     * How many records the source reads; unknown, -1, when a file is on a remote file system.
     * Waits for the files' walks.
     *
     * @throws FeedlineException naming the first damaged file and its record
     */
    public long records() {
      long records = 0;
      for (FileSegment segment : segments) {
        if (segment.count() < 0) {
          return -1;
        }
        records += segment.count();
      }
      return records;
    }

    /**
     * Has the datasets built from these files hold their record counts as constants, once every
     * walk has ended: for a pipeline another reads as a source ({@code asSource}), since the
     * reading pipeline's iterator feeds only the counts of its own files.
     *
     * @throws FeedlineException naming the first damaged file and its record
     */
    public void writeCountsIntoGraph() {
      if (counts != null) {
        counts.writeIntoGraph();
      }
    }
  }

  /**
   * Resolves {@code patterns} in order; each pattern's matches are sorted, and a file named twice
   * is read once. Checks the framing of every local file, or recalls its check: a damaged one is
   * an error. The walks of files whose check is not recalled go on in the background
   * ({@link FileCounts}): their damage is an error when a count is asked for, which a pipeline's
   * {@code build()} does at its end.
   *
   * @throws FeedlineException naming the pattern that matches nothing or the file that is missing,
   *     or unreadable
   */
  public static Resolved resolve(PipelineInfo pipeline, List<String> patterns) {
    return resolve(pipeline, patterns, Compression.NONE);
  }

  /**
   * Resolves {@code patterns} of files compressed as {@code compression} like
   * {@link #resolve(PipelineInfo, List)}; a compressed file is checked through its decompressed
   * records, checksums included, which costs a read of the whole file the first time.
   */
  public static Resolved resolve(
      PipelineInfo pipeline, List<String> patterns, Compression compression) {
    List<String> files = list(pipeline, patterns);
    String name = compression == Compression.NONE ? FRAMING : FRAMING + " " + compression;
    Function<Path, Long> check = path -> {
      TFRecordFile.Framing framing = compression == Compression.NONE
          ? TFRecordFile.checkFraming(path)
          : CompressedTFRecordFile.check(path, compression, null);
      if (framing.damage().isPresent()) {
        throw new Damaged(framing.damage().get().describe());
      }
      return framing.records();
    };
    Function<Long, List<String>> toLines = records -> List.of("records " + records);
    List<Look<Long>> looks = looks(pipeline, files, name,
        (file, lines) -> Long.parseLong(lines.get(0).substring("records ".length())));
    List<FileCounts.Walk> walks = new ArrayList<>();
    List<FileIdentity> identities = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      String file = files.get(i);
      Look<Long> look = looks.get(i);
      if (look.isRemote()) {
        walks.add(FileCounts.Walk.known(-1)); // remote: TensorFlow reads it whole
        continue;
      }
      identities.add(look.identity());
      walks.add(look.isChecked() ? FileCounts.Walk.known(look.found())
          : new FileCounts.Walk(() -> {
            Look<Long> walked = walk(file, look, name, check, toLines);
            return walked.problem() != null ? walked.problem() : walked.found();
          }));
    }
    // The walks go on while the graph is built; its iterators are made with the counts, once
    // every walk has ended (FileCounts). TensorFlow never reads past the records counted. Fed
    // even when every check is recalled: a graph that held them as constants would hash apart
    // from a first run's, and miss the file caches keyed by it.
    FileCounts counts = FileCounts.start(pipeline, files, walks);
    return new Resolved(files, counts.segments(), SkippedRecords.none(), identities, counts,
        compression == Compression.NONE ? "TFRecord files" : "TFRecord files (" + compression + ")",
        compression == Compression.NONE
            ? "every record's header: its length, the length's checksum, and that it fits"
            : "every record of the decompressed stream, both checksums included");
  }

  /**
   * Resolves {@code patterns} like {@link #resolve}, then checks every record of every file,
   * checksums and, when the pipeline parses them, features included, and leaves out the bad
   * ones: the dataset reads the runs of good records between them. Reads the data of each file
   * whose check it does not recall; the files must be local.
   *
   * @param features the features {@code @Decode} parses; null when the pipeline does not parse
   *     the records
   * @throws FeedlineException naming the pattern that matches nothing or the file that is missing,
   *     unreadable, empty or remote
   */
  public static Resolved resolveSkippingBadRecords(
      PipelineInfo pipeline, List<String> patterns, ExampleFeatures features) {
    PipelineInfo.Stage source = pipeline.stages().get(0);
    List<String> files = list(pipeline, patterns);
    files.stream().filter(DataFiles::isRemote).findFirst().ifPresent(remote -> {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), remote,
          "bad records can only be skipped in local files, which are checked before the first"
              + " element; copy the file, or drop badRecords = SKIP", null);
    });
    // The number is the check's version: a remembered result of an older check is not reused.
    String check = "skip 3 " + (features == null ? "unparsed" : features.describe());
    List<Look<TFRecordFile.Scan>> checked = check(pipeline, files, check,
        path -> TFRecordFile.scan(path, features == null ? null : data -> ExampleCheck.check(data, features)),
        DataFiles::scanLines, DataFiles::scanOf);
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> skipped = new ArrayList<>();
    for (Look<TFRecordFile.Scan> file : checked) {
      segments.addAll(file.found().segments());
      skipped.addAll(file.found().bad());
    }
    return new Resolved(files, segments, new SkippedRecords(skipped),
        checked.stream().map(Look::identity).toList(), null, "TFRecord files",
        "every record: its framing, both checksums"
            + (features == null ? "" : ", and the features @Decode parses"));
  }

  /**
   * What looking at one file found: a remote file, which TensorFlow reads unchecked (all null); a
   * problem that keeps the file from being read; or its identity and, once its check is done or
   * recalled, what the check found.
   *
   * @param checkedAt when the look started, in milliseconds since 1970, for remembering the check
   */
  private record Look<T>(String problem, FileIdentity identity, T found, long checkedAt) {
    static <T> Look<T> remote() {
      return new Look<>(null, null, null, 0);
    }

    static <T> Look<T> problem(String problem) {
      return new Look<>(problem, null, null, 0);
    }

    boolean isRemote() {
      return problem == null && identity == null;
    }

    boolean isChecked() {
      return found != null;
    }
  }

  /** A file whose framing is damaged: its problem, for the error that names it. */
  private static final class Damaged extends RuntimeException {
    Damaged(String problem) {
      super(problem, null, false, false);
    }
  }

  /**
   * Checks every local file with {@code check}, or recalls its check, on every core. Throws the
   * problem of the first file, in reading order, that has one.
   */
  private static <T> List<Look<T>> check(PipelineInfo pipeline, List<String> files, String name,
      Function<Path, T> check, Function<T, List<String>> toLines,
      BiFunction<String, List<String>, T> ofLines) {
    return check(pipeline, files, name, check, toLines, ofLines, null);
  }

  /**
   * The same, where a file whose problem starts with {@code fine} (an empty text file) is checked
   * like any other.
   */
  private static <T> List<Look<T>> check(PipelineInfo pipeline, List<String> files, String name,
      Function<Path, T> check, Function<T, List<String>> toLines,
      BiFunction<String, List<String>, T> ofLines, String fine) {
    List<Look<T>> checked = files.parallelStream().map(file -> {
      Look<T> look = look(file, name, ofLines, fine);
      return look.isRemote() || look.isChecked() || look.problem() != null ? look
          : walk(file, look, name, check, toLines);
    }).collect(Collectors.toList());
    throwFirstProblem(pipeline, files, checked);
    return checked;
  }

  /**
   * Looks at every file, on every core. Throws the problem of the first file, in reading order,
   * that cannot be read at all.
   */
  private static <T> List<Look<T>> looks(PipelineInfo pipeline, List<String> files, String name,
      BiFunction<String, List<String>, T> ofLines) {
    List<Look<T>> looks = files.parallelStream().map(file -> look(file, name, ofLines, null))
        .collect(Collectors.toList());
    throwFirstProblem(pipeline, files, looks);
    return looks;
  }

  private static <T> void throwFirstProblem(PipelineInfo pipeline, List<String> files,
      List<Look<T>> looks) {
    for (int i = 0; i < files.size(); i++) {
      if (looks.get(i).problem() != null) {
        throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), files.get(i),
            looks.get(i).problem(), null);
      }
    }
  }

  /**
   * A file's problem, its recalled check, or the identity its check starts from; a problem that
   * starts with {@code fine} is none.
   */
  private static <T> Look<T> look(String file, String name,
      BiFunction<String, List<String>, T> ofLines, String fine) {
    if (isRemote(file)) {
      return Look.remote();
    }
    try {
      Optional<String> problem = fileProblem(file).filter(p -> fine == null || !p.startsWith(fine));
      if (problem.isPresent()) {
        return Look.problem(problem.get());
      }
      long checkedAt = System.currentTimeMillis();
      FileIdentity before = FileIdentity.of(Path.of(file));
      Optional<T> recalled = FileChecks.recall(before, name).flatMap(lines -> {
        try {
          return Optional.of(ofLines.apply(file, lines));
        } catch (RuntimeException e) {
          return Optional.empty(); // not what this version remembers: check the file again
        }
      });
      return new Look<>(null, before, recalled.orElse(null), checkedAt);
    } catch (IOException | UncheckedIOException e) {
      return Look.problem("the file cannot be read: " + reason(e));
    }
  }

  /** Checks a file that {@link #look} found unchecked: what it found, or the file's problem. */
  private static <T> Look<T> walk(String file, Look<T> unchecked, String name,
      Function<Path, T> check, Function<T, List<String>> toLines) {
    try {
      Path path = Path.of(file);
      T found = check.apply(path);
      Optional<String> change = unchecked.identity().changeTo(FileIdentity.of(path), true);
      if (change.isPresent()) {
        return Look.problem("the file changed while it was checked: " + change.get());
      }
      FileChecks.remember(unchecked.identity(), name, toLines.apply(found), unchecked.checkedAt());
      return new Look<>(null, unchecked.identity(), found, unchecked.checkedAt());
    } catch (Damaged damaged) {
      return Look.problem(damaged.getMessage());
    } catch (IOException | UncheckedIOException e) {
      return Look.problem("the file cannot be read: " + reason(e));
    }
  }

  private static List<String> scanLines(TFRecordFile.Scan scan) {
    List<String> lines = new ArrayList<>();
    scan.segments().forEach(s -> lines.add("segment " + s.offset() + " " + s.count()));
    scan.bad().forEach(r -> lines.add("bad " + r.index() + " " + r.offset() + " "
        + FileIdentity.escape(r.cause()) + "\t" + FileIdentity.escape(r.problem())));
    return lines;
  }

  private static TFRecordFile.Scan scanOf(String file, List<String> lines) {
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> bad = new ArrayList<>();
    for (String line : lines) {
      String[] fields = line.split(" ", 4);
      if (fields[0].equals("segment")) {
        segments.add(new FileSegment(file, Long.parseLong(fields[1]), Long.parseLong(fields[2])));
      } else {
        String[] text = fields[3].split("\t", 2);
        bad.add(new SkippedRecords.Record(file, Long.parseLong(fields[1]), Long.parseLong(fields[2]),
            FileIdentity.unescape(text[0]), FileIdentity.unescape(text[1])));
      }
    }
    return new TFRecordFile.Scan(List.copyOf(segments), List.copyOf(bad));
  }

  /**
   * What keeps a file of a built pipeline from being read as it was when the pipeline was built:
   * checked when every epoch starts and ends, so that an epoch over a file that changed fails
   * instead of reading another file's records.
   */
  static Optional<String> changeSinceBuilt(FileIdentity built) {
    Path path = Path.of(built.file());
    if (!Files.exists(path)) {
      return Optional.of("the file has disappeared since the pipeline was built");
    }
    if (!Files.isReadable(path)) {
      return Optional.of("the file is no longer readable (permission denied)");
    }
    try {
      return built.changeTo(FileIdentity.of(path), true)
          .map(change -> "the file has changed since the pipeline was built: " + change
              + "; build the pipeline again to read it as it is now");
    } catch (IOException e) {
      return Optional.of("the file cannot be read: " + reason(e));
    }
  }

  /**
   * Resolves the patterns of a text source like {@link #resolve}, then reads every local file
   * through, decompressed, and checks its lines ({@link TextFile}), or recalls its check: each
   * file's dataset then reads exactly the runs of lines the check counted. An empty file is a file
   * of no lines.
   *
   * @param rows the columns a {@code @DecodeCsv} that parses the lines as they are read takes:
   *     every row is checked against them; null when the lines are not parsed so
   * @throws FeedlineException naming the pattern that matches nothing, or the file that is
   *     missing, unreadable or damaged, with its line
   */
  public static Resolved resolveText(PipelineInfo pipeline, List<String> patterns,
      TextFile.Format format, CsvColumns rows) {
    List<String> files = list(pipeline, patterns);
    int[] selected = rows == null ? null
        : rows.select(pipeline, files, format.header(), format.compression());
    // The number is the check's version, as above.
    String name = "text 2 " + format.describe() + (rows == null ? ""
        : " rows " + rows + " " + java.util.Arrays.toString(selected));
    List<Look<TextFile.Scan>> checked = check(pipeline, files, name, path -> {
      try {
        return TextFile.check(path, format, rows, selected);
      } catch (TextFile.Bad bad) {
        throw new Damaged(bad.getMessage());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, TextFile.Scan::toLines, TextFile.Scan::of, EMPTY);
    List<FileSegment> segments = new ArrayList<>();
    List<SkippedRecords.Record> skipped = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (checked.get(i).isRemote()) { // remote: TensorFlow reads it whole, past a header
        segments.add(new FileSegment(files.get(i), format.header() ? 1 : 0, -1));
      } else {
        segments.addAll(checked.get(i).found().segments());
        skipped.addAll(checked.get(i).found().bad());
      }
    }
    return new Resolved(files, segments, new SkippedRecords(skipped),
        checked.stream().filter(look -> !look.isRemote()).map(Look::identity).toList(), null,
        "text files", "every line, through the decompressed stream"
            + (rows == null ? "" : ", and every row against the CSV columns"));
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
    ShardSet.problem(files.stream().filter(file -> !isRemote(file)).toList())
        .ifPresent(problem -> {
          throw new FeedlineException(
              pipeline.simpleName(), source, problem.file(), problem.text(), null);
        });
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

  /**
   * The local files a pattern names, as absolute paths, so that a checkpoint names the same files
   * from any working folder. A glob is walked from its deepest folder without a wildcard, through
   * symbolic links, only as deep as it has names (any depth from a {@code **} on); folders that
   * cannot be listed, and link loops, are skipped with a warning that names them.
   */
  private static List<String> matchLocal(String pattern) {
    Path glob = Path.of(pattern).toAbsolutePath().normalize();
    if (!GLOB.matcher(pattern).find()) {
      return List.of(glob.toString());
    }
    Path root = glob.getRoot();
    List<String> below = new ArrayList<>();
    for (Path part : glob) { // walk from the deepest folder that holds no wildcard
      if (below.isEmpty() && !GLOB.matcher(part.toString()).find()) {
        root = root.resolve(part);
      } else {
        below.add(part.toString());
      }
    }
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    PathMatcher whole = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    List<PathMatcher> levels = new ArrayList<>(); // the names before any "**", one per level
    for (String name : below) {
      if (name.contains("**")) {
        break;
      }
      levels.add(FileSystems.getDefault().getPathMatcher("glob:" + name));
    }
    int depth = levels.size() == below.size() ? below.size() : Integer.MAX_VALUE;
    Path top = root;
    List<String> matches = new ArrayList<>();
    try {
      Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), depth,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              int level = top.relativize(dir).getNameCount();
              if (!dir.equals(top) && level <= levels.size()
                  && !levels.get(level - 1).matches(dir.getFileName())) {
                return FileVisitResult.SKIP_SUBTREE; // no match can lie below it
              }
              if (whole.matches(dir)) {
                matches.add(dir.toString()); // named as a folder, not a file, when checked
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (whole.matches(file)) {
                matches.add(file.toString());
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path path, IOException e) {
              if (whole.matches(path)) {
                matches.add(path.toString()); // its problem is named when it is checked
              } else {
                LOG.log(System.Logger.Level.WARNING, "Skipping {0} while matching {1}: {2}", path,
                    pattern, e instanceof FileSystemLoopException
                        ? "a symbolic link leads back to a folder above it" : reason(e));
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + root, e);
    }
    return matches.stream().sorted().toList();
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
  private static Optional<String> fileProblem(String file) throws IOException {
    Path path = Path.of(file);
    if (!Files.exists(path)) {
      return Optional.of(Files.isSymbolicLink(path) ? brokenLink(path) : "the file does not exist");
    }
    return Optional.ofNullable(Files.isDirectory(path)
        ? "the path is a folder, not a file"
        : !Files.isReadable(path)
            ? "the file is not readable (permission denied)"
            : Files.size(path) == 0
                ? EMPTY + ", but a TFRecord file holds at least one record"
                : null);
  }

  /** Why a symbolic link leads to no file: a loop, or a missing target. */
  private static String brokenLink(Path link) throws IOException {
    try {
      link.toRealPath();
      return "the file does not exist";
    } catch (NoSuchFileException e) {
      return "the path is a symbolic link to " + Files.readSymbolicLink(link)
          + ", which does not exist";
    } catch (FileSystemException e) {
      return "the path is a symbolic link that leads back to itself: a loop";
    }
  }

  /** The operating system's reason for an I/O error, without Java's exception class. */
  public static String reason(Exception e) {
    Throwable cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : e;
    if (cause instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (cause instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    return String.valueOf(cause.getMessage());
  }
}
