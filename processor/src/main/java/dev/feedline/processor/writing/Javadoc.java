package dev.feedline.processor.writing;

/**
 * Text from declarations made safe for generated comments: a string value is written as a
 * one-line Java literal whose escapes javac leaves alone in comments, and a {@code *}{@code /} in
 * it cannot end a Javadoc comment.
 */
final class Javadoc {
  private Javadoc() {}

  /** {@code text} with every {@code *}{@code /} neutralized, for a Javadoc comment. */
  static String safe(String text) {
    return text.replace("*/", "*&#47;");
  }

  /**
   * {@code value} as a Java string literal on one line. Control characters become octal escapes,
   * not {@code \}{@code uXXXX}: javac reads unicode escapes even in comments, and an escaped line
   * break would end a line comment. Backslashes are doubled, so none starts a unicode escape.
   */
  static String literal(String value) {
    StringBuilder literal = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> literal.append("\\\"");
        case '\\' -> literal.append("\\\\");
        case '\n' -> literal.append("\\n");
        case '\t' -> literal.append("\\t");
        case '\r' -> literal.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            literal.append(String.format(java.util.Locale.ROOT, "\\%03o", (int) c));
          } else {
            literal.append(c);
          }
        }
      }
    }
    return literal.append('"').toString();
  }
}
