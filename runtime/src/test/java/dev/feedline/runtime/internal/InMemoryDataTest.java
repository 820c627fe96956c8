package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.feedline.InMemorySource;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TType;

/**
 * The pipeline's copy of in-memory data, strings as well as numbers, and the digest the keys of
 * file caches and statistics hold in place of the data the graph no longer does.
 */
class InMemoryDataTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Words", "test",
      List.of(PipelineInfo.source("words", InMemorySource.class, "TensorSliceDataset")));
  private static final List<Shape> ELEMENT = List.of(Shape.scalar(), Shape.of(2));

  private static TString words(String... words) {
    return TString.vectorOf(words);
  }

  private static TFloat32 pairs(float... values) {
    TFloat32 pairs = TFloat32.tensorOf(Shape.of(values.length / 2, 2));
    for (int i = 0; i < values.length; i++) {
      pairs.setFloat(values[i], i / 2, i % 2);
    }
    return pairs;
  }

  /** Every element the copied data gives, as "word x y". */
  private static List<String> read(Graph graph, InMemoryData data) {
    Ops tf = Ops.create(graph);
    Operand<? extends TType> dataset = tf.data.tensorSliceDataset(data.values(), ELEMENT);
    Operand<? extends TType> iterator = tf.data.iterator("", "",
        List.of(TString.class, TFloat32.class), ELEMENT);
    var next = tf.data.iteratorGetNext(iterator, List.of(TString.class, TFloat32.class), ELEMENT)
        .components();
    List<String> elements = new ArrayList<>();
    try (Session session = new Session(graph)) {
      data.feed(session.runner().addTarget(tf.data.makeIterator(dataset, iterator))).run();
      while (true) {
        try (Result element = session.runner().fetch(next.get(0)).fetch(next.get(1)).run()) {
          TFloat32 xy = (TFloat32) element.get(1);
          elements.add(((TString) element.get(0)).getObject() + " " + xy.getFloat(0) + " "
              + xy.getFloat(1));
        } catch (TFOutOfRangeException end) {
          return elements;
        }
      }
    }
  }

  @Test
  void theCopyOfStringsAndNumbersOutlivesTheCallersTensors() {
    try (Graph graph = new Graph()) {
      InMemoryData data;
      try (TString words = words("naïve", "", "a\0b"); TFloat32 xy = pairs(1, 2, 3, 4, 5, 6)) {
        data = InMemoryData.copied(Ops.create(graph), PIPELINE, List.of(words, xy));
      }
      try (data) {
        assertEquals(List.of("naïve 1.0 2.0", " 3.0 4.0", "a\0b 5.0 6.0"), read(graph, data));
      }
    }
  }

  private static String digest(TType... tensors) {
    try (Graph graph = new Graph()) {
      return InMemoryData.borrowed(Ops.create(graph), PIPELINE, List.of(tensors)).digest();
    }
  }

  @Test
  void theDigestChangesWithAnyValueAndShapeAndStaysWithTheSameData() {
    try (TString words = words("a", "b"); TString same = words("a", "b");
        TString other = words("a", "c"); TString joined = words("ab", "");
        TFloat32 xy = pairs(1, 2, 3, 4); TFloat32 xyAgain = pairs(1, 2, 3, 4);
        TFloat32 xyOther = pairs(1, 2, 3, 5);
        TFloat32 flat = TFloat32.tensorOf(NdArrays.vectorOf(1f, 2f, 3f, 4f))) {
      String digest = digest(words, xy);
      assertEquals(64, digest.length());
      assertEquals(digest, digest(same, xyAgain), "the same data, other tensors");
      assertNotEquals(digest, digest(other, xy), "one letter");
      assertNotEquals(digest, digest(joined, xy), "the same letters, cut elsewhere");
      assertNotEquals(digest, digest(words, xyOther), "one number");
      assertNotEquals(digest(xy), digest(flat), "the same bytes in another shape");
    }
  }
}
