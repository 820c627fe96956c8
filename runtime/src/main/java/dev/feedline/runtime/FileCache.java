package dev.feedline.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tensorflow.Session;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.data.experimental.Snapshot.SnapshotMetadataRecord;
import org.tensorflow.types.TString;

/**
 * One file cache or snapshot of a built pipeline: its key, and the folder under its prefix that
 * the kept part reads or writes, fed to its dataset op each time the kept part is parked.
 *
 * <p>Each park reads the complete folder of the key when there is one; otherwise it writes a new
 * partial folder of its own, so that what an earlier, failed epoch of this process left, or its
 * iterator still frees, never mixes with it. After an epoch that read the whole kept part, the
 * partial folder is sealed: renamed to the key, atomically.
 */
final class FileCache {
  /** Logs under the public {@link FileCaches}, whose keys and folders it reports. */
  private static final System.Logger LOG = System.getLogger(FileCaches.class.getName());

  /** What TensorFlow keeps in the folder. */
  enum Kind {
    CACHE("file cache"),
    SNAPSHOT("snapshot");

    private final String words;

    Kind(String words) {
      this.words = words;
    }

    @Override
    public String toString() {
      return words;
    }
  }

  private final PipelineInfo pipeline;
  private final PipelineInfo.Stage stage;
  private final Kind kind;
  private final Path prefix;
  private final String key;
  /** The manifest's fields that say what the key covers. */
  private final Map<String, String> covers;
  private final Placeholder<TString> path;
  private final int keepNewest;
  private final boolean completeRequired;
  /** The partial folder this process writes; null while it reads a complete one. */
  private Path partial;
  /** The complete folder it reads; null while it writes. */
  private Path reading;
  /** The files of the complete folder it reads, as they were when it was chosen. */
  private List<FileIdentity> readFiles = List.of();
  /** A partial folder a restore resumes, for the next park. */
  private Path resume;
  private TString fed;
  private final List<Path> abandoned = new ArrayList<>();

  /**
   * @param completeRequired whether only a complete cache may be read and none written, as for
   *     one of several workers
   */
  FileCache(PipelineInfo pipeline, PipelineInfo.Stage stage, Kind kind, Path prefix, String key,
      Map<String, String> covers, Placeholder<TString> path, int keepNewest,
      boolean completeRequired) {
    this.pipeline = pipeline;
    this.stage = stage;
    this.kind = kind;
    this.prefix = prefix;
    this.key = key;
    this.covers = Map.copyOf(covers);
    this.path = path;
    this.keepNewest = keepNewest;
    this.completeRequired = completeRequired;
    CacheFolder.removeAbandoned(prefix, pipeline.simpleName());
    if (completeRequired) {
      requireComplete();
    }
  }

  String key() {
    return key;
  }

  String stage() {
    return stage.method();
  }

  /** The complete folder of the key, whether it exists yet or not. */
  Path complete() {
    return CacheFolder.complete(prefix, key);
  }

  /** The folder the kept part reads or writes now; null before its first park. */
  Path current() {
    return partial != null ? partial : reading;
  }

  private void requireComplete() {
    if (!CacheFolder.isComplete(complete())) {
      throw new FeedlineException(pipeline.simpleName(), stage, complete().toString(),
          "no complete " + kind + " of key " + key + " is there, and a worker of several only"
              + " reads its share of one: write it first with a run of one worker", null);
    }
  }

  /**
   * Chooses the folder for the next park: the partial one a restore resumes, the complete one of
   * the key, or a new partial one.
   */
  void choose() {
    Path complete = complete();
    try {
      if (resume != null) {
        Map<String, String> manifest = new LinkedHashMap<>(CacheFolder.readManifest(resume));
        manifest.put("owner", CacheFolder.Owner.SELF.toLine());
        CacheFolder.writeManifest(resume, manifest);
        if (partial != null && !partial.equals(resume)) {
          abandoned.add(partial);
        }
        reading = null;
        partial = resume;
        resume = null;
        LOG.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: resuming the {2} {3} (key {4})"
            + " where its checkpoint left it", pipeline.simpleName(), stage, kind, partial, key);
      } else if (CacheFolder.isComplete(complete)) {
        leave();
        if (!complete.equals(reading)) {
          LOG.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: reading the {2} {3} (key {4})",
              pipeline.simpleName(), stage, kind, complete, key);
        }
        reading = complete;
        CacheFolder.touch(complete);
        readFiles = filesOf(complete);
      } else if (completeRequired) {
        requireComplete();
      } else {
        leave();
        Path next = CacheFolder.newPartial(prefix, key);
        Files.createDirectories(next);
        Map<String, String> manifest = new LinkedHashMap<>(covers);
        manifest.put("owner", CacheFolder.Owner.SELF.toLine());
        manifest.put("created", Instant.now().toString());
        CacheFolder.writeManifest(next, manifest);
        partial = next;
        LOG.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: writing a {2} in {3} (key {4}:"
            + " {5}); it becomes {6} once an epoch has read all of it", pipeline.simpleName(), stage,
            kind, next, key, coverage(), complete);
      }
    } catch (IOException e) {
      throw new FeedlineException(pipeline.simpleName(), stage, prefix.toString(),
          "the " + kind + " folder cannot be written: " + DataFiles.reason(e), e);
    }
    if (fed != null) {
      fed.close();
    }
    Path folder = current();
    fed = TString.scalarOf(kind == Kind.CACHE ? folder.resolve("cache").toString()
        : folder.toString());
  }

  /** What the key covers, in words, for the log. */
  private String coverage() {
    return "the graph up to '" + covers.get("stage") + "', " + covers.get("files")
        + " files read and TensorFlow " + covers.get("tensorflow");
  }

  private List<FileIdentity> filesOf(Path complete) {
    try {
      return CacheFolder.identities(complete);
    } catch (IOException e) {
      throw new FeedlineException(pipeline.simpleName(), stage, complete.toString(),
          "the complete " + kind + " cannot be read: " + DataFiles.reason(e), e);
    }
  }

  /**
   * The files of the complete folder the last park chose, as they were then; none while it
   * writes.
   */
  List<FileIdentity> readFiles() {
    return reading == null ? List.of() : readFiles;
  }

  /** The partial folder written so far is left: removed once its iterator is freed. */
  private void leave() {
    if (partial != null) {
      abandoned.add(partial);
      partial = null;
    }
    reading = null;
  }

  /** Feeds the folder chosen last to the dataset op. */
  void feed(Session.Runner runner) {
    if (fed == null) {
      choose();
    }
    runner.feed(path, fed);
  }

  /** Whether the last park chose the complete folder of the key. */
  boolean readsComplete() {
    return reading != null;
  }

  /** Whether this process is writing the cache now. */
  boolean writing() {
    return partial != null;
  }

  /**
   * After an epoch that read the whole kept part: seals the partial folder, if TensorFlow has
   * finished it, by renaming it to the key.
   *
   * @return whether the kept part must be parked again, with the complete folder or a new one
   */
  boolean epochCompleted() {
    if (partial == null) {
      return false;
    }
    if (!finishedByTensorFlow()) {
      LOG.log(System.Logger.Level.WARNING, "Pipeline {0}, stage {1}: the epoch ended before it"
          + " read all of the {2} in {3}, so it is not kept; a stage after it that takes fewer"
          + " elements, such as @Take, leaves it incomplete every epoch", pipeline.simpleName(),
          stage, kind, partial);
      leave();
      return true;
    }
    seal();
    return true;
  }

  private boolean finishedByTensorFlow() {
    if (kind == Kind.CACHE) {
      return Files.exists(partial.resolve("cache.index"));
    }
    Path metadata = partial.resolve(Long.toUnsignedString(Long.parseUnsignedLong(key, 16)))
        .resolve("snapshot.metadata");
    try {
      return SnapshotMetadataRecord.parseFrom(Files.readAllBytes(metadata)).getFinalized();
    } catch (IOException e) {
      return false;
    }
  }

  private void seal() {
    Path complete = complete();
    try {
      Map<String, String> manifest = new LinkedHashMap<>(CacheFolder.readManifest(partial));
      manifest.remove("checkpoint");
      manifest.put("sealed", Instant.now().toString());
      CacheFolder.writeManifest(partial, manifest);
      Files.move(partial, complete, StandardCopyOption.ATOMIC_MOVE);
      LOG.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: wrote the {2} {3} (key {4}, {5})",
          pipeline.simpleName(), stage, kind, complete, key,
          CacheFolder.describeBytes(CacheFolder.list(prefix).stream()
              .filter(e -> e.folder().equals(complete)).mapToLong(CacheFolder.Entry::bytes)
              .sum()));
    } catch (IOException e) {
      if (!CacheFolder.isComplete(complete)) {
        throw new UncheckedIOException("Could not seal the " + kind + " " + partial, e);
      }
      LOG.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: another run completed the {2} {3}"
          + " first; reading it", pipeline.simpleName(), stage, kind, complete);
      abandoned.add(partial);
    }
    partial = null;
    reading = null;
    if (keepNewest > 0) {
      CacheFolder.prune(prefix, keepNewest, false, key).forEach(removed -> LOG.log(
          System.Logger.Level.INFO, "Pipeline {0}, stage {1}: removed the {2} {3}, beyond the"
              + " newest {4} kept", pipeline.simpleName(), stage, kind, removed.folder(),
          keepNewest));
    }
  }

  /** Records in the partial folder that {@code checkpoint} holds an epoch writing it. */
  void checkpointed(Path checkpoint) {
    if (partial == null) {
      return;
    }
    Optional<CacheFolder.Checkpoint> saved = CacheFolder.Checkpoint.of(checkpoint);
    if (saved.isEmpty()) {
      return;
    }
    try {
      Map<String, String> manifest = new LinkedHashMap<>(CacheFolder.readManifest(partial));
      manifest.put("checkpoint", saved.get().toLine());
      CacheFolder.writeManifest(partial, manifest);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not record checkpoint " + checkpoint + " in " + partial,
          e);
    }
  }

  /**
   * Before a restore from {@code checkpoint}: the complete cache is read, if there is one (a state
   * saved while writing then reads it); otherwise the partial folder that the saved epoch was
   * writing is resumed.
   *
   * @throws FeedlineException when there is neither
   */
  void restoring(Path checkpoint) {
    if (CacheFolder.isComplete(complete())) {
      return;
    }
    Optional<CacheFolder.Checkpoint> saved = CacheFolder.Checkpoint.of(checkpoint);
    Optional<Path> found = CacheFolder.list(prefix, false).stream()
        .filter(e -> e.key().equals(key) && e.state() != CacheFolder.State.COMPLETE)
        .filter(e -> saved.isPresent() && saved.equals(CacheFolder.Checkpoint.parse(
            e.manifest().get("checkpoint"))))
        .filter(e -> e.state() != CacheFolder.State.WRITING
            || e.manifest().getOrDefault("owner", "").equals(CacheFolder.Owner.SELF.toLine()))
        .map(CacheFolder.Entry::folder)
        .findFirst();
    if (found.isEmpty()) {
      throw CheckpointFile.refused(pipeline, checkpoint, "stage " + stage + " has no complete "
          + kind + " of key " + key + " under " + prefix + ", and the incomplete one the saved"
          + " epoch was writing is gone; start a new epoch");
    }
    resume = found.get();
  }

  /**
   * Removes what this process wrote and did not complete, once the iterators that wrote it are
   * freed; a partial folder that a checkpoint can resume stays.
   */
  void release() {
    if (partial != null) {
      abandoned.add(partial);
      partial = null;
    }
    for (Path folder : abandoned) {
      boolean resumable = CacheFolder.Checkpoint.parse(
          CacheFolder.readManifest(folder).get("checkpoint"))
          .map(CacheFolder.Checkpoint::stillThere).orElse(false);
      if (!resumable && Files.exists(folder)) {
        CacheFolder.remove(folder);
      }
    }
    abandoned.clear();
    reading = null;
    if (fed != null) {
      fed.close();
      fed = null;
    }
  }
}
