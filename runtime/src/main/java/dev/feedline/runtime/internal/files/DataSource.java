package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.internal.InMemoryData;
import dev.feedline.runtime.internal.SourceDataset;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.internal.examples.ExampleFeatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * What a pipeline reads: its {@linkplain CheckedInput checked inputs} (its source's files, its
 * vocabularies, its file caches' complete folders, and, for a pipeline that reads others, all of
 * theirs), the values given at run time that steer how they are read, and the tf.train.Example
 * features it parses. The runtime needs it to say which file and record a TensorFlow data error
 * comes from, since TensorFlow's messages name a byte offset or a feature, but no file; to tell
 * that a file has changed since the pipeline was built, when every epoch starts and ends; and to
 * refuse a checkpoint of other inputs or other run-time values.
 *
 * @param inputs what the pipeline reads, each checked when it was built
 * @param files the files TensorFlow reads records from, in reading order; empty for in-memory data
 * @param features the features {@code @Decode} parses from the records, if it does
 * @param skipped the bad records the source leaves out, when it skips them
 * @param counts the files' record counts that were still being walked when the graph was built,
 *     which every run that makes an iterator of the source's dataset is fed
 * @param runTimeValues the values given at run time that decide which elements an epoch reads
 *     (a mix's weights, a choice's indices), each {@code name: value}; a checkpoint records them
 * @param inMemoryData the in-memory data of the source, and of every pipeline it reads, which every
 *     run that makes an iterator of the source's dataset is fed
 */
public record DataSource(List<CheckedInput> inputs, List<String> files,
    Optional<ExampleFeatures> features, SkippedRecords skipped, Optional<FileCounts> counts,
    List<String> runTimeValues, List<InMemoryData> inMemoryData) implements CheckedInput {
  private static final Pattern DAMAGED_AT = Pattern.compile("(?:corrupted|truncated) record at (\\d+)");
  private static final Pattern NOT_FOUND = Pattern.compile("(\\S+); No such file or directory");

  public DataSource {
    inputs = List.copyOf(inputs);
    files = List.copyOf(files);
    runTimeValues = List.copyOf(runTimeValues);
    inMemoryData = List.copyOf(inMemoryData);
  }

  /** Data held in the graph: nothing to point at, nothing to feed. */
  public static DataSource inMemory() {
    return new DataSource(List.of(), List.of(), Optional.empty(), SkippedRecords.none(),
        Optional.empty(), List.of(), List.of());
  }

  /** Data in memory, fed when an iterator is made: nothing to point at. */
  public static DataSource inMemory(InMemoryData data) {
    return new DataSource(List.of(), List.of(), Optional.empty(), SkippedRecords.none(),
        Optional.empty(), List.of(), List.of(data));
  }

  /** TFRecord files, parsed into {@code features} by {@code @Decode}. */
  public static DataSource tfRecords(DataFiles.Resolved files, ExampleFeatures features) {
    return new DataSource(List.of(files), files.files(), Optional.of(features), files.skipped(),
        Optional.ofNullable(files.counts()), List.of(), List.of());
  }

  /** TFRecord files whose records the pipeline does not parse itself. */
  public static DataSource tfRecords(DataFiles.Resolved files) {
    return new DataSource(List.of(files), files.files(), Optional.empty(), files.skipped(),
        Optional.ofNullable(files.counts()), List.of(), List.of());
  }

  /** Text files, read line by line: a file that changes after the build is named. */
  public static DataSource textLines(DataFiles.Resolved files) {
    return tfRecords(files);
  }

  /** The inputs of the pipelines a {@code @Concatenate} or {@code @Zip} reads, in order. */
  public static DataSource of(List<SourceDataset> sources) {
    return composed(sources, List.of(), List.of());
  }

  /** The inputs of the pipelines a {@code @Mix} reads, and the weights it draws them with. */
  public static DataSource mixed(List<SourceDataset> sources, double[] weights) {
    return composed(sources, List.of("weights: " + Arrays.toString(weights)), List.of());
  }

  /**
   * The inputs of the pipelines a {@code @Choose} reads, and the indices it follows: the caller's
   * {@code indices}, recorded by their count and checksum, and the pipeline's copy of them that
   * it feeds, {@code fed}.
   */
  public static DataSource chosen(List<SourceDataset> sources, TInt64 indices,
      InMemoryData fed) {
    CRC32C crc = new CRC32C();
    long count = indices == null ? 0 : indices.shape().size();
    for (long i = 0; i < count; i++) {
      long index = indices.getLong(i);
      for (int b = 0; b < 8; b++) {
        crc.update((int) (index >>> (8 * b)));
      }
    }
    return composed(sources, List.of(String.format(Locale.ROOT,
        "choices: %d indices, crc32c %08x", count, crc.getValue())), List.of(fed));
  }

  private static DataSource composed(List<SourceDataset> sources, List<String> values,
      List<InMemoryData> fed) {
    List<CheckedInput> inputs = new ArrayList<>();
    List<String> files = new ArrayList<>();
    List<SkippedRecords.Record> skipped = new ArrayList<>();
    List<String> runTimeValues = new ArrayList<>(values);
    List<InMemoryData> inMemoryData = new ArrayList<>(fed);
    for (SourceDataset source : sources) {
      DataSource data = source.data();
      inputs.addAll(data.inputs());
      files.addAll(data.files());
      skipped.addAll(data.skipped().records());
      runTimeValues.addAll(data.runTimeValues());
      inMemoryData.addAll(data.inMemoryData());
    }
    return new DataSource(inputs, files, Optional.empty(), new SkippedRecords(skipped),
        Optional.empty(), runTimeValues, inMemoryData);
  }

  /** These inputs and {@code more}: the vocabularies a pipeline's stages read, its file caches. */
  public DataSource and(CheckedInput... more) {
    List<CheckedInput> all = new ArrayList<>(inputs);
    all.addAll(List.of(more));
    return new DataSource(all, files, features, skipped, counts, runTimeValues, inMemoryData);
  }

  @Override
  public String kind() {
    return inputs.isEmpty() ? (inMemoryData.isEmpty() ? "data in the graph" : "data in memory")
        : String.join(", ", inputs.stream().map(CheckedInput::kind).distinct().toList());
  }

  @Override
  public String check() {
    return String.join("; ", inputs.stream().map(i -> i.kind() + ": " + i.check()).toList());
  }

  /** What every input's files were when they were checked, in reading order, each once. */
  @Override
  public List<FileIdentity> identities() {
    Map<String, FileIdentity> identities = new LinkedHashMap<>();
    inputs.forEach(input -> input.identities().forEach(i -> identities.putIfAbsent(i.file(), i)));
    return List.copyOf(identities.values());
  }

  /**
   * Runs {@code runner}, which may make an iterator of the source's dataset, feeding it the
   * in-memory data and the files' record counts when the graph does not hold them.
   */
  public Result run(Session.Runner runner) {
    inMemoryData.forEach(data -> data.feed(runner));
    return counts.isPresent() ? counts.get().run(runner) : runner.run();
  }

  /**
   * Feeds {@code runner} what {@link #run} feeds, for tools that make iterators of the graph's
   * datasets themselves, such as the doctor; the counts stay allocated until {@link #close}.
   */
  public Session.Runner feed(Session.Runner runner) {
    inMemoryData.forEach(data -> data.feed(runner));
    counts.ifPresent(c -> c.feed(runner));
    return runner;
  }

  /** Frees what {@link #feed} and the in-memory data hold, when the pipeline is closed. */
  public void close() {
    counts.ifPresent(FileCounts::close);
    inMemoryData.forEach(InMemoryData::close);
  }

  /**
   * A hash of the in-memory data's bytes, for the keys of what is computed from it (the graph
   * holds only placeholders for it); empty when there is none.
   */
  public String inMemoryDigest() {
    return String.join(" ", inMemoryData.stream().map(InMemoryData::digest).toList());
  }

  /** A file and what is wrong with it. */
  public record Culprit(String file, String problem) {}

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
    // An error of records a changed file gave, such as a zip of pipelines that a cut made unequal.
    return changeSinceBuilt();
  }

  /** The local files that can still be read, to look for the record behind an error in. */
  private List<String> localFiles() {
    return files.stream().filter(f -> !f.contains("://") && Files.isReadable(Path.of(f))).toList();
  }
}
