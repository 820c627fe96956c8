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
}
