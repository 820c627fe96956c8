package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.DataSource;
import dev.feedline.runtime.internal.files.FileIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.zip.CRC32C;

/**
 * A pipeline's iterator state on disk: a short text header naming the pipeline, its definition,
 * the epoch, the seed of its seeded random stages when it has any, and every file the pipeline
 * reads with its identity, then TensorFlow's serialized state; the last header line is a CRC32C of everything else, header and state. It is written
 * under a temporary name and renamed, so a crash leaves the previous checkpoint whole. A
 * truncated, edited, foreign or malformed file is refused with a message that says which it is,
 * where TensorFlow would only report a bare NOT_FOUND naming an iterator key; so is a checkpoint
 * of other files than the pipeline's, whose state would name files the builder was not given.
 */
public final class CheckpointFile {
  private static final String MAGIC = "FEEDLINE CHECKPOINT ";
  /**
   * 3: the epochs after the first carry tf.data's static rewrites ({@link TfDataFunction}), so
   * their iterator state names other datasets than format 2's.
   */
  private static final String VERSION = "3";
  private static final String CRC_LINE = "crc32c: ";
  private static final String VALUES = "run-time values: ";

  private CheckpointFile() {}

  /**
   * What a checkpoint holds: the epoch's number, TensorFlow's iterator state, and where it was
   * saved on an iterator across epochs, that position (null otherwise).
   */
  record Saved(long epoch, byte[] state, Across across) {}

  /**
   * A position on an iterator across epochs, whose state runs on past the epoch's end: the
   * elements every epoch hands out, and those the saved epoch had taken.
   */
  record Across(long epochElements, long taken) {}

  /**
   * Writes {@code state} atomically: a crash leaves the previous file, never half a file.
   *
   * @param seed the seed of the pipeline's seeded random stages; empty when it has none
   * @param across the position on an iterator across epochs; null when saved on an epoch's own
   */
  static void write(Path file, PipelineInfo pipeline, DataSource data, long epoch,
      OptionalLong seed, Across across, byte[] state) {
    StringBuilder header = new StringBuilder(MAGIC + VERSION + "\n")
        .append("pipeline: ").append(pipeline.name()).append('\n')
        .append("definition: ").append(pipeline.definition()).append('\n')
        .append("epoch: ").append(epoch).append('\n');
    // Only for pipelines with seeded stages, whose definition says so: the others' checkpoints
    // stay as they were.
    seed.ifPresent(value -> header.append("seed: ").append(value).append('\n'));
    if (across != null) { // only then: checkpoints of an epoch's own iterator stay as they were
      header.append("across epochs: ").append(across.epochElements()).append(' ')
          .append(across.taken()).append('\n');
    }
    // Only for pipelines given values at run time (a mix's weights, a choice's indices).
    if (!data.runTimeValues().isEmpty()) {
      header.append(VALUES).append(String.join("; ", data.runTimeValues())).append('\n');
    }
    List<String> fileLines = fileLines(data);
    header.append("files: ").append(fileLines.size()).append('\n');
    for (String line : fileLines) {
      header.append("file: ").append(line).append('\n');
    }
    header.append("bytes: ").append(state.length).append('\n');
    byte[] sealed = header.toString().getBytes(StandardCharsets.UTF_8);
    byte[] seal = (CRC_LINE + Long.toHexString(crc(sealed, state)) + "\n\n")
        .getBytes(StandardCharsets.UTF_8);
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        for (byte[] part : List.of(sealed, seal, state)) {
          ByteBuffer buffer = ByteBuffer.wrap(part);
          while (buffer.hasRemaining()) {
            out.write(buffer);
          }
        }
        out.force(true);
      }
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write checkpoint " + file, e);
    }
  }

  /**
   * One line per file: its identity when local, {@code remote <path>} otherwise; the files records
   * are read from first, then the other inputs' (vocabularies).
   */
  private static List<String> fileLines(DataSource data) {
    Map<String, FileIdentity> identities = new LinkedHashMap<>();
    data.identities().forEach(identity -> identities.put(identity.file(), identity));
    List<String> lines = new ArrayList<>(data.files().stream()
        .map(f -> identities.containsKey(f) ? identities.get(f).toLine()
            : "remote " + FileIdentity.escape(f)).toList());
    identities.keySet().removeAll(data.files());
    identities.values().forEach(identity -> lines.add(identity.toLine()));
    return lines;
  }

  /**
   * Reads the state saved for {@code pipeline} over {@code data} with {@code seed}, refusing a
   * file that is not exactly that.
   */
  static Saved read(Path file, PipelineInfo pipeline, DataSource data, OptionalLong seed) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw refused(pipeline, file, "it cannot be read: " + DataFiles.reason(e));
    }
    int firstLine = indexOf(bytes, (byte) '\n', 0);
    String magic = new String(bytes, 0, firstLine < 0 ? Math.min(bytes.length, 64) : firstLine,
        StandardCharsets.ISO_8859_1);
    if (!magic.startsWith(MAGIC)) {
      throw refused(pipeline, file, "it is not a Feedline checkpoint");
    }
    if (!magic.equals(MAGIC + VERSION)) {
      String format = magic.substring(MAGIC.length());
      throw refused(pipeline, file, "it is of format " + format
          + ", written by another version of Feedline, and this one reads format " + VERSION
          + switch (format) {
            case "1" -> " (format 1 recorded neither the files read nor a checksum of its header);"
                + " start the epoch again";
            case "2" -> " (format 2 ran the epochs after the first without tf.data's rewrites, so"
                + " its state names other datasets); start the epoch again";
            default -> "";
          });
    }
    int end = indexOf(bytes, "\n\n", firstLine);
    int seal = end < 0 ? -1 : lastLineStart(bytes, end);
    if (end < 0 || !new String(bytes, seal, end - seal, StandardCharsets.ISO_8859_1).startsWith(CRC_LINE)) {
      throw refused(pipeline, file, "it is truncated inside its header");
    }
    String text = new String(bytes, 0, seal, StandardCharsets.UTF_8);
    byte[] state = Arrays.copyOfRange(bytes, end + 2, bytes.length);
    String expected = new String(bytes, seal + CRC_LINE.length(), end - seal - CRC_LINE.length(),
        StandardCharsets.ISO_8859_1);
    if (!Long.toHexString(crc(Arrays.copyOf(bytes, seal), state)).equals(expected)) {
      long declared = declaredBytes(text);
      throw refused(pipeline, file, declared > state.length ? String.format(Locale.ROOT,
          "it is truncated: %,d of its %,d state bytes are there", state.length, declared)
          : "it is corrupt: its checksum does not match");
    }
    Header header = Header.parse(text, pipeline, file);
    if (!pipeline.name().equals(header.pipeline())) {
      throw refused(pipeline, file, "it was written by pipeline " + header.pipeline());
    }
    if (!pipeline.definition().equals(header.definition())) {
      throw refused(pipeline, file, "it was written by another definition of " + pipeline.simpleName()
          + " (" + header.definition() + ", now " + pipeline.definition() + "): its stages have"
          + " changed since, so its state does not fit");
    }
    if (!header.seed().equals(seed)) {
      throw refused(pipeline, file, header.seed().isEmpty()
          ? "it records no seed, and this pipeline's random stages draw from seed "
              + seed.getAsLong()
          : seed.isEmpty()
          ? "it records seed " + header.seed().getAsLong() + ", and this pipeline has no seeded"
              + " random stage"
          : "it was written with seed " + header.seed().getAsLong() + ", and this pipeline was"
              + " built with seed " + seed.getAsLong() + ", so its random stages would draw other"
              + " values than the interrupted run; build it with seed(" + header.seed().getAsLong()
              + ")");
    }
    String values = String.join("; ", data.runTimeValues());
    if (!header.values().equals(values)) {
      throw refused(pipeline, file, "it was written with other values given at run time ("
          + (header.values().isEmpty() ? "none" : header.values()) + "), and this pipeline was"
          + " built with " + (values.isEmpty() ? "none" : values) + ", so its state would draw or"
          + " choose other elements than the interrupted run; build it with the checkpoint's"
          + " values, or start the epoch again");
    }
    if (header.bytes() != state.length) {
      throw refused(pipeline, file, "its header is malformed: it declares " + header.bytes()
          + " state bytes, and " + state.length + " follow");
    }
    otherFiles(header.files(), fileLines(data)).ifPresent(difference -> {
      throw refused(pipeline, file, difference);
    });
    return new Saved(header.epoch(), state, header.across());
  }

  /** The header's fields, each required and well formed. */
  private record Header(String pipeline, String definition, long epoch, OptionalLong seed,
      Across across, String values, List<String> files, long bytes) {
    static Header parse(String text, PipelineInfo pipeline, Path file) {
      List<String> lines = text.lines().skip(1).toList();
      Map<String, String> fields = new LinkedHashMap<>();
      int next = 0;
      for (String key : List.of("pipeline", "definition", "epoch")) {
        fields.put(key, field(lines, next++, key, pipeline, file));
      }
      long epoch = number(fields.get("epoch"), "epoch", pipeline, file);
      OptionalLong seed = OptionalLong.empty();
      if (next < lines.size() && lines.get(next).startsWith("seed: ")) {
        seed = OptionalLong.of(seed(field(lines, next++, "seed", pipeline, file), pipeline, file));
      }
      Across across = null;
      if (next < lines.size() && lines.get(next).startsWith("across epochs: ")) {
        across = across(field(lines, next++, "across epochs", pipeline, file), pipeline, file);
      }
      String values = "";
      if (next < lines.size() && lines.get(next).startsWith(VALUES)) {
        values = field(lines, next++, VALUES.substring(0, VALUES.length() - 2), pipeline, file);
      }
      long count = number(field(lines, next++, "files", pipeline, file), "files", pipeline, file);
      List<String> files = new ArrayList<>();
      for (long i = 0; i < count; i++) {
        files.add(field(lines, next++, "file", pipeline, file));
      }
      long bytes = number(field(lines, next++, "bytes", pipeline, file), "bytes", pipeline, file);
      if (next != lines.size()) {
        throw malformed(pipeline, file, "line '" + lines.get(next) + "' is not expected there");
      }
      return new Header(fields.get("pipeline"), fields.get("definition"), epoch, seed, across,
          values, files, bytes);
    }

    /** Two counts: the elements of every epoch, and those taken, at most as many. */
    private static Across across(String value, PipelineInfo pipeline, Path file) {
      String[] counts = value.split(" ", -1);
      if (counts.length == 2) {
        long elements = number(counts[0], "across epochs", pipeline, file);
        long taken = number(counts[1], "across epochs", pipeline, file);
        if (taken <= elements) {
          return new Across(elements, taken);
        }
      }
      throw malformed(pipeline, file, "'across epochs: " + value + "' is not two counts, the"
          + " second at most the first");
    }

    /** A seed: any long. */
    private static long seed(String value, PipelineInfo pipeline, Path file) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw malformed(pipeline, file, "'seed: " + value + "' is not a whole number");
      }
    }

    private static String field(List<String> lines, int index, String key, PipelineInfo pipeline,
        Path file) {
      if (index >= lines.size() || !lines.get(index).startsWith(key + ": ")) {
        throw malformed(pipeline, file, "its line " + (index + 2) + " should be '" + key
            + ": ...', and is " + (index >= lines.size() ? "missing" : "'" + lines.get(index) + "'"));
      }
      return lines.get(index).substring(key.length() + 2);
    }

    private static long number(String value, String key, PipelineInfo pipeline, Path file) {
      try {
        long number = Long.parseLong(value);
        if (number >= 0) {
          return number;
        }
      } catch (NumberFormatException e) {
        // named below
      }
      throw malformed(pipeline, file, "'" + key + ": " + value + "' is not a count");
    }

    private static FeedlineException malformed(PipelineInfo pipeline, Path file, String what) {
      return refused(pipeline, file, "its header is malformed: " + what);
    }
  }

  /** The declared state size, for telling a truncated file from a corrupt one; -1 if unknown. */
  private static long declaredBytes(String header) {
    return header.lines().filter(l -> l.startsWith("bytes: ")).findFirst().map(l -> {
      try {
        return Long.parseLong(l.substring(7));
      } catch (NumberFormatException e) {
        return -1L;
      }
    }).orElse(-1L);
  }

  /** How the files a checkpoint was written over differ from the pipeline's, if they do. */
  private static Optional<String> otherFiles(List<String> saved, List<String> now) {
    List<String> savedPaths = saved.stream().map(CheckpointFile::path).toList();
    List<String> nowPaths = now.stream().map(CheckpointFile::path).toList();
    if (!savedPaths.equals(nowPaths)) {
      String which = savedPaths.stream().filter(p -> !nowPaths.contains(p)).findFirst()
          .map(p -> p + " is not among this pipeline's files")
          .or(() -> nowPaths.stream().filter(p -> !savedPaths.contains(p)).findFirst()
              .map(p -> p + " was not among them"))
          .orElse("the same files were in another order");
      return Optional.of(String.format(Locale.ROOT, "it was written over other files than this"
          + " pipeline was built with (%d then, %d now): %s; build the pipeline with the"
          + " checkpoint's files, or start the epoch again", savedPaths.size(), nowPaths.size(),
          which));
    }
    for (int i = 0; i < saved.size(); i++) {
      if (saved.get(i).startsWith("remote ")) {
        continue;
      }
      Optional<String> change;
      try {
        change = FileIdentity.parse(saved.get(i)).changeTo(FileIdentity.parse(now.get(i)), false);
      } catch (IllegalArgumentException e) {
        change = Optional.of("its identity in the checkpoint is malformed");
      }
      if (change.isPresent()) {
        return Optional.of("file " + nowPaths.get(i) + " has changed since the checkpoint was"
            + " written: " + change.get() + "; its state would read other records");
      }
    }
    return Optional.empty();
  }

  private static String path(String fileLine) {
    if (fileLine.startsWith("remote ")) {
      return FileIdentity.unescape(fileLine.substring("remote ".length()));
    }
    try {
      return FileIdentity.parse(fileLine).file();
    } catch (IllegalArgumentException e) {
      return fileLine; // differs from every path, and is named as it is
    }
  }

  public static FeedlineException refused(PipelineInfo pipeline, Path file, String why) {
    return new FeedlineException(pipeline.simpleName(), null, file.toString(),
        "cannot restore this checkpoint: " + why, null);
  }

  private static long crc(byte[] header, byte[] state) {
    CRC32C crc = new CRC32C();
    crc.update(header);
    crc.update(state);
    return crc.getValue();
  }

  private static int indexOf(byte[] bytes, byte value, int from) {
    for (int i = Math.max(from, 0); i < bytes.length; i++) {
      if (bytes[i] == value) {
        return i;
      }
    }
    return -1;
  }

  private static int indexOf(byte[] bytes, String text, int from) {
    byte[] pattern = text.getBytes(StandardCharsets.ISO_8859_1);
    for (int i = Math.max(from, 0); i + pattern.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
        return i;
      }
    }
    return -1;
  }

  /** Where the line that ends at {@code end} starts. */
  private static int lastLineStart(byte[] bytes, int end) {
    int start = end;
    while (start > 0 && bytes[start - 1] != '\n') {
      start--;
    }
    return start;
  }
}
