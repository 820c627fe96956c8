package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.BadRecords;
import dev.feedline.BlankLines;
import dev.feedline.Compression;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.FileSegment;
import dev.feedline.runtime.internal.files.TextFile;
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
import org.tensorflow.Session;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TString;

/**
 * Records that end at delimiter lines, as the graph cuts them ({@link DelimitedRecords}) and as
 * the check at build counts them ({@code DelimitedTextFile}, through {@link DataFiles#resolveText}):
 * the two must agree on every file, or a segment's record indices would read other records.
 */
class DelimitedRecordsTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Fortunes", "test",
      List.of(PipelineInfo.source("files", TextLineSource.class, "TensorSliceDataset")));

  @TempDir Path dir;
  private int files;

  /** The graph's records of {@code bytes}, and the check's count of them, with empty ones kept. */
  private List<String> records(byte[] bytes, String delimiter, Compression compression)
      throws IOException {
    Path file = Files.write(dir.resolve("f" + files++ + ".txt"), bytes);
    List<String> records = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      var cut = DelimitedRecords.of(tf, tf.io.readFile(tf.constant(file.toString())), compression,
          delimiter);
      try (TString values = (TString) session.runner().fetch(cut).run().get(0)) {
        for (long i = 0; i < values.size(); i++) {
          records.add(new String(values.asBytes().getObject(i), StandardCharsets.UTF_8));
        }
      }
    }
    List<FileSegment> segments = DataFiles.resolveText(PIPELINE, List.of(file.toString()),
        TextFile.Format.delimited(compression, BlankLines.KEEP, BadRecords.FAIL, delimiter),
        null).segments();
    assertEquals(List.of(new FileSegment(file.toString(), 0, records.size())), segments,
        "the check counts the records the graph cuts");
    return records;
  }

  private List<String> records(String text) throws IOException {
    return records(text.getBytes(StandardCharsets.UTF_8), "%", Compression.NONE);
  }

  @Test
  void aDelimiterLineEndsTheRecordBeforeItAndAFinalOneMakesNoEmptyRecord() throws IOException {
    assertEquals(List.of("Q: one?\nA: two.", "three"), records("Q: one?\nA: two.\n%\nthree\n%\n"));
    assertEquals(List.of("a", "b"), records("a\n%\nb\n"));
    assertEquals(List.of("a", "b"), records("a\n%\nb")); // no final delimiter, no final line feed
    assertEquals(List.of("a"), records("a\n%"));
  }

  @Test
  void crlfAndLfFilesGiveTheSameRecords() throws IOException {
    assertEquals(List.of("a\nb", "c"), records("a\r\nb\r\n%\r\nc\r\n%\r\n"));
    assertEquals(List.of("a\nb", "c"), records("a\r\nb\r\n%\r\nc"));
  }

  @Test
  void adjacentAndLeadingDelimitersMakeEmptyRecords() throws IOException {
    assertEquals(List.of("", "a", "", "b"), records("%\na\n%\n%\nb\n%\n"));
    assertEquals(List.of(""), records("%\n"));
    assertEquals(List.of(""), records("\n")); // one empty line
    assertEquals(List.of(), records(""));
    // Empty lines inside and at the end of a record are its text.
    assertEquals(List.of("a\n\nb\n"), records("a\n\nb\n\n%\n"));
  }

  @Test
  void onlyALineOfExactlyTheDelimiterDelimits() throws IOException {
    assertEquals(List.of("50%\n% \n %\n%%"), records("50%\n% \n %\n%%\n"));
    byte[] bytes = {(byte) 0xc3, (byte) 0xa9, '\n', (byte) 0xc2, (byte) 0xa7, (byte) 0xc2,
        (byte) 0xa7, '\n', 'z', '\n'};
    assertEquals(List.of("é", "z"), records(bytes, "§§", Compression.NONE));
  }

  @Test
  void aCompressedFileIsCutAfterItIsDecompressed() throws IOException {
    ByteArrayOutputStream gzip = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
      out.write("a\n%\nb\nc\n%\n".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(List.of("a", "b\nc"), records(gzip.toByteArray(), "%", Compression.GZIP));
  }

  @Test
  void theCheckNamesAnEmptyOrBadRecordByFileRecordAndLines() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.txt"), "a\n%\nb\rc\nd\n%\n%\n");
    FeedlineException carriageReturn = assertThrows(FeedlineException.class,
        () -> DataFiles.resolveText(PIPELINE, List.of(file.toString()),
            TextFile.Format.delimited(Compression.NONE, BlankLines.KEEP, BadRecords.FAIL, "%"),
            null));
    assertEquals(file.toString(), carriageReturn.file().orElseThrow());
    assertTrue(carriageReturn.getMessage().contains("record 2 (lines 3 to 4) holds a carriage"
        + " return that does not end a line"), carriageReturn.getMessage());
    FeedlineException empty = assertThrows(FeedlineException.class,
        () -> DataFiles.resolveText(PIPELINE, List.of(file.toString()),
            TextFile.Format.delimited(Compression.NONE, BlankLines.FAIL, BadRecords.SKIP, "%"),
            null));
    assertTrue(empty.getMessage().contains("record 3 (no line, before the delimiter on line 6)"
        + " is empty; an empty record is an error here (blankLines = FAIL)"), empty.getMessage());
    DataFiles.Resolved skipped = DataFiles.resolveText(PIPELINE, List.of(file.toString()),
        TextFile.Format.delimited(Compression.NONE, BlankLines.SKIP, BadRecords.SKIP, "%"), null);
    assertEquals(List.of(new FileSegment(file.toString(), 0, 1)), skipped.segments());
    assertEquals(1, skipped.skipped().count());
    assertEquals(file + ": line 3 (record 2, lines 3 to 4) holds a carriage return that does not"
        + " end a line (a file whose lines end with a carriage return alone has no line feeds to"
        + " find its delimiter lines by)", skipped.skipped().records().get(0).toString());
  }
}
