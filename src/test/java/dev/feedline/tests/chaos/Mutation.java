package dev.feedline.tests.chaos;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;

/**
 * What a trial does to one file. Flips and cuts change the file in place, as a failing disk or a
 * writer that died would; an append adds whole records; a replacement is written beside the file
 * and renamed over it, as a tool that regenerates data would.
 */
enum Mutation {
  FLIP_LENGTH("a byte of a record's length flipped"),
  FLIP_LENGTH_CRC("a byte of a record's length checksum flipped"),
  FLIP_PAYLOAD("a byte of a record's data flipped"),
  FLIP_DATA_CRC("a byte of a record's data checksum flipped"),
  HUGE_LENGTH("a record's length set to 2^40, its checksum recomputed"),
  CUT_AT_RECORD("cut at a record boundary (to empty at record 0)"),
  CUT_IN_RECORD("cut inside a record"),
  APPEND("1 to 20 records appended"),
  REPLACE_SAME_SIZE("replaced by other rows, same size"),
  REPLACE_OTHER_SIZE("replaced by other rows, another size"),
  DELETE("deleted"),
  /** Only after a killed run: the next run then reads the files the killed one wrote a cache of. */
  NONE("left as it was");

  /** The changes an in-process trial picks from. */
  static final List<Mutation> CHANGES = List.of(values()).subList(0, values().length - 1);

  final String description;

  Mutation(String description) {
    this.description = description;
  }

  /**
   * The moments a trial may make this change at. A header that claims 2^40 bytes with a matching
   * checksum, written into a file while TensorFlow reads it, crashes the process in TensorFlow's
   * reader before Feedline can see it (docs/reliability.md, What remains): a documented limit, so
   * that change comes only before {@code build()} and between epochs, where the checks catch it.
   */
  List<Moment> moments() {
    return this == HUGE_LENGTH ? List.of(Moment.BEFORE_BUILD, Moment.BETWEEN_EPOCHS)
        : Moment.IN_PROCESS;
  }

  /**
   * Changes {@code file}, a clean file of the data set.
   *
   * @return the ids of the rows it wrote: records that may be read from now on
   */
  List<Long> apply(ChaosData data, Path file, Random random) throws IOException {
    if (this == NONE) {
      return List.of();
    }
    List<RecordScan.Entry> records = RecordScan.of(file).entries();
    RecordScan.Entry record = records.get(random.nextInt(records.size()));
    int header = record.offset();
    int payload = header + 12;
    int footer = payload + record.length();
    switch (this) {
      case FLIP_LENGTH -> flip(file, header + random.nextInt(8), random);
      case FLIP_LENGTH_CRC -> flip(file, header + 8 + random.nextInt(4), random);
      case FLIP_PAYLOAD -> flip(file, payload + random.nextInt(record.length()), random);
      case FLIP_DATA_CRC -> flip(file, footer + random.nextInt(4), random);
      case HUGE_LENGTH -> claim(file, header, 1L << 40);
      case CUT_AT_RECORD -> cut(file, header);
      case CUT_IN_RECORD -> cut(file, header + 1 + random.nextInt(footer + 4 - header - 1));
      case APPEND -> {
        List<Long> ids = data.newIds(1 + random.nextInt(20));
        Files.write(file, data.records(ids), StandardOpenOption.APPEND);
        return ids;
      }
      case REPLACE_SAME_SIZE, REPLACE_OTHER_SIZE -> {
        int count = records.size();
        if (this == REPLACE_OTHER_SIZE) {
          count = 1 + random.nextInt(40);
          count += count >= records.size() ? 1 : 0; // never the same count
        }
        long size = Files.size(file);
        List<Long> ids = data.newIds(count);
        data.replace(file, ids);
        if (this == REPLACE_SAME_SIZE && Files.size(file) != size) {
          throw new IllegalStateException("the replacement has another size: " + file);
        }
        return ids;
      }
      case DELETE -> Files.delete(file);
      case NONE -> { }
      default -> throw new AssertionError(this);
    }
    return List.of();
  }

  /** XORs the byte at {@code at} with a random non-zero value, in place. */
  private static void flip(Path file, long at, Random random) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      channel.read(one, at);
      one.put(0, (byte) (one.get(0) ^ (1 + random.nextInt(255)))).rewind();
      channel.write(one, at);
    }
  }

  /** Writes a header claiming {@code length} bytes, with its checksum, at {@code at}, in place. */
  private static void claim(Path file, long at, long length) throws IOException {
    ByteBuffer header = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(length);
    CRC32C crc = new CRC32C();
    crc.update(header.array(), 0, 8);
    int value = (int) crc.getValue();
    header.putInt(((value >>> 15) | (value << 17)) + 0xa282ead8).flip();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(header, at);
    }
  }

  private static void cut(Path file, long size) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(size);
    }
  }
}
