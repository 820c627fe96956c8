package dev.feedline.runtime.internal.examples;

import static dev.feedline.runtime.internal.examples.ExampleFeatures.featureList;
import static dev.feedline.runtime.internal.examples.ExampleFeatures.optional;
import static dev.feedline.runtime.internal.examples.ExampleFeatures.required;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.proto.BytesList;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;
import org.tensorflow.proto.SequenceExample;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/** The writer's half of a parse spec: values checked against its shapes, Examples out. */
class ExampleBuilderTest {
  private static final ExampleSchema PHOTO = new ExampleSchema("EncodedPhoto",
      List.of("jpeg", "label", "id"), ExampleFeatures.of(
          required("image/encoded", TString.class, Shape.scalar()),
          required("label", TInt64.class, Shape.scalar()),
          required("id", TInt64.class, Shape.scalar())));

  private static final ExampleSchema SHAPES = new ExampleSchema("Shapes",
      List.of("xy", "tokens", "moves", "rating", "tags"), ExampleFeatures.of(
          required("xy", TFloat32.class, Shape.of(2)),
          required("tokens", TInt64.class, Shape.of(-1)),
          required("moves", TFloat32.class, Shape.of(-1, 3)),
          optional("rating", TFloat32.class, Shape.scalar(), 3f),
          required("tags", TString.class, Shape.of(2))));

  private static final ExampleSchema CLIP = new ExampleSchema("Clip",
      List.of("frames", "label"), ExampleFeatures.of(
          featureList("frames", TFloat32.class, Shape.of(-1, 2)),
          required("label", TInt64.class, Shape.scalar())));

  /** The Example the example's data-set writer built by hand before generated writers. */
  private static byte[] handWritten(long id, long label, byte[] jpeg) {
    return Example.newBuilder()
        .setFeatures(Features.newBuilder()
            .putFeature("image/encoded", Feature.newBuilder()
                .setBytesList(BytesList.newBuilder().addValue(ByteString.copyFrom(jpeg))).build())
            .putFeature("label", Feature.newBuilder()
                .setInt64List(Int64List.newBuilder().addValue(label)).build())
            .putFeature("id", Feature.newBuilder()
                .setInt64List(Int64List.newBuilder().addValue(id)).build()))
        .build().toByteArray();
  }

  @Test
  void aPhotoIsTheBytesOfTheHandWrittenExample() {
    for (long id : new long[] {0, 1, 300, Long.MAX_VALUE}) {
      byte[] jpeg = new byte[(int) (id % 1000)];
      Arrays.fill(jpeg, (byte) id);
      assertArrayEquals(handWritten(id, id % 2, jpeg),
          PHOTO.builder().bytes(0, jpeg).longs(1, id % 2).longs(2, id).toByteArray(), "id " + id);
    }
  }

  @Test
  void valuesOfEveryShapeKindAreWrittenFlatAndAnOmittedDefaultIsLeftOut()
      throws InvalidProtocolBufferException {
    byte[] bytes = SHAPES.builder()
        .floats(0, 1f, 2f)
        .longs(1, List.of())
        .floats(2, 1, 2, 3, 4, 5, 6)
        .strings(4, "é", "b")
        .toByteArray();
    Features features = Example.parseFrom(bytes).getFeatures();
    assertEquals(List.of(1f, 2f), features.getFeatureOrThrow("xy").getFloatList().getValueList());
    assertEquals(List.of(), features.getFeatureOrThrow("tokens").getInt64List().getValueList());
    assertEquals(6, features.getFeatureOrThrow("moves").getFloatList().getValueCount());
    assertFalse(features.containsFeature("rating"), "the reader fills in the default");
    assertEquals(List.of(ByteString.copyFromUtf8("é"), ByteString.copyFromUtf8("b")),
        features.getFeatureOrThrow("tags").getBytesList().getValueList());
  }

  @Test
  void featureListsMakeASequenceExampleWithOneFeaturePerStep()
      throws InvalidProtocolBufferException {
    SequenceExample clip = SequenceExample.parseFrom(
        CLIP.builder().floats(0, 1, 2, 3, 4, 5, 6).longs(1, 7).toByteArray());
    assertEquals(7, clip.getContext().getFeatureOrThrow("label").getInt64List().getValue(0));
    List<Feature> steps = clip.getFeatureLists().getFeatureListOrThrow("frames").getFeatureList();
    assertEquals(3, steps.size());
    assertEquals(List.of(5f, 6f), steps.get(2).getFloatList().getValueList());
    assertEquals(0, SequenceExample.parseFrom(CLIP.builder().floats(0).longs(1, 1).toByteArray())
        .getFeatureLists().getFeatureListOrThrow("frames").getFeatureCount(), "no steps");
  }

  @Test
  void aValueThatDoesNotFitNamesTheComponentAndBothShapes() {
    assertEquals("Component 'xy' of Shapes has shape [2], which holds 2 values; it was given 3"
        + " values, shape [3]", message(() -> SHAPES.builder().floats(0, 1, 2, 3)));
    assertEquals("Component 'moves' of Shapes has shape [-1, 3]: rows of 3 values, any number of"
        + " them; it was given 4 values, shape [4], which is no whole number of rows",
        message(() -> SHAPES.builder().floats(2, 1, 2, 3, 4)));
    assertEquals("Component 'label' of EncodedPhoto has shape [], which holds 1 value; it was"
        + " given 2 values, shape [2]", message(() -> PHOTO.builder().longs(1, List.of(1L, 2L))));
    assertEquals("Component 'frames' of Clip has shape [-1, 2]: rows of 2 values, any number of"
        + " them; it was given 1 value, shape [1], which is no whole number of rows",
        message(() -> CLIP.builder().floats(0, 1)));
  }

  @Test
  void aWrongDtypeANullAndAMissingValueAreNamed() {
    assertEquals("Component 'label' of EncodedPhoto is TInt64, not TFloat32",
        message(() -> PHOTO.builder().floats(1, 1f)));
    assertEquals("Component 'jpeg' of EncodedPhoto cannot be null",
        message(() -> PHOTO.builder().bytes(0, (byte[][]) null)));
    assertEquals("Component 'tags' of Shapes has null at value 1",
        message(() -> SHAPES.builder().strings(4, "a", null)));
    assertEquals("Component 'tokens' of Shapes has null at value 0",
        message(() -> SHAPES.builder().longs(1, Arrays.asList((Long) null))));
    assertEquals("Component 'label' of EncodedPhoto has no value; only a component with"
        + " @DefaultValue may be left out",
        message(() -> PHOTO.builder().bytes(0, new byte[1]).longs(2, 1).toByteArray()));
    assertEquals("EncodedPhoto has no component 3; it has 3",
        message(() -> PHOTO.builder().longs(3, 1)));
  }

  @Test
  void aSchemaNeedsOneComponentPerFeature() {
    assertEquals("R: 1 components for 2 features", message(() -> new ExampleSchema("R",
        List.of("a"), ExampleFeatures.of(required("a", TInt64.class, Shape.scalar()),
            required("b", TInt64.class, Shape.scalar())))));
  }

  private static String message(Runnable run) {
    return assertThrows(IllegalArgumentException.class, run::run).getMessage();
  }
}
