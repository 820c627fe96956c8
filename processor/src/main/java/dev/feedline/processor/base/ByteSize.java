package dev.feedline.processor.base;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes sizes in bytes: {@code "8GiB"}, {@code "512 MB"}, {@code "1.5 GiB"}. */
public final class ByteSize {
  /** The units a size takes, as messages list them; case does not matter. */
  public static final String UNITS = "B, KB, MB, GB, TB, PB, EB, KiB, MiB, GiB, TiB, PiB or EiB";

  private static final Pattern SIZE = Pattern.compile(
      "\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([KMGTPE]i?B|B)?\\s*", Pattern.CASE_INSENSITIVE);
  private static final Map<String, Long> FACTORS = Map.ofEntries(
      Map.entry("B", 1L), Map.entry("KB", 1_000L), Map.entry("MB", 1_000_000L),
      Map.entry("GB", 1_000_000_000L), Map.entry("TB", 1_000_000_000_000L),
      Map.entry("PB", 1_000_000_000_000_000L), Map.entry("EB", 1_000_000_000_000_000_000L),
      Map.entry("KIB", 1L << 10), Map.entry("MIB", 1L << 20), Map.entry("GIB", 1L << 30),
      Map.entry("TIB", 1L << 40), Map.entry("PIB", 1L << 50), Map.entry("EIB", 1L << 60));
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private ByteSize() {}

  /**
   * Parses a positive size, exactly; one of 2^63 bytes or more is {@link Long#MAX_VALUE}, as
   * every estimate saturates there. Empty when {@code text} is not a positive size in {@link
   * #UNITS}.
   */
  public static Optional<Long> parse(String text) {
    Matcher m = SIZE.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
    BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(FACTORS.get(unit)));
    if (bytes.compareTo(BigDecimal.ONE) < 0) {
      return Optional.empty();
    }
    return Optional.of(bytes.compareTo(MAX) >= 0 ? Long.MAX_VALUE : bytes.longValue());
  }

  /**
   * A size for messages and generated comments, in binary units: {@code 588 KiB},
   * {@code 1.15 GiB}; three significant digits below 100, as {@code %.3g} writes them, and none
   * after the point from 100 (and in bytes), as {@code %.0f}: half up, from the shortest decimal
   * of the value. Without {@code java.util.Formatter}, which the processor paid for every
   * generated pipeline's budget.
   */
  public static String format(double bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < units.length - 1) {
      bytes /= 1024;
      unit++;
    }
    if (!Double.isFinite(bytes) || bytes < 0) {
      return String.format(Locale.ROOT, "%.0f %s", bytes, units[unit]);
    }
    BigDecimal value = BigDecimal.valueOf(bytes);
    if (unit > 0 && bytes < 100) {
      value = value.round(THREE_DIGITS);
      int scale = Math.max(0, 3 - (value.precision() - value.scale())); // digits after the point
      return value.setScale(scale, RoundingMode.HALF_UP).toPlainString() + " " + units[unit];
    }
    return value.setScale(0, RoundingMode.HALF_UP).toPlainString() + " " + units[unit];
  }

  private static final MathContext THREE_DIGITS = new MathContext(3, RoundingMode.HALF_UP);
}
