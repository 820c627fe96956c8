package dev.feedline.processor.base;

/** Values from declarations written back as Java source, in messages and generated comments. */
public final class JavaLiterals {
  private JavaLiterals() {}

  /**
   * {@code value} as a Java string literal on one line. Control characters become octal escapes,
   * not {@code \}{@code uXXXX}: javac reads unicode escapes even in comments, and an escaped line
   * break would end a line comment. Backslashes are doubled, so none starts a unicode escape.
   */
  public static String quoted(String value) {
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
