package dev.feedline.processor.base;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes sizes in bytes: {@code "8GiB"}, {@code "512 MB"}, {@code "1.5 GiB"}. */
public final class ByteSize {
  private static final Pattern SIZE =
      Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([KMGT]i?B|B)?\\s*", Pattern.CASE_INSENSITIVE);
  private static final Map<String, Long> UNITS = Map.of(
      "B", 1L, "KB", 1_000L, "MB", 1_000_000L, "GB", 1_000_000_000L, "TB", 1_000_000_000_000L,
      "KIB", 1L << 10, "MIB", 1L << 20, "GIB", 1L << 30, "TIB", 1L << 40);

  private ByteSize() {}

  /** Parses a size; empty when {@code text} is not one. */
  public static Optional<Long> parse(String text) {
    Matcher m = SIZE.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
    double bytes = Double.parseDouble(m.group(1)) * UNITS.get(unit);
    return bytes > 0 && bytes < Long.MAX_VALUE ? Optional.of((long) bytes) : Optional.empty();
  }

  /** A size for messages, in binary units: {@code 588.0 KiB}, {@code 1.15 GiB}. */
  public static String format(double bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < units.length - 1) {
      bytes /= 1024;
      unit++;
    }
    return unit == 0
        ? String.format(Locale.ROOT, "%.0f B", bytes)
        : String.format(Locale.ROOT, bytes >= 100 ? "%.0f %s" : "%.3g %s", bytes, units[unit]);
  }
}
