package dev.feedline.runtime;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The bad records a source with {@code badRecords = SKIP} leaves out of every epoch: found before
 * the first element, by checking every record's framing, checksums and, when the pipeline decodes,
 * its features; or every line of a text file as the row a {@code @DecodeCsv} parses.
 */
public final class SkippedRecords {
  private final List<Record> records;

  /**
   * One record left out.
   *
   * @param file the file it is in
   * @param index its index in the file, counting from 0: a line's index for a text file (the
   *     first line of a record of several lines, whose record and lines its problem names)
   * @param offset the byte where it starts; -1 for a line of a text file
   * @param cause a short name of its problem, for counting: "corrupt data", "no feature 'id'"
   * @param problem the problem, in full
   */
  public record Record(String file, long index, long offset, String cause, String problem) {
    @Override
    public String toString() {
      return offset < 0 ? file + ": line " + (index + 1) + " " + problem
          : file + ": record " + index + " at byte " + offset + " " + problem;
    }
  }

  public SkippedRecords(List<Record> records) {
    this.records = List.copyOf(records);
  }

  public static SkippedRecords none() {
    return new SkippedRecords(List.of());
  }

  /** Every record left out, in file order. */
  public List<Record> records() {
    return records;
  }

  /** How many records are left out. */
  public long count() {
    return records.size();
  }

  /** The counts per file, then per cause, both in order of first appearance. */
  public Map<String, Map<String, Long>> countsByFileAndCause() {
    Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
    for (Record record : records) {
      counts.computeIfAbsent(record.file(), f -> new LinkedHashMap<>())
          .merge(record.cause(), 1L, Long::sum);
    }
    return counts;
  }

  /** "3 bad records left out: a.tfrecord: 2 corrupt data, 1 cut short; b.tfrecord: ...". */
  public String summary() {
    if (records.isEmpty()) {
      return "no bad records left out";
    }
    return String.format(Locale.ROOT, "%d bad record%s left out: %s", records.size(),
        records.size() == 1 ? "" : "s",
        countsByFileAndCause().entrySet().stream()
            .map(file -> file.getKey() + ": " + file.getValue().entrySet().stream()
                .map(cause -> cause.getValue() + " " + cause.getKey())
                .collect(Collectors.joining(", ")))
            .collect(Collectors.joining("; ")));
  }

  @Override
  public String toString() {
    return summary();
  }
}
