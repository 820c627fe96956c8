package dev.feedline.processor.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StaticShapeTest {
  private static final StaticShape IMAGE = new StaticShape(List.of(224L, 224L, 3L));

  @Test
  void batchingPutsTheBatchDimensionInFront() {
    assertEquals("[?,224,224,3]", IMAGE.withOuter(List.of(-1L)).toString());
    assertEquals("[32]", StaticShape.scalar().withOuter(List.of(32L)).toString());
    assertEquals("[]", StaticShape.scalar().toString());
  }

  @Test
  void unknownDimensionsAreNotFullyKnown() {
    assertTrue(IMAGE.isFullyKnown());
    assertFalse(IMAGE.withOuter(List.of(-1L)).isFullyKnown());
    assertEquals(150_528, IMAGE.elementCount());
    assertEquals(3, IMAGE.rank());
  }
}
