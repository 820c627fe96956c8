package dev.feedline;

/** What a {@link TFRecordSource} does with a record it cannot use. */
public enum BadRecords {
  /**
   * Stop the epoch with an exception that names the pipeline, the stage, the file and the record.
   * Damaged framing is found before the first element; a bad checksum or a record that does not
   * parse, when TensorFlow reaches it.
   */
  FAIL,
  /**
   * Check every record before the first element (framing, checksums and, when a {@link Decode}
   * follows, the features it parses), leave out the bad ones, and report them, counted per file
   * and per cause, at the end of every epoch: in the log and from the generated class's
   * {@code skippedRecords()}. A bad record costs itself only: reading resumes at the next valid
   * record of its file. Reads all the data once more when the pipeline is built, and reads local
   * files only.
   */
  SKIP
}
