package dev.feedline.runtime.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.TFRecordWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a TFRecord file's framing: counts, damage, and finding the records after damage. */
class TFRecordFileTest {
  @TempDir Path dir;

  /** Writes {@code count} records, record i holding "record i" and some padding; returns offsets. */
  private List<Long> write(Path file, int count, int padding) throws IOException {
    List<Long> offsets = new ArrayList<>();
    long offset = 0;
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (int i = 0; i < count; i++) {
        byte[] record = Arrays.copyOf(("record " + i).getBytes(StandardCharsets.UTF_8), 10 + padding);
        offsets.add(offset);
        writer.write(record);
        offset += 16 + record.length;
      }
      writer.commit();
    }
    return offsets;
  }

  /** Replaces the length at {@code offset} with {@code length}, its checksum recomputed. */
  private static void claim(Path file, long offset, long length) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    System.arraycopy(TFRecordFraming.header(length), 0, bytes, (int) offset, 12);
    Files.write(file, bytes);
  }

  private static void flip(Path file, long at) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) at] ^= 0x55;
    Files.write(file, bytes);
  }

  private static List<String> bad(TFRecordFile.Scan scan) {
    return scan.bad().stream().map(r -> r.index() + " " + r.cause()).toList();
  }

  @Test
  void framingIsCountedAcrossWindowsForSmallAndLargeRecords() throws IOException {
    Path small = dir.resolve("small.tfrecord");
    write(small, 30_000, 0); // 780 KB: several windows, records across their edges
    assertEquals(new TFRecordFile.Framing(30_000, Optional.empty()), TFRecordFile.checkFraming(small));
    Path large = dir.resolve("large.tfrecord");
    write(large, 12, 300_000); // each record larger than a window: headers are read alone
    assertEquals(new TFRecordFile.Framing(12, Optional.empty()), TFRecordFile.checkFraming(large));
    assertEquals(List.of(new FileSegment(large.toString(), 0, 12)),
        TFRecordFile.scan(large, null).segments());
  }

  @Test
  void aLengthWithAValidChecksumThatClaimsMoreThanTheFileCostsOneRecord() throws IOException {
    for (long claimed : new long[] {1L << 40, Integer.MAX_VALUE}) {
      Path file = dir.resolve("claims-" + claimed + ".tfrecord");
      List<Long> offsets = write(file, 60, 40);
      claim(file, offsets.get(5), claimed);

      TFRecordFile.Scan scan = TFRecordFile.scan(file, null);
      assertEquals(List.of("5 corrupt length"), bad(scan), "claimed " + claimed);
      assertEquals("has a corrupt length: its checksum matches, but it claims " + claimed
          + " bytes where the file has " + (Files.size(file) - offsets.get(5) - 16) + " left, and"
          + " a record starts at byte " + offsets.get(6), scan.bad().get(0).problem());
      assertEquals(List.of(new FileSegment(file.toString(), 0, 5),
          new FileSegment(file.toString(), offsets.get(6), 54)), scan.segments());
      assertEquals(59, scan.goodRecords());

      TFRecordFile.Damage damage = TFRecordFile.checkFraming(file).damage().orElseThrow();
      assertEquals(5, damage.index());
      assertEquals("corrupt length", damage.cause());
    }
  }

  @Test
  void aLengthChecksumIsCheckedForEveryRecordOfTheSameLength() throws IOException {
    Path file = dir.resolve("same.tfrecord");
    List<Long> offsets = write(file, 30_000, 0); // each of 10 bytes: the same header each
    for (int corrupt : new int[] {1, 17, 12_345, 29_999}) {
      Path copy = dir.resolve("same-" + corrupt + ".tfrecord");
      Files.copy(file, copy);
      flip(copy, offsets.get(corrupt) + 9); // the length's checksum: the length is unchanged
      TFRecordFile.Damage damage = TFRecordFile.checkFraming(copy).damage().orElseThrow();
      assertEquals("record " + corrupt + " at byte " + offsets.get(corrupt) + " has a corrupt"
          + " length: its checksum does not match", damage.describe());
    }
  }

  @Test
  void aReaderOpenedWhileAnotherIsOpenReadsItsOwnFile() throws IOException {
    Path outer = dir.resolve("outer.tfrecord");
    Path small = dir.resolve("small.tfrecord");
    Path inner = dir.resolve("inner.tfrecord");
    write(outer, 3, 300_000); // its records' data fill its window
    write(small, 30_000, 0);
    List<Long> innerOffsets = write(inner, 20_000, 0);
    flip(inner, innerOffsets.get(192) + 14);
    List<String> seen = new ArrayList<>();
    assertEquals(Optional.empty(), TFRecordFile.checkAll(outer, data -> {
      seen.add(new String(data, 0, 8, StandardCharsets.UTF_8)); // while outer's window is in use
      assertEquals(new TFRecordFile.Framing(30_000, Optional.empty()),
          TFRecordFile.checkFraming(small));
      assertEquals(List.of("192 corrupt data"), bad(TFRecordFile.scan(inner, null)));
    }));
    assertEquals(List.of("record 0", "record 1", "record 2"), seen);
    assertEquals(new TFRecordFile.Framing(30_000, Optional.empty()),
        TFRecordFile.checkFraming(small));
  }

  @Test
  void aFileCutWhileItIsReadIsAnErrorNamingIt() throws IOException {
    Path file = dir.resolve("cut-while-read.tfrecord");
    write(file, 30_000, 0); // 780 KB: three windows and more
    long[] seen = {0};
    UncheckedIOException error = assertThrows(UncheckedIOException.class,
        () -> TFRecordFile.checkAll(file, data -> {
          if (seen[0]++ == 100) { // inside the first window: the next read finds the file cut
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
              channel.truncate(300_000);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        }));
    assertEquals("Could not read " + file, error.getMessage());
    assertTrue(error.getCause().getMessage().startsWith("the file changed while it was read: "),
        error.getCause().getMessage());
    assertTrue(seen[0] > 100 && seen[0] < 30_000, "records handed on: " + seen[0]);
  }

  @Test
  void recordsWhoseHeadersSurviveInsideADamagedStretchAreCountedApart() throws IOException {
    Path file = dir.resolve("two.tfrecord");
    List<Long> offsets = write(file, 20, 40);
    claim(file, offsets.get(7), 1L << 40);
    flip(file, offsets.get(8) + 14); // record 8's data: its header survives
    flip(file, offsets.get(12) + 3); // record 12's length checksum fails
    flip(file, offsets.get(13) + 20); // and record 13's data

    TFRecordFile.Scan scan = TFRecordFile.scan(file, null);
    assertEquals(List.of("7 corrupt length", "8 corrupt data", "12 corrupt length",
        "13 corrupt data"), bad(scan));
    assertEquals(List.of(offsets.get(7), offsets.get(8), offsets.get(12), offsets.get(13)),
        scan.bad().stream().map(SkippedRecords.Record::offset).toList());
    assertEquals(16, scan.goodRecords());
  }

  @Test
  void aLengthThatClaimsMoreThanTheFileWithNothingAfterItIsACut() throws IOException {
    Path file = dir.resolve("cut.tfrecord");
    List<Long> offsets = write(file, 10, 40);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, (int) (offsets.get(9) + 30)));

    TFRecordFile.Scan scan = TFRecordFile.scan(file, null);
    assertEquals(List.of("9 cut short"), bad(scan));
    assertEquals("is cut short: it needs 66 bytes, the file has 30 left", scan.bad().get(0).problem());
    assertEquals("record 9 at byte " + offsets.get(9) + " is cut short: it needs 66 bytes, the file"
        + " has 30 left", TFRecordFile.checkFraming(file).damage().orElseThrow().describe());
  }

  @Test
  void aRecordIsFoundByItsOffsetForTensorFlowsMessage() throws IOException {
    Path file = dir.resolve("at.tfrecord");
    List<Long> offsets = write(file, 10, 40);
    flip(file, offsets.get(4) + 14);
    assertEquals(Optional.empty(), TFRecordFile.checkRecordAt(file, offsets.get(3)));
    assertEquals("record 4 at byte " + offsets.get(4) + " is corrupt: its data checksum does not"
        + " match", TFRecordFile.checkRecordAt(file, offsets.get(4)).orElseThrow().describe());
    assertEquals(Optional.empty(), TFRecordFile.checkRecordAt(file, offsets.get(4) + 1));
  }

  @Test
  void dataLargerThanAWindowIsChecked() throws IOException {
    Path file = dir.resolve("big.tfrecord");
    List<Long> offsets = write(file, 3, 700_000);
    flip(file, offsets.get(1) + 600_000);
    assertEquals(List.of("1 corrupt data"), bad(TFRecordFile.scan(file, null)));
    List<byte[]> kept = new ArrayList<>();
    assertEquals("corrupt data", TFRecordFile.checkAll(file, kept::add).orElseThrow().cause());
    assertEquals(1, kept.size());
    assertEquals("record 0", new String(kept.get(0), 0, 8, StandardCharsets.UTF_8));
  }
}
