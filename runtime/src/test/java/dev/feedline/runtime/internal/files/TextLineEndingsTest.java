package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The lines the check at build counts ({@link TextFile}, through {@link DataFiles#resolveText})
 * are the lines TensorFlow's {@code TextLineDataset} yields, however the file ends: a segment that
 * counts a line TensorFlow does not read makes an epoch one element shorter than counted.
 */
class TextLineEndingsTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Lines", "test",
      List.of(PipelineInfo.source("files", TextLineSource.class, "TensorSliceDataset")));
  /** The endings of a file, each after "x" or alone; "\r" alone after a line feed is no line. */
  private static final List<String> ENDINGS = List.of("x", "x\n", "x\r", "x\n\r", "x\r\n",
      "x\n\n", "\r", "", "\r\r", "x\n\r\r", "x\n\n\r");

  @TempDir Path dir;
  private int files;

  private Path write(byte[] bytes) throws IOException {
    return Files.write(dir.resolve("f" + files++ + ".txt"), bytes);
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    }
    return out.toByteArray();
  }

  /** The lines TensorFlow's TextLineDataset yields from {@code file}. */
  private static List<String> tensorFlowLines(Path file, Compression compression) {
    List<String> lines = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Operand<? extends TType> dataset = tf.data.textLineDataset(tf.constant(file.toString()),
          tf.constant(compression == Compression.GZIP ? "GZIP" : ""), tf.constant(0L));
      var iterator = tf.data.iterator("", "", List.of(TString.class), List.of(Shape.scalar()));
      session.run(tf.data.makeIterator(dataset, iterator));
      var next = tf.data.iteratorGetNext(iterator, List.of(TString.class),
          List.of(Shape.scalar())).components().get(0);
      while (true) {
        try (TString line = (TString) session.runner().fetch(next).run().get(0)) {
          lines.add(new String(line.asBytes().getObject(), StandardCharsets.UTF_8));
        } catch (TFOutOfRangeException end) {
          return lines;
        }
      }
    }
  }

  /** The lines of {@code file} the check's segments read, as offsets into TensorFlow's lines. */
  private static List<String> segmentLines(DataFiles.Resolved resolved, List<String> lines) {
    List<String> read = new ArrayList<>();
    for (FileSegment segment : resolved.segments()) {
      read.addAll(lines.subList((int) segment.offset(),
          (int) (segment.offset() + segment.count())));
    }
    return read;
  }

  private static DataFiles.Resolved resolve(Path file, Compression compression,
      BlankLines blankLines) {
    return DataFiles.resolveText(PIPELINE, List.of(file.toString()),
        new TextFile.Format(false, compression, blankLines, BadRecords.FAIL), null);
  }

  private void checkEveryEnding(Compression compression) throws IOException {
    for (String ending : ENDINGS) {
      byte[] bytes = ending.getBytes(StandardCharsets.UTF_8);
      Path file = write(compression == Compression.GZIP ? gzip(bytes) : bytes);
      List<String> lines = tensorFlowLines(file, compression);
      String which = "ending " + FileIdentity.escape(ending) + ", TensorFlow's lines " + lines;
      DataFiles.Resolved kept = resolve(file, compression, BlankLines.KEEP);
      assertEquals(lines.size(), kept.records(), which);
      assertEquals(lines, segmentLines(kept, lines), which);

      List<String> nonEmpty = lines.stream().filter(line -> !line.isEmpty()).toList();
      DataFiles.Resolved skipped = resolve(file, compression, BlankLines.SKIP);
      assertEquals(nonEmpty.size(), skipped.records(), which);
      assertEquals(nonEmpty, segmentLines(skipped, lines), which);

      if (nonEmpty.size() == lines.size()) {
        assertEquals(lines.size(), resolve(file, compression, BlankLines.FAIL).records(), which);
      } else {
        FeedlineException error = assertThrows(FeedlineException.class,
            () -> resolve(file, compression, BlankLines.FAIL), which);
        assertTrue(error.getMessage().contains("line " + (lines.indexOf("") + 1) + " is empty"),
            which + ": " + error.getMessage());
      }
    }
  }

  @Test
  void theCheckCountsTheLinesTextLineDatasetYieldsHoweverTheFileEnds() throws IOException {
    checkEveryEnding(Compression.NONE);
  }

  @Test
  void aCompressedFileEndsByTheSameRule() throws IOException {
    checkEveryEnding(Compression.GZIP);
  }

  @Test
  void aLoneCarriageReturnAfterTheLastLineFeedIsNoEmptyLine() throws IOException {
    Path file = write("a b\n\nb\n\r".getBytes(StandardCharsets.UTF_8));
    assertEquals(3, resolve(file, Compression.NONE, BlankLines.KEEP).records()); // it was: 4
    assertEquals(2, resolve(file, Compression.NONE, BlankLines.SKIP).records());
    Path noEmpty = write("a b\nb\n\r".getBytes(StandardCharsets.UTF_8));
    assertEquals(2, resolve(noEmpty, Compression.NONE, BlankLines.FAIL).records(),
        "it was: line 3 is empty");
  }
}
