package dev.feedline.benchmarks.limit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.example.Word;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFInvalidArgumentException;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * The text benchmark's tokenization of dictionary lines, a batch at a time and a line at a time:
 * each letter of the word its own id, the word's length in letters, and its syllables' class.
 */
class TokenizeTest {
  /** Real lines of the dictionary: six letters and two stress marks, an apostrophe, one vowel. */
  private static final String[] LINES = {"ABOARD  AH0 B AO1 R D", "A'S  EY1 Z", "ZOO  Z UW1"};

  @Test
  void aBatchGivesEveryLettersIdPaddedToTheLongestWord() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      HashTable table = letters(tf);
      Word words = Tokenize.batch(tf, tf.array(LINES), tokens -> lookUp(tf, table, tokens));
      session.run(tf.initializeTable(table, tf.array(alphabet()), tf.constant(ids())));
      try (Result result = session.runner().fetch(words.ids()).fetch(words.length())
          .fetch(words.label()).run()) {
        TInt64 ids = (TInt64) result.get(0);
        assertEquals(List.of(3L, 6L), List.of(ids.shape().get(0), ids.shape().get(1)));
        assertArrayEquals(new long[] {0, 1, 14, 0, 17, 3}, row(ids, 0, 6));
        assertArrayEquals(new long[] {0, -1, 18, 0, 0, 0}, row(ids, 1, 6));
        assertArrayEquals(new long[] {25, 14, 14, 0, 0, 0}, row(ids, 2, 6));
        TInt32 length = (TInt32) result.get(1);
        assertEquals(List.of(6, 3, 3), List.of(length.getInt(0), length.getInt(1),
            length.getInt(2)));
        TInt64 label = (TInt64) result.get(2);
        assertEquals(List.of(1L, 0L, 0L), List.of(label.getLong(0), label.getLong(1),
            label.getLong(2)));
      }
    }
  }

  @Test
  void aLineGivesItsWordsLetters() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      HashTable table = letters(tf);
      Word word = Tokenize.line(tf, tf.constant(LINES[0]), tokens -> lookUp(tf, table, tokens));
      session.run(tf.initializeTable(table, tf.array(alphabet()), tf.constant(ids())));
      try (Result result = session.runner().fetch(word.ids()).fetch(word.length())
          .fetch(word.label()).run()) {
        TInt64 ids = (TInt64) result.get(0);
        assertArrayEquals(new long[] {0, 1, 14, 0, 17, 3}, vector(ids));
        assertEquals(6, ((TInt32) result.get(1)).getInt());
        assertEquals(1L, ((TInt64) result.get(2)).getLong());
      }
    }
  }

  @Test
  void invalidUtf8FailsTheRunInABatchAsInALine() {
    // A line written in Latin-1: its É is one byte that starts a UTF-8 sequence it does not end.
    byte[] broken = "CAFÉ  K AE0 F EY1".getBytes(StandardCharsets.ISO_8859_1);
    try (Graph graph = new Graph(); Session session = new Session(graph);
        TString lines = TString.tensorOfBytes(NdArrays.vectorOfObjects(
            LINES[2].getBytes(StandardCharsets.UTF_8), broken))) {
      Ops tf = Ops.create(graph);
      HashTable table = letters(tf);
      Operand<TString> batch = tf.constantOf(lines);
      Word words = Tokenize.batch(tf, batch, tokens -> lookUp(tf, table, tokens));
      Word word = Tokenize.line(tf, tf.gather(batch, tf.constant(1), tf.constant(0)),
          tokens -> lookUp(tf, table, tokens));
      session.run(tf.initializeTable(table, tf.array(alphabet()), tf.constant(ids())));
      TFInvalidArgumentException inBatch = assertThrows(TFInvalidArgumentException.class,
          () -> session.runner().fetch(words.ids()).run().close());
      assertTrue(inBatch.getMessage().contains("Invalid formatting on input string"),
          inBatch.getMessage());
      TFInvalidArgumentException inLine = assertThrows(TFInvalidArgumentException.class,
          () -> session.runner().fetch(word.ids()).run().close());
      assertTrue(inLine.getMessage().contains("Text.characters: the text is not valid UTF-8"),
          inLine.getMessage());
    }
  }

  private static HashTable letters(Ops tf) {
    return tf.hashTable(TString.class, TInt64.class);
  }

  @SuppressWarnings("unchecked")
  private static Operand<TInt64> lookUp(Ops tf, HashTable table, Operand<TString> tokens) {
    return (Operand<TInt64>) (Operand<?>) tf.lookupTableFind(table, tokens, tf.constant(-1L));
  }

  private static String[] alphabet() {
    String[] letters = new String[26];
    for (int i = 0; i < 26; i++) {
      letters[i] = String.valueOf((char) ('A' + i));
    }
    return letters;
  }

  private static long[] ids() {
    long[] ids = new long[26];
    for (int i = 0; i < 26; i++) {
      ids[i] = i;
    }
    return ids;
  }

  private static long[] row(TInt64 matrix, long row, int width) {
    long[] values = new long[width];
    for (int i = 0; i < width; i++) {
      values[i] = matrix.getLong(row, i);
    }
    return values;
  }

  private static long[] vector(TInt64 ids) {
    long[] values = new long[(int) ids.shape().get(0)];
    for (int i = 0; i < values.length; i++) {
      values[i] = ids.getLong(i);
    }
    return values;
  }
}
