package dev.feedline.processor.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.model.kinds.BatchStage;
import dev.feedline.processor.model.kinds.FlatMapStage;
import dev.feedline.processor.model.kinds.PaddedBatchStage;
import dev.feedline.processor.model.kinds.RebatchStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.kinds.UnbatchStage;
import dev.feedline.processor.model.kinds.WindowStage;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The element model carried down a chain, stage by stage, from each kind's own answers: batch
 * dimensions, whether the element is batched, the shapes of its components through batches,
 * padded batches, unbatches, flat maps, windows and rebatches. No javac, no TensorFlow.
 */
class ElementModelTest {
  private static final long UNKNOWN = StaticShape.UNKNOWN;

  /** An image of [28, 28] floats and a token sequence of variable length. */
  private static final Component IMAGE =
      Component.plain("image", DType.FLOAT32, new StaticShape(List.of(28L, 28L)), null);
  private static final Component TOKENS =
      Component.plain("tokens", DType.INT64, new StaticShape(List.of(UNKNOWN)), null);
  private static final ElementType ELEMENT =
      new ElementType(null, "Example", true, List.of(IMAGE, TOKENS));

  private static ElementModel after(ElementModel in, StageDefinition... stages) {
    ElementModel model = in;
    for (StageDefinition stage : stages) {
      model = ElementModel.next(stage, ELEMENT, model);
    }
    return model;
  }

  private static List<Long> dims(Long... dims) {
    return List.of(dims);
  }

  private static PaddedBatchStage paddedBatch(long size, boolean dropRemainder, Long length) {
    return new PaddedBatchStage(size, dropRemainder, List.of(new StageDefinition.Pad("tokens", 0,
        "", length == null ? OptionalLong.empty() : OptionalLong.of(length), false)));
  }

  @Test
  void aSourceElementIsNotBatchedAndHasItsDeclaredShapes() {
    ElementModel none = ElementModel.NONE;
    assertFalse(none.batched());
    assertEquals(List.of(), none.outer());
    assertEquals(dims(28L, 28L), none.shapeOf(IMAGE).dims());
    assertEquals(dims(UNKNOWN), none.shapeOf(TOKENS).dims());
    assertTrue(none.variesInLength(TOKENS));
    assertFalse(none.variesInLength(IMAGE));
  }

  @Test
  void aBatchAddsItsSizeOrAnUnknownDimension() {
    ElementModel dropped = after(ElementModel.NONE, new BatchStage(32, true));
    assertTrue(dropped.batched());
    assertEquals(dims(32L), dropped.outer());
    assertEquals(dims(32L, 28L, 28L), dropped.shapeOf(IMAGE).dims());
    assertEquals(dims(28L, 28L), dropped.innerShapeOf(IMAGE).dims());
    ElementModel kept = after(ElementModel.NONE, new BatchStage(32, false));
    assertEquals(dims(UNKNOWN), kept.outer());
    assertEquals(dims(UNKNOWN, 28L, 28L), kept.shapeOf(IMAGE).dims());
    ElementModel twice = after(ElementModel.NONE, new BatchStage(4, true), new BatchStage(8, true));
    assertEquals(dims(8L, 4L), twice.outer());
    assertEquals(dims(8L, 4L, 28L, 28L), twice.shapeOf(IMAGE).dims());
  }

  @Test
  void aPaddedBatchFixesTheLengthItPadsTo() {
    ElementModel padded = after(ElementModel.NONE, paddedBatch(16, true, 40L));
    assertEquals(dims(16L), padded.outer());
    assertEquals(dims(16L, 40L), padded.shapeOf(TOKENS).dims());
    assertEquals(dims(40L), padded.innerShapeOf(TOKENS).dims());
    assertFalse(padded.variesInLength(TOKENS));
    // To the batch's longest: the length stays unknown.
    ElementModel longest = after(ElementModel.NONE, paddedBatch(16, false, null));
    assertEquals(dims(UNKNOWN, UNKNOWN), longest.shapeOf(TOKENS).dims());
  }

  @Test
  void anUnbatchTakesOffTheBatchDimensionAndKeepsAPaddedLength() {
    ElementModel unbatched = after(ElementModel.NONE, paddedBatch(16, true, 40L),
        new UnbatchStage());
    assertFalse(unbatched.batched());
    assertEquals(dims(40L), unbatched.shapeOf(TOKENS).dims());
    assertEquals(dims(28L, 28L), unbatched.shapeOf(IMAGE).dims());
    // An unbatch of an element that is not batched leaves it as it is (a rule reports it).
    assertEquals(List.of(), after(ElementModel.NONE, new UnbatchStage()).outer());
  }

  @Test
  void aFlatMapMakesUnbatchedElementsOfTheDeclaredShapes() {
    ElementModel flat = after(ElementModel.NONE, paddedBatch(16, true, 40L), new FlatMapStage());
    assertFalse(flat.batched());
    assertEquals(dims(UNKNOWN), flat.shapeOf(TOKENS).dims()); // a new element: declared shape
    assertEquals(dims(28L, 28L), flat.shapeOf(IMAGE).dims());
  }

  @Test
  void aWindowAddsALeadingDimensionThatVariesWithItsRemainder() {
    ElementModel dropped = after(ElementModel.NONE, new WindowStage(5, 1, 1, true));
    assertEquals(dims(5L), dropped.outer());
    assertEquals(dims(5L, 28L, 28L), dropped.shapeOf(IMAGE).dims());
    assertFalse(dropped.variesInLength(IMAGE));
    ElementModel kept = after(ElementModel.NONE, new WindowStage(5, 1, 1, false));
    assertEquals(dims(UNKNOWN, 28L, 28L), kept.shapeOf(IMAGE).dims());
    assertTrue(kept.variesInLength(IMAGE)); // a pad after it sees a varying length
  }

  @Test
  void aRebatchResizesTheOutermostDimension() {
    ElementModel rebatched = after(ElementModel.NONE, new BatchStage(4, true),
        new RebatchStage(2, true));
    assertTrue(rebatched.batched());
    assertEquals(dims(2L), rebatched.outer());
    assertEquals(dims(2L, 28L, 28L), rebatched.shapeOf(IMAGE).dims());
    ElementModel kept = after(ElementModel.NONE, new BatchStage(4, true),
        new RebatchStage(3, false));
    assertEquals(dims(UNKNOWN, 28L, 28L), kept.shapeOf(IMAGE).dims());
    // A padded length carried through a rebatch keeps its inner dimension.
    ElementModel padded = after(ElementModel.NONE, paddedBatch(4, true, 40L),
        new RebatchStage(2, true));
    assertEquals(dims(2L, 40L), padded.shapeOf(TOKENS).dims());
    // Nothing to rebatch: not batched before, not batched after (rebatch-without-batch).
    assertFalse(after(ElementModel.NONE, new RebatchStage(2, true)).batched());
  }
}
