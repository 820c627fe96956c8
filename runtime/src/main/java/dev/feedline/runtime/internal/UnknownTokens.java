package dev.feedline.runtime.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The message of a strict vocabulary's check in the graph, and its reading back from TensorFlow's
 * error: the assert op prints its data as {@code assertion failed: [message] [tokens]}, so the
 * message carries the vocabulary's name and file, and the tokens are the unknown ones, the first
 * printed. TensorFlow escapes what it prints as C does ({@code \'}, octal bytes); read back, the
 * escapes are undone, so that a token or a path outside ASCII reads as it is.
 */
public final class UnknownTokens {
  private static final String PREFIX = "feedline strict vocabulary ";
  /** The name is a Java identifier; the file and the token are as TensorFlow escaped them. */
  private static final Pattern FAILED = Pattern.compile("\\[" + Pattern.quote(PREFIX)
      + "(\\S+) of (.+?) has no token] \\[(.*?)(?:\\.\\.\\.)?]");
  /** A C escape: octal bytes, a hex byte, or an escaped character. */
  private static final Pattern ESCAPE =
      Pattern.compile("\\\\(?:([0-7]{1,3})|x([0-9a-fA-F]{2})|(.))");

  /** A token a strict vocabulary does not hold, as TensorFlow printed it. */
  public record Unknown(String vocabulary, String file, String token) {}

  private UnknownTokens() {}

  /** The assert op's message for vocabulary {@code name} read from {@code file}. */
  public static String message(String name, String file) {
    return PREFIX + name + " of " + file + " has no token";
  }

  /** The unknown token a strict vocabulary's check reported in {@code error}, if it did. */
  static Optional<Unknown> in(String error) {
    Matcher failed = FAILED.matcher(error);
    return failed.find()
        ? Optional.of(new Unknown(failed.group(1), unescape(failed.group(2)),
            unescape(failed.group(3))))
        : Optional.empty();
  }

  /** Undoes TensorFlow's C escapes: the text's UTF-8 bytes as they were. */
  static String unescape(String escaped) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Matcher escape = ESCAPE.matcher(escaped);
    int from = 0;
    while (escape.find()) {
      bytes.writeBytes(escaped.substring(from, escape.start()).getBytes(StandardCharsets.UTF_8));
      if (escape.group(1) != null) {
        bytes.write(Integer.parseInt(escape.group(1), 8));
      } else if (escape.group(2) != null) {
        bytes.write(Integer.parseInt(escape.group(2), 16));
      } else {
        char c = escape.group(3).charAt(0);
        bytes.write(c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c);
      }
      from = escape.end();
    }
    bytes.writeBytes(escaped.substring(from).getBytes(StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
