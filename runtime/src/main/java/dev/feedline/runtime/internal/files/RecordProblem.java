package dev.feedline.runtime.internal.files;

/**
 * Why a record with valid framing cannot be used: what a content check (such as
 * {@link ExampleCheck}) finds, and what a scan of the file ({@link TFRecordFile}) reports.
 *
 * @param cause a short name that records with the same problem share, for counting them
 * @param description the problem, to follow "record N"
 */
record RecordProblem(String cause, String description) {}
