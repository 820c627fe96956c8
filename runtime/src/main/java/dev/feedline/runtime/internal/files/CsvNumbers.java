package dev.feedline.runtime.internal.files;

import java.util.function.IntPredicate;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The numbers TensorFlow's DecodeCSV reads (TensorFlow 2.18, {@code decode_csv_op.cc}), written
 * as its parsers take them, so that the check at build refuses every field they would refuse.
 * Integers go through {@code safe_strto32} and {@code safe_strto64}, floats through
 * {@code safe_strtof} and {@code safe_strtod} and double-conversion's string-to-double converter (all
 * in {@code tsl/platform/numbers.cc}). They read bytes, and are narrower than Java's parsers: no
 * plus sign before an integer, {@code inf} but not {@code infinity}, no float field of 32 bytes or
 * more, and only ASCII spaces around a number.
 */
final class CsvNumbers {
  /** safe_strtof and safe_strtod refuse a field this long or longer (kFastToBufferSize). */
  static final int FLOAT_LIMIT = 32;

  private CsvNumbers() {}

  /**
   * Whether {@code c} is a space that both parsers skip around a number: C's {@code isspace} in
   * the C locale, and double-conversion's table for a byte (space, \t, \n, \v, \f, \r).
   */
  static boolean isSpace(int c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /** {@code field} without the spaces TensorFlow skips around a number. */
  static String trim(String field) {
    return strip(field, CsvNumbers::isSpace);
  }

  /** {@code text} without the characters {@code around} takes at its start and end. */
  private static String strip(String text, IntPredicate around) {
    int start = 0;
    int end = text.length();
    while (start < end && around.test(text.charAt(start))) {
      start++;
    }
    while (end > start && around.test(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  /** Whether {@code field} is {@code -?[0-9]+} between spaces: safe_strto32 and 64 take no '+'. */
  static boolean isInteger(String field) {
    String text = trim(field);
    int start = text.startsWith("-") ? 1 : 0;
    return text.length() > start && digitsEnd(text, start) == text.length();
  }

  /**
   * Whether {@code field} is a float as safe_strtof and safe_strtod read it: under 32 bytes, and
   * between spaces an optional sign and then {@code inf} or {@code nan} in any case, a hex integer
   * ({@code 0x1F}), or a decimal with an optional exponent ({@code 1.}, {@code .5}, {@code 2e-3}).
   */
  static boolean isReal(String field) {
    // In chars: a field of fewer is only a number where each is one ASCII byte.
    return field.length() < FLOAT_LIMIT && isRealText(trim(field));
  }

  /** Whether {@code text}, without spaces around it, is a float whatever its length. */
  private static boolean isRealText(String text) {
    String unsigned = unsigned(text);
    return isSpecial(unsigned) || isHex(unsigned) || isDecimal(unsigned);
  }

  /** {@code text} without its sign. */
  private static String unsigned(String text) {
    return text.startsWith("+") || text.startsWith("-") ? text.substring(1) : text;
  }

  /**
   * Whether a number that {@link #isInteger} or {@link #isReal} takes is within its dtype's range.
   * A float beyond it TensorFlow reads as infinity: refused here, as a value the file does not
   * mean.
   */
  static boolean inRange(String field, Class<? extends TType> type) {
    String text = trim(field);
    if (type == TInt32.class || type == TInt64.class) {
      try {
        long value = Long.parseLong(text);
        return type == TInt64.class || value == (int) value;
      } catch (NumberFormatException e) {
        return false; // beyond int64
      }
    }
    String unsigned = unsigned(text);
    if (isSpecial(unsigned) || isHex(unsigned)) {
      return true; // as written; hex of at most 29 digits is below 2^116, within float32
    }
    if (unsigned.indexOf('e') < 0 && unsigned.indexOf('E') < 0) {
      return true; // under 32 characters without an exponent: below 1e31, within float32
    }
    return type == TFloat32.class ? !Float.isInfinite(Float.parseFloat(text))
        : !Double.isInfinite(Double.parseDouble(text));
  }

  /** {@code inf} or {@code nan}, any case: the converter's symbols, matched byte by byte. */
  private static boolean isSpecial(String unsigned) {
    return asciiLower(unsigned).equals("inf") || asciiLower(unsigned).equals("nan");
  }

  /** {@code 0x} and hex digits: an integer (the converter allows hex, not hex floats). */
  private static boolean isHex(String unsigned) {
    if (unsigned.length() < 3 || unsigned.charAt(0) != '0'
        || (unsigned.charAt(1) != 'x' && unsigned.charAt(1) != 'X')) {
      return false;
    }
    for (int i = 2; i < unsigned.length(); i++) {
      char c = unsigned.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
        return false;
      }
    }
    return true;
  }

  /** Digits with an optional point, at least one digit, then an optional exponent. */
  private static boolean isDecimal(String unsigned) {
    int i = digitsEnd(unsigned, 0);
    int digits = i;
    if (i < unsigned.length() && unsigned.charAt(i) == '.') {
      int fraction = digitsEnd(unsigned, i + 1);
      digits += fraction - i - 1;
      i = fraction;
    }
    if (digits == 0) {
      return false;
    }
    if (i < unsigned.length() && (unsigned.charAt(i) == 'e' || unsigned.charAt(i) == 'E')) {
      int sign = i + 1 < unsigned.length()
          && (unsigned.charAt(i + 1) == '+' || unsigned.charAt(i + 1) == '-') ? 1 : 0;
      int exponent = digitsEnd(unsigned, i + 1 + sign);
      if (exponent == i + 1 + sign) {
        return false;
      }
      i = exponent;
    }
    return i == unsigned.length();
  }

  /** The index after the run of ASCII digits from {@code start}. */
  private static int digitsEnd(String text, int start) {
    int i = start;
    while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
      i++;
    }
    return i;
  }

  /** Lower case for ASCII letters only, as the converter compares its symbols. */
  private static String asciiLower(String text) {
    StringBuilder lower = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      lower.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return lower.toString();
  }

  /**
   * Why a field that is not a TensorFlow number may look like one, as Java would read it: a clause
   * to add to the message, or empty.
   */
  static String hint(String field, boolean integer) {
    String text = trim(field);
    String loose = strip(text, CsvNumbers::isOtherSpace);
    if (!loose.equals(text) && (integer ? isInteger(loose) : isReal(loose))) {
      char space = isOtherSpace(text.charAt(0)) ? text.charAt(0) : text.charAt(text.length() - 1);
      return String.format("; TensorFlow skips no U+%04X around a number, only ASCII spaces and"
          + " tabs", (int) space);
    }
    if (integer && text.startsWith("+") && isInteger(text.substring(1))) {
      return "; TensorFlow reads no plus sign before an integer";
    }
    if (!integer && asciiLower(unsigned(text)).equals("infinity")) {
      return "; TensorFlow spells infinity \"inf\"";
    }
    if (!integer && field.length() >= FLOAT_LIMIT && isRealText(text)) {
      return "; TensorFlow reads no number of " + FLOAT_LIMIT + " characters or more";
    }
    return "";
  }

  /** A space or control character to Java that TensorFlow does not skip: U+2003, U+001F. */
  private static boolean isOtherSpace(int c) {
    return !isSpace(c) && (Character.isWhitespace(c) || Character.isSpaceChar(c)
        || Character.isISOControl(c));
  }
}
