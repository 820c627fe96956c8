package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.internal.files.FileIdentity;
import dev.feedline.runtime.internal.files.Durable;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.CheckpointFile;
import dev.feedline.runtime.internal.files.DataFiles;
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
  /** The lease this process holds on the complete folder it reads; null when none. */
  private Path lease;
  private TString fed;
  private final List<Path> abandoned = new ArrayList<>();
  private final System.Logger log;

  /**
   * @param log where it reports the keys and folders it reads and writes: the pipeline's caches'
   *     one logger
   * @param completeRequired whether only a complete cache may be read and none written, as for
   *     one of several workers
   */
  FileCache(System.Logger log, PipelineInfo pipeline, PipelineInfo.Stage stage, Kind kind, Path prefix, String key,
      Map<String, String> covers, Placeholder<TString> path, int keepNewest,
      boolean completeRequired) {
    this.log = log;
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
        giveBackLease();
        partial = resume;
        resume = null;
        log.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: resuming the {2} {3} (key {4})"
            + " where its checkpoint left it", pipeline.simpleName(), stage, kind, partial, key);
      } else if (CacheFolder.isComplete(complete) && leased(complete)) {
        reading = complete;
        CacheFolder.touch(complete);
        checkSealed();
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
        log.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: writing a {2} in {3} (key {4}:"
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

  /**
   * Takes a lease on the complete folder for this process, unless it holds one, and looks again
   * that the folder is there: a prune that renamed it away meanwhile did not see the lease.
   */
  private boolean leased(Path complete) throws IOException {
    if (lease != null && complete.equals(reading)) {
      return true;
    }
    leave();
    lease = CacheFolder.lease(complete);
    if (!CacheFolder.isComplete(complete)) {
      giveBackLease();
      return false;
    }
    log.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: reading the {2} {3} (key {4})",
        pipeline.simpleName(), stage, kind, complete, key);
    return true;
  }

  private void giveBackLease() {
    if (lease != null) {
      CacheFolder.giveBack(lease);
      lease = null;
    }
  }

  /**
   * Fails when the complete folder being read does not hold exactly the files it was sealed with,
   * or is gone: TensorFlow would read what is left as all of it, or fail naming no file.
   */
  void checkSealed() {
    damage().ifPresent(error -> {
      throw error;
    });
  }

  /** The error of the complete folder being read, when its files are not what was sealed. */
  Optional<FeedlineException> damage() {
    if (reading == null) {
      return Optional.empty();
    }
    return CacheFolder.damage(reading).map(found -> new FeedlineException(pipeline.simpleName(),
        stage, found.getKey().toString(), "the " + kind + " " + reading + " (key " + key + ")"
            + " is damaged: " + found.getValue() + (Files.isDirectory(reading) ? "" : "; it was"
            + " removed while this process read it, by ./feedline cache prune or another"
            + " process") + ". Remove the folder (./feedline cache prune --prefix " + prefix
            + " --keep 0, or delete it) and run again, which writes it anew", null));
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
    giveBackLease();
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
      log.log(System.Logger.Level.WARNING, "Pipeline {0}, stage {1}: the epoch ended before it"
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
      manifest.putAll(CacheFolder.sealedFiles(partial));
      manifest.put("sealed", Instant.now().toString());
      CacheFolder.writeManifest(partial, manifest);
      Durable.forceTree(partial); // a power loss must not leave a sealed name over lost data
      Files.move(partial, complete, StandardCopyOption.ATOMIC_MOVE);
      Durable.forceFolder(prefix);
      log.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: wrote the {2} {3} (key {4}, {5})",
          pipeline.simpleName(), stage, kind, complete, key,
          CacheFolder.describeBytes(CacheFolder.list(prefix).stream()
              .filter(e -> e.folder().equals(complete)).mapToLong(CacheFolder.Entry::bytes)
              .sum()));
    } catch (IOException e) {
      if (!CacheFolder.isComplete(complete)) {
        throw new UncheckedIOException("Could not seal the " + kind + " " + partial, e);
      }
      log.log(System.Logger.Level.INFO, "Pipeline {0}, stage {1}: another run completed the {2} {3}"
          + " first; reading it", pipeline.simpleName(), stage, kind, complete);
      abandoned.add(partial);
    }
    partial = null;
    reading = null;
    giveBackLease();
    if (keepNewest > 0) {
      CacheFolder.prune(prefix, keepNewest, false, key).forEach(removed -> log.log(
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
        try {
          CacheFolder.remove(folder);
        } catch (UncheckedIOException e) { // a full disk, or TensorFlow still writing into it
          log.log(System.Logger.Level.WARNING, "Pipeline {0}, stage {1}: could not remove the"
              + " incomplete {2} {3} ({4}); the next build over {5} removes what is left, or"
              + " delete it", pipeline.simpleName(), stage, kind, folder,
              DataFiles.reason(e), prefix);
        }
      }
    }
    abandoned.clear();
    reading = null;
    giveBackLease();
    if (fed != null) {
      fed.close();
      fed = null;
    }
  }
}
