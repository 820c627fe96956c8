package dev.feedline.runtime.internal.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Output;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.FloatList;
import org.tensorflow.proto.Int64List;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/** A batch of records parsed at once yields what parsing them one by one yields. */
class ExampleParserTest {
  private static final ExampleFeatures FEATURES = ExampleFeatures.of(
      ExampleFeatures.required("image/encoded", TString.class, Shape.scalar()),
      ExampleFeatures.required("label", TInt64.class, Shape.scalar()),
      ExampleFeatures.required("weights", TFloat32.class, Shape.of(2)));

  private static byte[] example(String jpeg, Long label, float... weights) {
    Features.Builder features = Features.newBuilder()
        .putFeature("image/encoded", Feature.newBuilder().setBytesList(
            BytesList.newBuilder().addValue(ByteString.copyFromUtf8(jpeg))).build())
        .putFeature("weights", Feature.newBuilder().setFloatList(FloatList.newBuilder()
            .addValue(weights[0]).addValue(weights[1])).build());
    if (label != null) {
      features.putFeature("label", Feature.newBuilder().setInt64List(
          Int64List.newBuilder().addValue(label)).build());
    }
    return Example.newBuilder().setFeatures(features).build().toByteArray();
  }

  /** Parses {@code records} with {@link ExampleParser#parseBatch}; returns the session's result. */
  private static Result parse(Session session, Graph graph, byte[]... records) {
    Ops tf = Ops.create(graph);
    Placeholder<TString> serialized = tf.placeholder(TString.class, Placeholder.shape(Shape.of(-1)));
    List<Output<?>> values = ExampleParser.parseBatch(tf, serialized, FEATURES);
    TString batch = TString.tensorOfBytes(NdArrays.vectorOfObjects(records));
    Session.Runner runner = session.runner().feed(serialized, batch);
    values.forEach(runner::fetch);
    return runner.run();
  }

  @Test
  void eachFeatureComesOutWithTheBatchDimensionInFront() {
    try (Graph graph = new Graph(); Session session = new Session(graph);
        Result result = parse(session, graph, example("a", 3L, 0.5f, 1f),
            example("bb", 7L, 2f, -1f), example("ccc", 11L, 0f, 4f))) {
      TString jpegs = (TString) result.get(0);
      TInt64 labels = (TInt64) result.get(1);
      TFloat32 weights = (TFloat32) result.get(2);
      assertEquals(Shape.of(3), jpegs.shape());
      assertEquals(List.of("a", "bb", "ccc"),
          List.of(jpegs.getObject(0), jpegs.getObject(1), jpegs.getObject(2)));
      assertEquals(List.of(3L, 7L, 11L), List.of(labels.getLong(0), labels.getLong(1), labels.getLong(2)));
      assertEquals(Shape.of(3, 2), weights.shape());
      assertEquals(-1f, weights.getFloat(1, 1));
      assertEquals(4f, weights.getFloat(2, 1));
    }
  }

  @Test
  void aRecordWithoutARequiredFeatureIsAnErrorNamingIt() {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      RuntimeException error = assertThrows(RuntimeException.class, () -> parse(session, graph,
          example("a", 3L, 0f, 0f), example("b", null, 0f, 0f)).close());
      assertTrue(error.getMessage().contains("label"), error.getMessage());
    }
  }
}
