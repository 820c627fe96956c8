package dev.feedline.tests.chaos;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Appended;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Chosen;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Csv;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_GzipCsv;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Looked;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Mixed;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_RowsA;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_RowsB;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Snapshotted;
import dev.feedline.tests.pipelines.FeedlineSourceChaosPipelines_Zipped;
import dev.feedline.tests.support.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.types.TInt64;

/**
 * One chaos trial over a source other than {@link ChaosTrial}'s TFRecord rows: CSV text, plain or
 * GZIP; lines looked up in a vocabulary (the vocabulary file is one of the trial's files); two
 * TFRecord pipelines mixed, concatenated, zipped or chosen from; TFRecord rows through a snapshot.
 * One file changes (appended to, cut at a line or record boundary, replaced by other content of
 * the same size or of another, deleted; a GZIP file is cut inside its stream) at one moment: before
 * {@code build()}, between epochs 1 and 2, in epoch 1, or between a checkpoint and its resume in a
 * new graph and session (or nothing changes there, and the resumed rest must complete the epoch
 * exactly). Then a fresh run over the files as they are.
 *
 * <p>The oracle reads the files itself (a vocabulary's unknown word is its one bucket, the id after
 * its words). It requires, as docs/reliability.md does: an epoch that
 * reads changed files fails naming the file, at its start when the change came before it, else
 * during it or at its end, with no element twice and only elements some version of the files held;
 * the epoch after it fails at its start; a checkpoint resumed over a changed file is refused naming
 * it; a fresh run gives exactly the files' elements in each of two epochs (a snapshot's second
 * epoch reads the sealed snapshot), or fails {@code build()} naming the changed file (a missing
 * file, an empty TFRecord file or vocabulary, a GZIP stream cut short), or, for a zip whose
 * pipelines now differ in length, fails every epoch naming both counts.
 */
final class SourceChaosTrial {
  /** The source kinds, each with its files. */
  enum Kind { CSV, GZIP_CSV, VOCABULARY, MIX, CONCATENATE, ZIP, CHOOSE, SNAPSHOT }

  /** What happens to the trial's one file. */
  enum Change {
    APPEND("appended to"),
    CUT("cut at a line or record boundary"),
    CUT_STREAM("GZIP stream cut inside"),
    REPLACE_SAME_SIZE("replaced, same size"),
    REPLACE_OTHER_SIZE("replaced, another size"),
    DELETE("deleted"),
    NONE("left as it was (resume only)");

    final String description;

    Change(String description) {
      this.description = description;
    }
  }

  /** When it happens. */
  enum When {
    BEFORE_BUILD("before build()"),
    BETWEEN_EPOCHS("between epochs 1 and 2"),
    IN_EPOCH_1("in epoch 1, after k batches"),
    AT_RESUME("between a checkpoint in epoch 1 and its resume");

    final String description;

    When(String description) {
      this.description = description;
    }
  }

  /** What a trial's runs ended in, for the outcome tables. */
  record Outcome(String changedRun, String freshRun) {}

  /** Whether GZIP streams cut inside are among the changes: the text source's strict check. */
  static final boolean CUT_STREAMS = Boolean.getBoolean("feedline.chaos.cutStreams");
  private static final int BATCH = 5;
  private static final int KINDS_FROM = 1 << 25;

  private final int index;
  private final long seed;
  private final Random random;
  final Kind kind;
  final Change change;
  final When when;
  private final int target;
  private final List<Path> files = new ArrayList<>();
  private final Set<Long> everHeld = new HashSet<>();
  private Path snapshots;
  private long[] choices;
  private long nextId = 5000;

  SourceChaosTrial(long runSeed, int index) {
    this.index = index;
    this.seed = ChaosTrial.seed(runSeed, KINDS_FROM + index);
    this.random = new Random(new SplittableRandom(seed).nextLong());
    this.kind = pick(List.of(Kind.values()));
    this.when = pick(List.of(When.values()));
    List<Change> changes = new ArrayList<>(List.of(Change.APPEND, Change.CUT,
        Change.REPLACE_SAME_SIZE, Change.REPLACE_OTHER_SIZE, Change.DELETE));
    if (kind == Kind.GZIP_CSV && CUT_STREAMS) {
      changes.add(Change.CUT_STREAM);
    }
    if (when == When.AT_RESUME) {
      changes.add(Change.NONE);
    }
    this.change = pick(changes);
    this.target = random.nextInt(kind == Kind.VOCABULARY ? 2 : kind.ordinal() >= 3 ? 3 : 2);
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  String describe() {
    return String.format("source trial %d (seed %d): %s, file %d %s, %s", index, seed, kind,
        target, change.description, when.description);
  }

  private Path targetFile() {
    return files.get(target);
  }

  // ---- the files, and the oracle's reading of them ----

  private boolean isText(Path file) {
    return !file.toString().endsWith(".tfrecord");
  }

  private boolean isGzip(Path file) {
    return file.toString().endsWith(".gz");
  }

  private List<Long> newIds(int count) {
    List<Long> ids = LongStream.range(nextId, nextId + count).boxed().toList();
    nextId += count;
    everHeld.addAll(ids);
    return ids;
  }

  private void write(Path file, List<Long> items) throws IOException {
    if (!isText(file)) {
      try (TFRecordWriter writer = new TFRecordWriter(file)) {
        for (long id : items) {
          writer.write(TestData.rowRecord(id));
        }
        writer.commit();
      }
      return;
    }
    StringBuilder text = new StringBuilder();
    items.forEach(id -> text.append(kind == Kind.VOCABULARY ? "w" : "").append(id).append('\n'));
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    if (isGzip(file)) {
      ByteArrayOutputStream packed = new ByteArrayOutputStream();
      try (GZIPOutputStream gzip = new GZIPOutputStream(packed)) {
        gzip.write(bytes);
      }
      bytes = packed.toByteArray();
    }
    Files.write(file, bytes); // in place: the same inode, new content
  }

  /** The file's items as they are on disk: ids, or a vocabulary's or text's words as numbers. */
  private List<Long> read(Path file) throws IOException {
    if (!isText(file)) {
      return RecordScan.of(file).goodIds();
    }
    byte[] bytes = Files.readAllBytes(file);
    if (isGzip(file)) {
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
        bytes = in.readAllBytes();
      }
    }
    List<Long> items = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
      if (!line.isEmpty()) {
        items.add(Long.parseLong(line.startsWith("w") ? line.substring(1) : line));
      }
    }
    return items;
  }

  private void writeData(Path dir) throws IOException {
    Files.createDirectories(dir);
    snapshots = dir.resolve("snapshots");
    switch (kind) {
      case CSV, GZIP_CSV -> {
        for (int f = 0; f < 2; f++) {
          Path file = dir.resolve("part-" + f + (kind == Kind.GZIP_CSV ? ".csv.gz" : ".csv"));
          files.add(file);
          write(file, newIds(5 + random.nextInt(40)));
        }
      }
      case VOCABULARY -> {
        List<Long> words = new ArrayList<>(newIds(10 + random.nextInt(30)));
        Collections.shuffle(words, random);
        List<Long> lines = new ArrayList<>();
        for (int i = 0; i < 20 + random.nextInt(30); i++) {
          lines.add(words.get(random.nextInt(words.size())) + (random.nextInt(6) == 0 ? 4000 : 0));
        }
        everHeld.addAll(lines);
        files.add(dir.resolve("lines.txt"));
        files.add(dir.resolve("words.txt"));
        write(files.get(0), lines);
        write(files.get(1), words);
      }
      case SNAPSHOT -> {
        for (int f = 0; f < 3; f++) {
          files.add(dir.resolve("rows-" + f + ".tfrecord"));
          write(files.get(f), newIds(5 + random.nextInt(30)));
        }
      }
      default -> { // two files for pipeline A, one for B, as many rows as A's for a zip
        int a0 = 5 + random.nextInt(30);
        int a1 = 5 + random.nextInt(30);
        for (int f = 0; f < 3; f++) {
          files.add(dir.resolve((f < 2 ? "a-" : "b-") + f + ".tfrecord"));
          int count = f == 0 ? a0 : f == 1 ? a1 : kind == Kind.ZIP ? a0 + a1 : 5 + random.nextInt(40);
          write(files.get(f), newIds(count));
        }
        choices = new long[200];
        for (int i = 0; i < choices.length; i++) {
          choices[i] = i % 2 == 0 ? random.nextInt(2) : i / 2 % 2;
        }
      }
    }
  }

  /** Changes the target file; every id it could now hand out joins {@link #everHeld}. */
  private void applyChange() throws IOException {
    Path file = targetFile();
    List<Long> items = read(file);
    switch (change) {
      case APPEND -> {
        List<Long> more = new ArrayList<>(items);
        more.addAll(newIds(1 + random.nextInt(10)));
        write(file, more);
      }
      case CUT -> write(file, items.subList(0, random.nextInt(items.size())));
      case CUT_STREAM -> {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
          channel.truncate(10 + random.nextInt((int) Files.size(file) - 10));
        }
      }
      case REPLACE_SAME_SIZE, REPLACE_OTHER_SIZE -> {
        int count = change == Change.REPLACE_SAME_SIZE ? items.size() : 1 + random.nextInt(40);
        if (change == Change.REPLACE_OTHER_SIZE && count == items.size()) {
          count++;
        }
        List<Long> replacement = new ArrayList<>(newIds(count));
        if (change == Change.REPLACE_SAME_SIZE && file.getFileName().toString().equals("words.txt")) {
          replacement = new ArrayList<>(items); // the same words, in another order: other ids
          Collections.rotate(replacement, 1 + random.nextInt(Math.max(1, items.size() - 1)));
        }
        Path staged = file.resolveSibling("staged-" + file.getFileName());
        write(staged, replacement);
        Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      }
      case DELETE -> Files.delete(file);
      case NONE -> { }
    }
  }

  /**
   * What a fresh run over the files as they are must hand out, in order for a concatenation and a
   * choice, else as a multiset; empty when {@code build()} must fail naming {@link #targetFile}.
   * A zip of unequal lengths is the pair count -1.
   */
  private Optional<List<Long>> expected() throws IOException {
    List<List<Long>> items = new ArrayList<>();
    for (Path file : files) {
      if (!Files.exists(file)) {
        return Optional.empty();
      }
      try {
        items.add(read(file));
      } catch (IOException e) {
        return Optional.empty(); // a GZIP stream cut short
      }
      boolean emptyIsError = !isText(file) || file.getFileName().toString().equals("words.txt");
      if (emptyIsError && items.get(items.size() - 1).isEmpty()) {
        return Optional.empty();
      }
    }
    List<Long> out = new ArrayList<>();
    switch (kind) {
      case CSV, GZIP_CSV, SNAPSHOT -> items.forEach(out::addAll);
      case VOCABULARY -> items.get(0).forEach(word -> { // an unknown word: the one bucket
        int id = items.get(1).indexOf(word);
        out.add(id >= 0 ? id : (long) items.get(1).size());
      });
      case MIX, CONCATENATE -> {
        out.addAll(items.get(0));
        out.addAll(items.get(1));
        out.addAll(items.get(2));
      }
      case ZIP -> {
        List<Long> a = new ArrayList<>(items.get(0));
        a.addAll(items.get(1));
        List<Long> b = items.get(2);
        if (a.size() != b.size()) {
          return Optional.of(List.of(-1L, (long) a.size(), (long) b.size()));
        }
        for (int i = 0; i < a.size(); i++) {
          out.add(a.get(i) * 100_000 + b.get(i));
        }
      }
      case CHOOSE -> {
        List<Long> a = new ArrayList<>(items.get(0));
        a.addAll(items.get(1));
        List<Long> b = items.get(2);
        int[] at = {0, 0};
        for (long choice : choices) {
          List<Long> from = choice == 0 ? a : b;
          if (at[(int) choice] < from.size()) {
            out.add(from.get(at[(int) choice]++));
          }
        }
      }
    }
    return Optional.of(out);
  }

  private boolean ordered() {
    return kind == Kind.CONCATENATE || kind == Kind.CHOOSE || kind == Kind.ZIP;
  }

  // ---- the pipelines ----

  private BuiltPipeline<?, ?> build(Graph graph, TInt64 choiceTensor) {
    List<String> names = files.stream().map(Path::toString).toList();
    var a = FeedlineSourceChaosPipelines_RowsA.builder().files(names.subList(0, 2));
    var b = kind.ordinal() >= 3 && kind != Kind.SNAPSHOT
        ? FeedlineSourceChaosPipelines_RowsB.builder().files(names.subList(2, 3)) : null;
    return switch (kind) {
      case CSV -> FeedlineSourceChaosPipelines_Csv.builder().files(names).build(graph);
      case GZIP_CSV -> FeedlineSourceChaosPipelines_GzipCsv.builder().files(names).build(graph);
      case VOCABULARY -> FeedlineSourceChaosPipelines_Looked.builder().files(names.get(0))
          .words(files.get(1)).build(graph);
      case MIX -> FeedlineSourceChaosPipelines_Mixed.builder().rowsA(a).rowsB(b).build(graph);
      case CONCATENATE -> FeedlineSourceChaosPipelines_Appended.builder().rowsA(a).rowsB(b)
          .build(graph);
      case ZIP -> FeedlineSourceChaosPipelines_Zipped.builder().rowsA(a).rowsB(b).build(graph);
      case CHOOSE -> FeedlineSourceChaosPipelines_Chosen.builder().rowsA(a).rowsB(b)
          .choices(choiceTensor).build(graph);
      case SNAPSHOT -> FeedlineSourceChaosPipelines_Snapshotted.builder().files(names)
          .snapshotPath(snapshots.toString()).build(graph);
    };
  }

  /** The ids of a batch: the first component, or both of a zip's, joined. */
  private static List<Long> ids(Object batch) {
    RecordComponent[] parts = batch.getClass().getRecordComponents();
    try {
      TInt64 first = (TInt64) parts[0].getAccessor().invoke(batch);
      TInt64 second = parts.length > 1 ? (TInt64) parts[1].getAccessor().invoke(batch) : null;
      List<Long> ids = new ArrayList<>();
      for (long i = 0; i < first.shape().get(0); i++) {
        ids.add(second == null ? first.getLong(i) : first.getLong(i) * 100_000 + second.getLong(i));
      }
      return ids;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** An epoch's elements until its end, its error, or batch {@code stopAt}; and its error. */
  private record Epoch(List<Long> ids, FeedlineException error, boolean atStart) {}

  private Epoch drain(EpochIterator<?> epoch, long stopAt, List<Long> ids) {
    try (epoch) {
      long batches = 0;
      while (batches != stopAt && epoch.hasNext()) {
        ids.addAll(ids(epoch.next()));
        batches++;
      }
      return new Epoch(ids, null, false);
    } catch (FeedlineException e) {
      return new Epoch(ids, e, false);
    }
  }

  private Epoch epoch(BuiltPipeline<?, ?> pipeline, Session session) {
    EpochIterator<?> epoch;
    try {
      epoch = pipeline.epoch(session);
    } catch (FeedlineException e) {
      return new Epoch(List.of(), e, true);
    }
    return drain(epoch, -1, new ArrayList<>());
  }

  // ---- the trial ----

  Outcome run(Path dir) throws IOException {
    writeData(dir.resolve("data"));
    List<Long> clean = expected().orElseThrow();
    try (TInt64 choiceTensor = choices == null ? null : TInt64.vectorOf(choices)) {
      String changedRun = switch (when) {
        case BEFORE_BUILD -> {
          applyChange();
          yield "-";
        }
        case BETWEEN_EPOCHS, IN_EPOCH_1 -> changedRun(clean, choiceTensor);
        case AT_RESUME -> resumedRun(dir, clean, choiceTensor);
      };
      String fresh = freshRun("fresh run", choiceTensor);
      if (when == When.BEFORE_BUILD) {
        check(fresh.equals(freshRun("second fresh run", choiceTensor)),
            "the second fresh run ended otherwise");
      }
      return new Outcome(changedRun, fresh);
    }
  }

  private long batchesOf(List<Long> clean) {
    return Math.max(1, (clean.size() + BATCH - 1) / BATCH);
  }

  private String changedRun(List<Long> clean, TInt64 choiceTensor) throws IOException {
    try (Graph graph = new Graph(); Session session = new Session(graph);
        BuiltPipeline<?, ?> pipeline = build(graph, choiceTensor)) {
      if (when == When.IN_EPOCH_1) {
        long k = random.nextInt((int) batchesOf(clean));
        List<Long> ids = new ArrayList<>();
        EpochIterator<?> open = pipeline.epoch(session);
        for (long taken = 0; taken < k && open.hasNext(); taken++) {
          ids.addAll(ids(open.next()));
        }
        applyChange();
        Epoch rest = drain(open, -1, ids);
        failsNaming(rest, "epoch 1, changed in it");
        check(new HashSet<>(rest.ids()).size() == rest.ids().size() || kind == Kind.VOCABULARY,
            "epoch 1 handed out an element twice: " + rest.ids());
        check(everHeld.containsAll(rest.ids()) || kind == Kind.VOCABULARY || kind == Kind.ZIP,
            "epoch 1 handed out an element no file held: " + rest.ids());
        Epoch next = epoch(pipeline, session);
        check(next.atStart(), "epoch 2, after epoch 1 failed, did not fail at its start: " + next);
        failsNaming(next, "epoch 2, after epoch 1 failed");
        return "error in the epoch";
      }
      exact(epoch(pipeline, session), clean, "epoch 1 of clean files");
      applyChange();
      Epoch second = epoch(pipeline, session);
      if (kind == Kind.SNAPSHOT) {
        exact(second, clean, "epoch 2, read from the snapshot epoch 1 sealed");
        return "served from the snapshot";
      }
      for (String what : List.of("epoch 2", "epoch 3")) {
        Epoch epoch = what.equals("epoch 2") ? second : epoch(pipeline, session);
        check(epoch.atStart(), what + ", after the change, did not fail at its start: " + epoch);
        failsNaming(epoch, what + ", after the change");
      }
      return "error at the next epoch's start";
    }
  }

  private String resumedRun(Path dir, List<Long> clean, TInt64 choiceTensor) throws IOException {
    Path checkpoint = dir.resolve("epoch.ckpt");
    long k = 1 + random.nextInt((int) batchesOf(clean));
    List<Long> before = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph);
        BuiltPipeline<?, ?> pipeline = build(graph, choiceTensor)) {
      EpochIterator<?> epoch = pipeline.epoch(session);
      long taken = 0;
      while (taken < k && epoch.hasNext()) {
        before.addAll(ids(epoch.next()));
        taken++;
      }
      pipeline.checkpoint(session, checkpoint);
      epoch.close();
    }
    applyChange();
    Optional<List<Long>> now = expected();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      BuiltPipeline<?, ?> pipeline;
      try {
        pipeline = build(graph, choiceTensor);
      } catch (FeedlineException e) {
        check(now.isEmpty(), "build() over the changed files failed: " + e.getMessage());
        named(e, "build() before the resume");
        return "error at build()";
      }
      try (pipeline) {
        EpochIterator<?> rest;
        try {
          rest = pipeline.resume(session, checkpoint);
        } catch (FeedlineException e) {
          check(change != Change.NONE, "the resume over unchanged files was refused: "
              + e.getMessage());
          check(e.getMessage().contains("cannot restore this checkpoint")
              && e.getMessage().contains(targetFile().toString()),
              "the resume was refused without naming " + targetFile() + ": " + e.getMessage());
          return "resume refused";
        }
        check(change == Change.NONE, "a checkpoint was resumed over a changed file");
        Epoch end = drain(rest, -1, new ArrayList<>(before));
        check(end.error() == null, "the resumed epoch failed: " + end);
        exact(end, clean, "epoch 1, resumed after " + k + " batches");
        return "resumed exactly";
      }
    }
  }

  private String freshRun(String what, TInt64 choiceTensor) throws IOException {
    Optional<List<Long>> expected = expected();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      BuiltPipeline<?, ?> pipeline;
      try {
        pipeline = build(graph, choiceTensor);
      } catch (FeedlineException e) {
        check(expected.isEmpty(), what + ": build() failed over files it should read: "
            + e.getMessage());
        named(e, what + ", build()");
        return "error at build()";
      }
      check(expected.isPresent(), what + ": build() should have failed naming " + targetFile());
      try (pipeline) {
        boolean unequal = expected.get().size() == 3 && expected.get().get(0) == -1L
            && kind == Kind.ZIP;
        for (String epochWhat : List.of(what + ", epoch 1", what + ", epoch 2")) {
          Epoch epoch = epoch(pipeline, session);
          if (unequal) {
            check(epoch.error() != null && epoch.error().getMessage().contains("["
                + expected.get().get(1) + " " + expected.get().get(2) + "]"), epochWhat
                + ": a zip of " + expected.get().get(1) + " and " + expected.get().get(2)
                + " elements did not fail naming both counts: " + epoch);
          } else {
            exact(epoch, expected.get(), epochWhat);
          }
        }
        return unequal ? "error in every epoch" : "exact";
      }
    }
  }

  // ---- checks ----

  private void exact(Epoch epoch, List<Long> expected, String what) {
    check(epoch.error() == null, what + ": failed: " + epoch.error());
    List<Long> got = epoch.ids();
    if (ordered()) {
      check(got.equals(expected), what + ": " + got.size() + " elements, expected "
          + expected.size() + " in order: " + got + " vs " + expected);
    } else {
      List<Long> a = new ArrayList<>(got);
      List<Long> b = new ArrayList<>(expected);
      Collections.sort(a);
      Collections.sort(b);
      check(a.equals(b), what + ": " + got.size() + " elements, expected " + expected.size()
          + ": " + a + " vs " + b);
    }
  }

  private void failsNaming(Epoch epoch, String what) {
    check(epoch.error() != null, what + ": ended without an error after " + epoch.ids().size()
        + " elements");
    named(epoch.error(), what);
  }

  private void named(FeedlineException error, String what) {
    check(error.file().map(f -> f.equals(targetFile().toString())).orElse(false)
        || error.getMessage().contains(targetFile().toString()), what + ": the error names "
        + error.file().orElse("no file") + ", not " + targetFile() + ": " + error.getMessage());
  }

  private void check(boolean holds, String what) {
    if (!holds) {
      throw new AssertionError(describe() + ": " + what);
    }
  }
}
