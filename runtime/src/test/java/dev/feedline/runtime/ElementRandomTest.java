package dev.feedline.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TType;

/**
 * The draws of {@link ElementRandom}, in a plain graph: a function of the stage's seed and the
 * element's position only, each draw with a seed of its own, in range, and the image helpers'
 * results the windows and mirrors they promise.
 */
class ElementRandomTest {
  /** An image whose value at (y, x, c) is 100·y + 10·x + c: 6 high, 5 wide, 2 channels. */
  private static Operand<TFloat32> image(Ops tf) {
    float[][][] values = new float[6][5][2];
    for (int y = 0; y < 6; y++) {
      for (int x = 0; x < 5; x++) {
        for (int c = 0; c < 2; c++) {
          values[y][x][c] = 100 * y + 10 * x + c;
        }
      }
    }
    return tf.constant(values);
  }

  /**
   * Draws {@code draw} for each position of stage seed {@code (seed, 1)}, in one graph, and
   * returns each result's values.
   */
  private static <T extends TType> List<float[]> draws(long seed, int positions,
      BiFunction<Ops, ElementRandom, Operand<T>> draw) {
    List<float[]> all = new ArrayList<>();
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      List<Operand<TFloat32>> outputs = new ArrayList<>();
      for (int p = 0; p < positions; p++) {
        ElementRandom random = ElementRandom.of(tf, tf.constant(new long[] {seed, 1}),
            tf.constant((long) p));
        outputs.add(tf.dtypes.cast(draw.apply(tf, random), TFloat32.class));
      }
      Session.Runner runner = session.runner();
      outputs.forEach(runner::fetch);
      try (Result result = runner.run()) {
        for (int p = 0; p < positions; p++) {
          TFloat32 values = (TFloat32) result.get(p);
          float[] flat = new float[(int) values.shape().size()];
          values.asRawTensor().data().asFloats().read(flat);
          all.add(flat);
        }
      }
    }
    return all;
  }

  private static Set<String> distinct(List<float[]> draws) {
    Set<String> texts = new HashSet<>();
    draws.forEach(d -> texts.add(Arrays.toString(d)));
    return texts;
  }

  @Test
  void drawsDependOnTheSeedAndThePositionOnly() {
    BiFunction<Ops, ElementRandom, Operand<TFloat32>> uniform = (tf, r) -> r.uniform(Shape.of(3));
    List<float[]> first = draws(7, 16, uniform);
    List<float[]> again = draws(7, 16, uniform);
    for (int p = 0; p < 16; p++) {
      assertEquals(Arrays.toString(first.get(p)), Arrays.toString(again.get(p)));
      for (float v : first.get(p)) {
        assertTrue(v >= 0 && v < 1, "in [0, 1): " + v);
      }
    }
    assertEquals(16, distinct(first).size(), "every position its own values");
    assertNotEquals(distinct(first), distinct(draws(8, 16, uniform)), "another seed");
  }

  @Test
  void everyDrawOfAnElementHasASeedOfItsOwn() {
    List<float[]> two = draws(7, 1, (tf, r) -> tf.concat(List.of(r.uniform(Shape.of(1)),
        r.uniform(Shape.of(1))), tf.constant(0)));
    assertNotEquals(two.get(0)[0], two.get(0)[1]);
  }

  @Test
  void scalarsStayInTheirRanges() {
    List<float[]> values = draws(3, 64, (tf, r) -> tf.stack(List.of(r.uniform(-2f, 3f),
        tf.dtypes.cast(r.uniformInt(tf.constant(4L), tf.constant(7L)), TFloat32.class),
        tf.dtypes.cast(r.chance(0.5f), TFloat32.class))));
    Set<Float> ints = new HashSet<>();
    Set<Float> coins = new HashSet<>();
    for (float[] v : values) {
      assertTrue(v[0] >= -2 && v[0] < 3, "uniform(-2, 3): " + v[0]);
      assertTrue(v[1] >= 4 && v[1] < 7, "uniformInt(4, 7): " + v[1]);
      ints.add(v[1]);
      coins.add(v[2]);
    }
    assertEquals(Set.of(4f, 5f, 6f), ints);
    assertEquals(Set.of(0f, 1f), coins);
  }

  @Test
  void aCropIsAWindowOfTheImageAndAFlipItsMirrorOrItself() {
    List<float[]> crops = draws(5, 200, (tf, r) -> r.crop(image(tf), 3, 2));
    Set<Float> corners = new HashSet<>();
    for (float[] crop : crops) {
      assertEquals(3 * 2 * 2, crop.length);
      float corner = crop[0]; // 100·top + 10·left
      int top = (int) corner / 100;
      int left = (int) (corner % 100) / 10;
      assertTrue(top <= 3 && left <= 3, "inside: " + corner);
      for (int y = 0; y < 3; y++) {
        for (int x = 0; x < 2; x++) {
          for (int c = 0; c < 2; c++) {
            assertEquals(100 * (top + y) + 10 * (left + x) + c, crop[(y * 2 + x) * 2 + c]);
          }
        }
      }
      corners.add(corner);
    }
    assertEquals(16, corners.size(), "every one of the 4 × 4 places");

    List<float[]> flips = draws(5, 32, (tf, r) -> r.flipLeftRight(image(tf)));
    int mirrored = 0;
    for (float[] flip : flips) {
      boolean same = flip[2] == 10; // (0, 1, 0) is 10 unless mirrored
      mirrored += same ? 0 : 1;
      for (int y = 0; y < 6; y++) {
        for (int x = 0; x < 5; x++) {
          int from = same ? x : 4 - x;
          assertEquals(100 * y + 10 * from, flip[(y * 5 + x) * 2]);
        }
      }
    }
    assertTrue(mirrored > 0 && mirrored < 32, mirrored + " of 32 mirrored");
  }

  @Test
  void theImageHelpersRefuseWhatIsNotOneImageLargeEnough() {
    try (Graph graph = new Graph()) {
      Ops tf = Ops.create(graph);
      ElementRandom random = ElementRandom.of(tf, tf.constant(new long[] {1, 2}), tf.constant(0L));
      assertEquals("crop takes a window of at least 1 × 1 that fits in the image, not 7 × 2 of an"
          + " image of shape [6, 5, 2]", assertThrows(IllegalArgumentException.class,
              () -> random.crop(image(tf), 7, 2)).getMessage());
      Operand<TInt64> batch = tf.zeros(tf.constant(new long[] {4, 6, 5, 2}), TInt64.class);
      assertEquals("flipLeftRight takes one image, [height, width, channels], not a tensor of"
          + " shape [4, 6, 5, 2]; draw per image with uniform(...) and tf.select in a vectorized"
          + " map", assertThrows(IllegalArgumentException.class,
              () -> random.flipLeftRight(batch)).getMessage());
    }
  }
}
