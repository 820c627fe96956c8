package dev.feedline.processor.base;

/**
 * Strings from declarations (feature keys, pad texts, CSV delimiters, defaults and NA values,
 * cache and snapshot folders) written back as Java source: the one way every writer of generated
 * code, and every message, spells such a string. Two forms: {@link #quoted} for a string literal,
 * {@link #inComment} for a {@code //}, block or Javadoc comment. Both are one line of Java that
 * reads back as the same string, whatever it holds.
 *
 * <p>Escaped, besides {@code "} and {@code \}: every code point that would end a line or a
 * comment, hide itself, or change meaning between machines. Java's own line ends are not the only
 * ones: JavaPoet, which emits generated code, and editors also break lines at a vertical tab, a
 * form feed, U+0085, U+2028 and U+2029. So are escaped: the control characters (U+0000 to U+001F,
 * U+007F to U+009F) as octal escapes; the line and paragraph separators, the format characters
 * (zero-width spaces and joiners, bidirectional controls, the byte order mark, tags), the spaces
 * other than U+0020 (no-break and typographic spaces, which look like one), private-use code
 * points, unpaired surrogates and the 66 noncharacters as {@code \}{@code uXXXX} escapes. Control
 * characters are never written as {@code \}{@code uXXXX}: javac reads unicode escapes before it
 * reads literals and comments, and an escaped line break would end a line comment; none of the
 * code points escaped as {@code \}{@code uXXXX} is a line end to javac. Backslashes are doubled,
 * so none starts a unicode escape. Letters, marks, digits, symbols and punctuation of any script
 * stay as they are, and so do code points that Unicode has not assigned.
 *
 * <p>The format characters are a fixed list (Unicode 15.1), not the running JDK's
 * {@link Character#getType}: generated code is the same on every JDK. Names of components, stages
 * and types are Java identifiers, which hold none of the escaped code points (javac drops the
 * ignorable ones), so writers spell them with JavaPoet's {@code $S} and {@code $N}.
 */
public final class JavaLiterals {
  private JavaLiterals() {}

  /**
   * Format characters (general category Cf) of Unicode 15.1, as inclusive ranges: {@code
   * JavaLiteralsTest} checks that they hold every one the running JDK knows.
   */
  private static final int[][] FORMAT = {
      {0x00AD, 0x00AD}, {0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD}, {0x070F, 0x070F},
      {0x0890, 0x0891}, {0x08E2, 0x08E2}, {0x180E, 0x180E}, {0x200B, 0x200F}, {0x202A, 0x202E},
      {0x2060, 0x2064}, {0x2066, 0x206F}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0x110BD, 0x110BD},
      {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
      {0xE0001, 0xE0001}, {0xE0020, 0xE007F}};

  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  /** Space separators (Zs) other than U+0020: they look like a space and are not one. */
  private static final int[] SPACES = {0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
      0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000};

  /**
   * {@code value} as a Java string literal on one line, for generated code and for messages.
   * The literal has the value's characters exactly, whatever they are (see the class comment).
   */
  public static String quoted(String value) {
    StringBuilder literal = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i); // an unpaired surrogate comes back as itself
      i += Character.charCount(c);
      switch (c) {
        case '"' -> literal.append("\\\"");
        case '\\' -> literal.append("\\\\");
        case '\n' -> literal.append("\\n");
        case '\t' -> literal.append("\\t");
        case '\r' -> literal.append("\\r");
        default -> {
          if (isControl(c)) { // three octal digits: a digit after it is not part of it
            literal.append('\\').append(DIGITS[c >> 6]).append(DIGITS[(c >> 3) & 7])
                .append(DIGITS[c & 7]);
          } else if (isEscaped(c)) {
            for (char unit : Character.toChars(c)) {
              literal.append("\\u").append(DIGITS[unit >> 12]).append(DIGITS[(unit >> 8) & 15])
                  .append(DIGITS[(unit >> 4) & 15]).append(DIGITS[unit & 15]);
            }
          } else {
            literal.appendCodePoint(c);
          }
        }
      }
    }
    return literal.append('"').toString();
  }

  /**
   * {@code value} as a literal to write in a comment of generated code: {@link #quoted}, with
   * {@code *}{@code /} written {@code *\057}, so that it cannot end a block or Javadoc comment
   * either and still reads as the same string.
   */
  public static String inComment(String value) {
    return commentSafe(quoted(value));
  }

  /**
   * Text made of {@link #quoted} literals and Java names, with every {@code *}{@code /} written
   * {@code *\057}: only a literal's content can hold one, where it is the same character.
   */
  public static String commentSafe(String text) {
    return text.replace("*/", "*\\057");
  }

  /** Whether {@link #quoted} writes code point {@code c} as an escape rather than as itself. */
  public static boolean escapes(int c) {
    return c == '"' || c == '\\' || isControl(c) || isEscaped(c);
  }

  /** The control characters (Cc), written as octal escapes. */
  private static boolean isControl(int c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F);
  }

  /** Code points written as unicode escapes: none of them is a line end to javac. */
  private static boolean isEscaped(int c) {
    if (c == 0x2028 || c == 0x2029 // line and paragraph separators (Zl, Zp)
        || (c <= 0xFFFF && Character.isSurrogate((char) c)) // unpaired (Cs)
        || (c >= 0xE000 && c <= 0xF8FF) || c >= 0xF0000 // private use (Co); planes 15 and 16
        || (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) { // noncharacters
      return true;
    }
    for (int space : SPACES) {
      if (c == space) {
        return true;
      }
    }
    for (int[] range : FORMAT) {
      if (c >= range[0] && c <= range[1]) {
        return true;
      }
    }
    return false;
  }
}
