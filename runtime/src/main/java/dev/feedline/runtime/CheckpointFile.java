package dev.feedline.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * A pipeline's iterator state on disk: a short text header naming the pipeline and its definition,
 * then TensorFlow's serialized state, guarded by its length and checksum. It is written under a
 * temporary name and renamed, so a crash leaves the previous checkpoint whole; a truncated or
 * foreign file is refused with a message that says which it is, where TensorFlow would only report
 * a bare NOT_FOUND naming an iterator key.
 */
final class CheckpointFile {
  private static final String MAGIC = "FEEDLINE CHECKPOINT 1\n";

  private CheckpointFile() {}

  /** What a checkpoint holds: the epoch's number and TensorFlow's iterator state. */
  record Saved(long epoch, byte[] state) {}

  /** Writes {@code state} atomically: a crash leaves the previous file, never half a file. */
  static void write(Path file, PipelineInfo pipeline, long epoch, byte[] state) {
    String header = MAGIC
        + "pipeline: " + pipeline.name() + "\n"
        + "definition: " + pipeline.definition() + "\n"
        + "epoch: " + epoch + "\n"
        + "bytes: " + state.length + "\n"
        + "crc32c: " + Long.toHexString(crc(state)) + "\n\n";
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        out.write(ByteBuffer.wrap(header.getBytes(StandardCharsets.UTF_8)));
        out.write(ByteBuffer.wrap(state));
        out.force(true);
      }
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write checkpoint " + file, e);
    }
  }

  /** Reads the state saved for {@code pipeline}, refusing a file that is not exactly that. */
  static Saved read(Path file, PipelineInfo pipeline) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw refused(pipeline, file, "it cannot be read: " + e);
    }
    String text = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
    if (!text.startsWith(MAGIC)) {
      throw refused(pipeline, file, "it is not a Feedline checkpoint");
    }
    int end = text.indexOf("\n\n");
    if (end < 0) {
      throw refused(pipeline, file, "it is truncated inside its header");
    }
    Map<String, String> header = new HashMap<>();
    for (String line : text.substring(MAGIC.length(), end).split("\n")) {
      int colon = line.indexOf(": ");
      if (colon > 0) {
        header.put(line.substring(0, colon), line.substring(colon + 2));
      }
    }
    if (!pipeline.name().equals(header.get("pipeline"))) {
      throw refused(pipeline, file, "it was written by pipeline " + header.get("pipeline"));
    }
    if (!pipeline.definition().equals(header.get("definition"))) {
      throw refused(pipeline, file, "it was written by another definition of " + pipeline.simpleName()
          + " (" + header.get("definition") + ", now " + pipeline.definition() + "): its stages have"
          + " changed since, so its state does not fit");
    }
    long expected = Long.parseLong(header.getOrDefault("bytes", "-1"));
    byte[] state = Arrays.copyOfRange(bytes, end + 2, bytes.length);
    if (state.length != expected) {
      throw refused(pipeline, file, String.format(Locale.ROOT,
          "it is truncated: %,d of its %,d state bytes are there", state.length, expected));
    }
    if (!Long.toHexString(crc(state)).equals(header.get("crc32c"))) {
      throw refused(pipeline, file, "it is corrupt: its checksum does not match");
    }
    return new Saved(Long.parseLong(header.getOrDefault("epoch", "0")), state);
  }

  static FeedlineException refused(PipelineInfo pipeline, Path file, String why) {
    return new FeedlineException(pipeline.simpleName(), null, file.toString(),
        "cannot restore this checkpoint: " + why, null);
  }

  private static long crc(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return crc.getValue();
  }
}
