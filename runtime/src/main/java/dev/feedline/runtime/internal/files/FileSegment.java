package dev.feedline.runtime.internal.files;

/**
 * A run of records in a TFRecord file, or of lines in a text file, that a source reads: the unit
 * its dataset is made of.
 *
 * @param file the file
 * @param offset the byte where the run's first record starts; in a text file, the index of its
 *     first line, from 0
 * @param count how many records the run holds; -1 for every record to the end of the file
 */
public record FileSegment(String file, long offset, long count) {
}
