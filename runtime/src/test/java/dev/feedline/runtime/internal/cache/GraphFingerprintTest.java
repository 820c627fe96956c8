package dev.feedline.runtime.internal.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The fingerprint of a dataset's graph is of its structure: the same ops in another scope, built
 * after other ops, with functions of other random names, hash alike; another constant, another
 * function body or other tokens in a vocabulary table do not.
 */
class GraphFingerprintTest {
  /** Numbers 0..9 mapped by a function that adds {@code plus}, built in {@code graph}. */
  private static byte[] mapped(Graph graph, String scope, long plus, int noise) {
    Ops tf = Ops.create(graph).withSubScope(scope);
    for (int i = 0; i < noise; i++) {
      tf.constant(i); // ops that are not upstream, and shift the names of those that are
    }
    Operand<? extends TType> numbers = tf.data.rangeDataset(tf.constant(0L), tf.constant(10L),
        tf.constant(1L), List.of(TInt64.class), List.of(Shape.scalar()));
    try (ConcreteFunction add = ConcreteFunction.create(f -> {
      Placeholder<TInt64> in = f.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
      return Signature.builder().key("add").input("in", in)
          .output("out", f.math.add(in, f.constant(plus))).build();
    })) {
      Operand<? extends TType> out = tf.data.mapDataset(numbers, List.of(), add,
          List.of(TInt64.class), List.of(Shape.scalar()));
      return GraphFingerprint.of(graph.toGraphDef(), out.op().name());
    }
  }

  private static byte[] inOwnGraph(BiFunction<Graph, String, byte[]> build) {
    try (Graph graph = new Graph()) {
      return build.apply(graph, "Pipeline");
    }
  }

  @Test
  void theSameOpsHashAlikeInAnyScopeAndBesideOtherOps() {
    byte[] first = inOwnGraph((graph, scope) -> mapped(graph, scope, 1, 0));
    try (Graph graph = new Graph()) {
      mapped(graph, "Pipeline", 1, 0); // the same pipeline built before it in the same graph
      byte[] second = mapped(graph, "Pipeline", 1, 3);
      assertArrayEquals(first, second);
    }
    assertArrayEquals(first, inOwnGraph((graph, scope) -> mapped(graph, "Other_1", 1, 5)));
  }

  @Test
  void anotherConstantInTheFunctionChangesTheHash() {
    assertFalse(Arrays.equals(inOwnGraph((graph, scope) -> mapped(graph, scope, 1, 0)),
        inOwnGraph((graph, scope) -> mapped(graph, scope, 2, 0))));
  }

  /**
   * Words looked up in a vocabulary table filled with {@code tokens}, as {@link VocabularyTable}
   * fills one, by its shared name.
   */
  private static byte[] lookedUp(String... tokens) {
    try (Graph graph = new Graph()) {
      Ops tf = Ops.create(graph);
      HashTable table = tf.hashTable(TString.class, TInt64.class, HashTable.sharedName("words"));
      tf.initializeTable(table, tf.array(tokens),
          tf.constant(java.util.stream.LongStream.range(0, tokens.length).toArray()));
      Operand<? extends TType> words = tf.data.tensorSliceDataset(
          List.of(tf.array("a", "b")), List.of(Shape.scalar()));
      try (ConcreteFunction ids = ConcreteFunction.create(f -> {
        Placeholder<TString> word = f.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
        HashTable same = f.hashTable(TString.class, TInt64.class, HashTable.sharedName("words"));
        return Signature.builder().key("ids").input("word", word)
            .output("id", f.lookupTableFind(same, word, f.constant(-1L))).build();
      })) {
        Operand<? extends TType> out = tf.data.mapDataset(words, List.of(), ids,
            List.of(TInt64.class), List.of(Shape.scalar()));
        return GraphFingerprint.of(graph.toGraphDef(), out.op().name());
      }
    }
  }

  @Test
  void otherTokensInAVocabularyTableChangeTheHash() {
    byte[] before = lookedUp("a", "b");
    assertArrayEquals(before, lookedUp("a", "b"), "the same tokens hash alike");
    assertFalse(Arrays.equals(before, lookedUp("b", "a")));
    assertFalse(Arrays.equals(before, lookedUp("a", "b", "c")));
  }
}
