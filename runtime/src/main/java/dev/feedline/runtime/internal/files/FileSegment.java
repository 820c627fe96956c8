package dev.feedline.runtime.internal.files;

/**
 * A run of records in a TFRecord file that a source reads: the unit its dataset is made of.
 *
 * @param file the file
 * @param offset the byte where the run's first record starts
 * @param count how many records the run holds; -1 for every record to the end of the file
 */
public record FileSegment(String file, long offset, long count) {
  /** The whole file. */
  static FileSegment whole(String file) {
    return new FileSegment(file, 0, -1);
  }
}
