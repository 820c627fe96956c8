package dev.feedline.tests.chaos;

import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A trial's data set: three TFRecord files of rows with ids unique across the trial, two small and
 * one larger than the 16 KiB a file's identity samples, so that an edit in its middle is seen only
 * by its modification time. File {@code f} holds the ids {@code (f + 1)·1000 ..}; records written
 * later (appended, or replacing a file) take ids from 8000 up. Every id stays below 16384, so each
 * row's record has the same size and a file of as many other rows has the same size as the one it
 * replaces.
 */
final class ChaosData {
  static final int FILES = 3;
  static final String SUFFIX = ".tfrecord";

  private final Path dir;
  private final List<Path> files = new ArrayList<>();
  private long nextId = 8000;

  private ChaosData(Path dir) {
    this.dir = dir;
  }

  /** Writes the files: 5 to 30 rows in each small one, 300 in the large one, at a random place. */
  static ChaosData write(Path dir, Random random) throws IOException {
    ChaosData data = new ChaosData(Files.createDirectories(dir));
    int large = random.nextInt(FILES);
    for (int f = 0; f < FILES; f++) {
      int count = f == large ? 300 : 5 + random.nextInt(26);
      Path file = dir.resolve("rows-" + f + SUFFIX);
      data.files.add(file);
      data.writeRows(file, rowIds((f + 1) * 1000L, count));
    }
    return data;
  }

  Path dir() {
    return dir;
  }

  List<Path> files() {
    return files;
  }

  String glob() {
    return dir.resolve("*" + SUFFIX).toString();
  }

  /** {@code count} ids that no record of this trial had. */
  List<Long> newIds(int count) {
    List<Long> ids = rowIds(nextId, count);
    nextId += count;
    if (nextId >= 16384) {
      throw new IllegalStateException("ids past 16383 change the size of a row's record");
    }
    return ids;
  }

  /** Writes the rows into a file beside the data set's folder, then renames it over {@code file}. */
  void replace(Path file, List<Long> ids) throws IOException {
    Path staged = Files.createDirectories(dir.resolve("staging")).resolve(file.getFileName());
    writeRows(staged, ids);
    Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** The bytes of the rows' records, framed. */
  byte[] records(List<Long> ids) throws IOException {
    Path staged = Files.createDirectories(dir.resolve("staging")).resolve("appended.bin");
    writeRows(staged, ids);
    byte[] bytes = Files.readAllBytes(staged);
    Files.delete(staged);
    return bytes;
  }

  private void writeRows(Path file, List<Long> ids) throws IOException {
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (long id : ids) {
        writer.write(TestData.rowRecord(id));
      }
      writer.commit();
    }
  }

  private static List<Long> rowIds(long first, int count) {
    List<Long> ids = new ArrayList<>();
    for (long id = first; id < first + count; id++) {
      ids.add(id);
    }
    return ids;
  }
}
