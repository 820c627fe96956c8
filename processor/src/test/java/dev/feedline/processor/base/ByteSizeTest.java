package dev.feedline.processor.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ByteSizeTest {
  @Test
  void sizesAreReadExactlyInEveryUnit() {
    assertEquals(Optional.of(1L << 50), ByteSize.parse("1PiB"));
    assertEquals(Optional.of(2L << 60), ByteSize.parse("2EiB"));
    assertEquals(Optional.of(1_000_000_000_000_000_000L), ByteSize.parse("1 eb"));
    assertEquals(Optional.of(1_500_000_000_000_000L), ByteSize.parse("1.5PB"));
    assertEquals(Optional.of(Long.MAX_VALUE), ByteSize.parse("9223372036854775807"));
    assertEquals(Optional.of(Long.MAX_VALUE - 1), ByteSize.parse("9223372036854775806 B"));
    assertEquals(Optional.of(3L << 29), ByteSize.parse(" 1.5 GiB "));
  }

  @Test
  void sizesOf2To63BytesOrMoreSaturate() {
    assertEquals(Optional.of(Long.MAX_VALUE), ByteSize.parse("9223372036854775808"));
    assertEquals(Optional.of(Long.MAX_VALUE), ByteSize.parse("8EiB"));
    assertEquals(Optional.of(Long.MAX_VALUE), ByteSize.parse("1000000EiB"));
  }

  @Test
  void whatIsNotAPositiveSizeIsNone() {
    for (String text : new String[] {"", "lots", "0", "0.5B", "-1GiB", "1e3", "1ZiB", "1 GiBs"}) {
      assertEquals(Optional.empty(), ByteSize.parse(text), text);
    }
  }

  @Test
  void theLargestSizeIsFormattedInExbibytes() {
    assertEquals("8.00 EiB", ByteSize.format(Long.MAX_VALUE));
    assertEquals("1.00 PiB", ByteSize.format(1L << 50));
    assertEquals("588 KiB", ByteSize.format(588 * 1024));
  }

  /** The sizes read as {@code %.3g} below 100 of a unit and {@code %.0f} from 100, half up. */
  @Test
  void sizesAreWrittenAsTheFormatterWroteThem() {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    java.util.Random random = new java.util.Random(30);
    for (int i = 0; i < 20_000; i++) {
      double bytes = switch (i % 4) {
        case 0 -> random.nextInt(1 << 20);
        case 1 -> Math.scalb(1.0 + random.nextDouble(), random.nextInt(62));
        case 2 -> (random.nextInt(100_000) + 0.5) * (1L << (10 * random.nextInt(6)));
        default -> Math.rint(random.nextDouble() * 1000) / 10
            * (1L << (10 * (1 + random.nextInt(5))));
      };
      double value = bytes;
      int unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
      }
      String expected = unit == 0 ? String.format(java.util.Locale.ROOT, "%.0f B", value)
          : String.format(java.util.Locale.ROOT, value >= 100 ? "%.0f %s" : "%.3g %s", value,
              units[unit]);
      assertEquals(expected, ByteSize.format(bytes), "bytes " + bytes);
    }
    assertEquals("8.00 GiB", ByteSize.format(8L << 30));
    assertEquals("100 MiB", ByteSize.format(99.996 * (1 << 20)));
    assertEquals("1.10 KiB", ByteSize.format(1.1 * 1024));
  }
}
