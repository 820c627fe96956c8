package dev.feedline.processor.writing;

import dev.feedline.processor.base.JavaLiterals;

/**
 * Text from declarations made safe for a generated Javadoc comment, where string values are written
 * as {@link dev.feedline.processor.base.JavaLiterals#quoted} literals: a {@code *}{@code /} in one
 * cannot end the comment ({@link dev.feedline.processor.base.JavaLiterals#commentSafe}).
 */
final class Javadoc {
  private Javadoc() {}

  /** {@code text} with every {@code *}{@code /} neutralized, for a Javadoc comment. */
  static String safe(String text) {
    return JavaLiterals.commentSafe(text);
  }
}
