package dev.feedline;

/**
 * What a {@link TextLineSource} does with an empty line (nothing between two line ends, a carriage
 * return before the line feed aside), or an empty record of a source with a
 * {@link TextLineSource#recordDelimiter()} (no line between two delimiter lines, or one empty
 * line). Whitespace is not empty: a line of spaces is data.
 */
public enum BlankLines {
  /** Leave empty lines out: they are not elements, and not counted as bad records. */
  SKIP,
  /**
   * Read empty lines as elements, like any other line (an empty sentence); a {@link DecodeCsv}
   * takes an empty line as a bad row.
   */
  KEEP,
  /** An empty line is an error when the pipeline is built, naming the file and the line. */
  FAIL
}
