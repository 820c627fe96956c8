package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * The files a pipeline reads, what they were when it was built, and the tf.train.Example features
 * it parses from them: what the runtime needs to say which file and record a TensorFlow data error
 * comes from, since TensorFlow's messages name a byte offset or a feature, but no file, and to
 * tell that a file has changed since.
 *
 * @param files the resolved files; empty for an in-memory source
 * @param features the features {@code @Decode} parses from the records, if it does
 * @param skipped the bad records the source leaves out, when it skips them
 * @param identities what each local file was when the pipeline was built
 * @param counts the files' record counts that were still being walked when the graph was built,
 *     which every run that makes an iterator of the source's dataset is fed
 */
public record DataSource(List<String> files, Optional<ExampleFeatures> features,
    SkippedRecords skipped, List<FileIdentity> identities, Optional<FileCounts> counts) {
  private static final Pattern DAMAGED_AT = Pattern.compile("(?:corrupted|truncated) record at (\\d+)");
  private static final Pattern NOT_FOUND = Pattern.compile("(\\S+); No such file or directory");

  public DataSource {
    files = List.copyOf(files);
    identities = List.copyOf(identities);
  }

  /** Data held in the graph: nothing to point at. */
  public static DataSource inMemory() {
    return new DataSource(List.of(), Optional.empty(), SkippedRecords.none(), List.of(),
        Optional.empty());
  }

  /** TFRecord files, parsed into {@code features} by {@code @Decode}. */
  public static DataSource tfRecords(DataFiles.Resolved files, ExampleFeatures features) {
    return new DataSource(files.files(), Optional.of(features), files.skipped(), files.identities(),
        Optional.ofNullable(files.counts()));
  }

  /** TFRecord files whose records the pipeline does not parse itself. */
  public static DataSource tfRecords(DataFiles.Resolved files) {
    return new DataSource(files.files(), Optional.empty(), files.skipped(), files.identities(),
        Optional.ofNullable(files.counts()));
  }

  /** Text files, read line by line: a file that changes after the build is named. */
  public static DataSource textLines(DataFiles.Resolved files) {
    return new DataSource(files.files(), Optional.empty(), files.skipped(), files.identities(),
        Optional.ofNullable(files.counts()));
  }

  /**
   * Runs {@code runner}, which may make an iterator of the source's dataset, feeding it the
   * files' record counts when the graph does not hold them.
   */
  public Result run(Session.Runner runner) {
    return counts.isPresent() ? counts.get().run(runner) : runner.run();
  }

  /** A file and what is wrong with it, found for a TensorFlow error. */
  public record Culprit(String file, String problem) {}

  /**
   * The first file, in reading order, that is no longer what it was when the pipeline was built:
   * gone, unreadable, or changed.
   */
  public Optional<Culprit> changedFile() {
    return identities.parallelStream()
        .map(file -> DataFiles.changeSinceBuilt(file).map(change -> new Culprit(file.file(), change)))
        .flatMap(Optional::stream)
        .findFirst();
  }

  /**
   * What keeps the first record of the first local file from parsing into the features, if
   * anything: a misspelt or missing feature key is then an error before the first element, not
   * at the first batch.
   */
  public Optional<Culprit> firstRecordProblem() {
    if (features.isEmpty()) {
      return Optional.empty();
    }
    return localFiles().stream().findFirst()
        // A source that skips bad records has checked them all, and leaves this one out.
        .filter(file -> skipped.records().stream()
            .noneMatch(bad -> bad.file().equals(file) && bad.index() == 0))
        .flatMap(file -> TFRecordFile.firstRecord(Path.of(file))
            .flatMap(record -> ExampleCheck.check(record, features.get()))
            .map(problem -> new Culprit(file, "record 0 " + problem.description())));
  }

  /** The file and record behind a TensorFlow error message, when they can be found. */
  public Optional<Culprit> explain(String message) {
    Matcher damaged = DAMAGED_AT.matcher(message);
    if (damaged.find()) {
      long offset = Long.parseLong(damaged.group(1));
      for (String file : localFiles()) {
        // TensorFlow names the offset of the damaged data, 12 header bytes into the record.
        Optional<TFRecordFile.Damage> damage = TFRecordFile.checkRecordAt(Path.of(file), offset - 12)
            .or(() -> TFRecordFile.checkRecordAt(Path.of(file), offset));
        if (damage.isPresent()) {
          return Optional.of(new Culprit(file, damage.get().describe()));
        }
      }
      return Optional.empty();
    }
    for (String file : files) { // TensorFlow names the path it could not open, and why
      if (message.contains(file + "; No such file or directory")) {
        return Optional.of(new Culprit(file, "the file has disappeared"));
      }
      if (message.contains(file + "; Permission denied")) {
        return Optional.of(new Culprit(file, "the file is no longer readable (permission denied)"));
      }
    }
    Matcher missing = NOT_FOUND.matcher(message);
    if (missing.find()) {
      return Optional.of(new Culprit(missing.group(1), "the file has disappeared"));
    }
    if (features.isPresent() && ExampleCheck.isParseError(message)) {
      for (String file : localFiles()) {
        Optional<String> problem = TFRecordFile.firstProblem(Path.of(file),
            record -> ExampleCheck.check(record, features.get()));
        if (problem.isPresent()) {
          return Optional.of(new Culprit(file, problem.get()));
        }
      }
    }
    return Optional.empty();
  }

  /** The local files that can still be read, to look for the record behind an error in. */
  private List<String> localFiles() {
    return files.stream().filter(f -> !f.contains("://") && Files.isReadable(Path.of(f))).toList();
  }
}
