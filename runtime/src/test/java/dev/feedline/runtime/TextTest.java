package dev.feedline.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFInvalidArgumentException;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@link Text}'s steps in a graph, on one text at a time as a map gets it, with their values
 * checked: ASCII and not, empty texts, short ones.
 */
class TextTest {
  /** Runs {@code step} on the scalar {@code text} in a graph; the strings it gives, in order. */
  private static List<String> strings(String text, Function<Ops, Function<Operand<TString>,
      Operand<TString>>> step) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Operand<TString> out = step.apply(tf).apply(tf.constant(text));
      try (Result result = session.runner().fetch(out).run()) {
        TString tensor = (TString) result.get(0);
        List<String> values = new ArrayList<>();
        if (tensor.shape().numDimensions() == 0) {
          values.add(tensor.getObject());
        } else {
          for (long i = 0; i < tensor.shape().size(); i++) {
            values.add(tensor.getObject(i));
          }
        }
        return values;
      }
    }
  }

  @Test
  void lowerMapsEveryCasedCharacterNotOnlyAscii() {
    assertEquals(List.of("hello, world 42"),
        strings("HeLLo, World 42", tf -> t -> Text.lower(tf, t)));
    assertEquals(List.of("école straße ποδος"),
        strings("ÉCOLE Straße ΠΟΔΟΣ", tf -> t -> Text.lower(tf, t)));
    // Sigma by its place: σ inside a word, ς at its end.
    assertEquals(List.of("\u03c3\u03bf\u03c6\u03bf\u03c2 \u03c3"),
        strings("ΣΟΦΟΣ Σ", tf -> t -> Text.lower(tf, t)));
    // Dotted capital I: i and a combining dot above, as the root locale maps it.
    assertEquals(List.of("i\u0307stanbul"), strings("İSTANBUL", tf -> t -> Text.lower(tf, t)));
    assertEquals(List.of("日本 ǆ"), strings("日本 Ǆ", tf -> t -> Text.lower(tf, t)));
  }

  @Test
  void wordsSplitOnRunsOfAsciiWhitespaceOnly() {
    assertEquals(List.of("the", "cat", "sat", "on", "it."),
        strings("  the \t cat\nsat\r\non\u000b\fit.  ", tf -> t -> Text.words(tf, t)));
    assertEquals(List.of(), strings(" \t ", tf -> t -> Text.words(tf, t)));
    assertEquals(List.of(), strings("", tf -> t -> Text.words(tf, t)));
    // A no-break space is not whitespace to the op: it stays inside the word.
    assertEquals(List.of("10\u00a0km", "à", "pied"),
        strings("10\u00a0km à pied", tf -> t -> Text.words(tf, t)));
  }

  @Test
  void splitCutsAtEachMatchAndLeavesOutEmptyPieces() {
    assertEquals(List.of("red", "green", "blue"),
        strings(",red, green;;blue,", tf -> t -> Text.split(tf, t, "[,;]\\s*")));
    assertEquals(List.of("Don", "t", "stop", "naïve"),
        strings("Don't stop — naïve!", tf -> t -> Text.split(tf, t, "\\PL+")));
    assertEquals(List.of("10", "km"),
        strings("10\u00a0km", tf -> t -> Text.split(tf, t, "\\s+|\\p{Z}+")));
    assertEquals(List.of(), strings(",,", tf -> t -> Text.split(tf, t, ",")));
  }

  @Test
  void splitRefusesATextHoldingTheUnitSeparator() {
    TFInvalidArgumentException e = assertThrows(TFInvalidArgumentException.class,
        () -> strings("a\u001fb", tf -> t -> Text.split(tf, t, ",")));
    assertTrue(e.getMessage().contains("Text.split: the text holds the ASCII unit separator"),
        e.getMessage());
  }

  @Test
  void stepsThatReadCharactersFailOnInvalidUtf8AndLowerOnANulNamingTheStep() {
    // Latin-1 bytes: É (0xC9) starts a two-byte sequence that the space after it does not end.
    // Without the check, lower gave "caf\uFFFD au lait", split(\PL+) dropped the byte, and
    // characters gave it back as a character of its own.
    byte[] latin1 = "CAFÉ au lait".getBytes(StandardCharsets.ISO_8859_1);
    byte[] valid = "Café".getBytes(StandardCharsets.UTF_8);
    assertFails("Text.lower: the text is not valid UTF-8",
        failure(tf -> t -> Text.lower(tf, t), valid, latin1));
    assertFails("Text.split: the text is not valid UTF-8",
        failure(tf -> t -> Text.split(tf, t, "\\PL+"), latin1));
    assertFails("Text.characters: the text is not valid UTF-8",
        failure(tf -> t -> Text.characters(tf, t), latin1));
    // A stray byte beside the unit separator hid the separator from split's own check: it split.
    assertFails("Text.split: the text is not valid UTF-8",
        failure(tf -> t -> Text.split(tf, t, ","), new byte[] {'a', (byte) 0xFF, 0x1F, 'b'}));
    // StringLower reads a C string: without the check "aB\0CD" gave "ab".
    assertFails("Text.lower: the text holds a NUL byte",
        failure(tf -> t -> Text.lower(tf, t), "aB\u0000CD".getBytes(StandardCharsets.UTF_8)));
    assertEquals(List.of("a", "\u0000", "b"),
        strings("a\u0000b", tf -> t -> Text.characters(tf, t)));
    // Valid text is kept byte for byte, a byte-order mark and a replacement character included.
    assertEquals(List.of("\uFEFF", "a", "\uFFFD"),
        strings("\uFEFFa\uFFFD", tf -> t -> Text.characters(tf, t)));
    assertEquals(List.of("\uFEFFa\uFFFD é"),
        strings("\uFEFFA\uFFFD É", tf -> t -> Text.lower(tf, t)));
  }

  private static void assertFails(String expected, String message) {
    assertTrue(message.contains(expected), message);
  }

  /**
   * The message of the error that {@code step} fails with on {@code texts}: a scalar for one text,
   * a vector for more.
   */
  private static String failure(Function<Ops, Function<Operand<TString>, Operand<TString>>> step,
      byte[]... texts) {
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TString tensor = texts.length == 1
            ? TString.tensorOfBytes(NdArrays.scalarOfObject(texts[0]))
            : TString.tensorOfBytes(NdArrays.vectorOfObjects(texts))) {
      Ops tf = Ops.create(graph);
      Operand<TString> out = step.apply(tf).apply(tf.constantOf(tensor));
      TFInvalidArgumentException e = assertThrows(TFInvalidArgumentException.class,
          () -> session.runner().fetch(out).run().close());
      return e.getMessage();
    }
  }

  @Test
  void charactersAreCodePointsNotBytes() {
    assertEquals(List.of("C", "a", "f", "é", "!"),
        strings("Café!", tf -> t -> Text.characters(tf, t)));
    assertEquals(List.of("e", "\u0301"), strings("e\u0301", tf -> t -> Text.characters(tf, t)));
    assertEquals(List.of("日", "本"), strings("日本", tf -> t -> Text.characters(tf, t)));
    assertEquals(List.of(), strings("", tf -> t -> Text.characters(tf, t)));
  }

  @Test
  void ngramsJoinEachRunOfNAdjacentTokens() {
    assertEquals(List.of("the cat", "cat sat", "sat down"),
        strings("the cat sat down", tf -> t -> Text.ngrams(tf, Text.words(tf, t), 2, " ")));
    assertEquals(List.of("a_b_c"),
        strings("a b c", tf -> t -> Text.ngrams(tf, Text.words(tf, t), 3, "_")));
    assertEquals(List.of(), strings("a b", tf -> t -> Text.ngrams(tf, Text.words(tf, t), 3, " ")));
    assertEquals(List.of("a", "b"),
        strings("a b", tf -> t -> Text.ngrams(tf, Text.words(tf, t), 1, " ")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> strings("a", tf -> t -> Text.ngrams(tf, Text.words(tf, t), 0, " ")));
    assertEquals("Text.ngrams: n is 1 or more, not 0", e.getMessage());
  }

  @Test
  void truncateKeepsTheFirstValuesOrAllOfFewer() {
    assertEquals(List.of("a", "b"),
        strings("a b c d", tf -> t -> Text.truncate(tf, Text.words(tf, t), 2)));
    assertEquals(List.of("a"), strings("a", tf -> t -> Text.truncate(tf, Text.words(tf, t), 5)));
    assertEquals(List.of(), strings("a b", tf -> t -> Text.truncate(tf, Text.words(tf, t), 0)));
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      Operand<TInt64> ids = Text.truncate(tf, tf.constant(new long[] {4, 8, 15, 16}), 3);
      try (Result result = session.runner().fetch(ids).run()) {
        TInt64 values = (TInt64) result.get(0);
        assertEquals(3, values.shape().size());
        assertEquals(15, values.getLong(2));
      }
    }
  }

  @Test
  void joinPutsTheSeparatorBetweenEachTwoTokens() {
    assertEquals(List.of("the-cat"),
        strings("the cat", tf -> t -> Text.join(tf, Text.words(tf, t), "-")));
    assertEquals(List.of(""), strings("  ", tf -> t -> Text.join(tf, Text.words(tf, t), "-")));
    assertEquals(List.of("naïve café"), strings("NAÏVE   CAFÉ",
        tf -> t -> Text.join(tf, Text.words(tf, Text.lower(tf, t)), " ")));
  }
}
