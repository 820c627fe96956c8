package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_Copies;
import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_Overlapping;
import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_Quarters;
import dev.feedline.tests.pipelines.FeedlineExpandingPipelines_SideBySide;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * {@code @FlatMap} and {@code @Window} on TensorFlow: how many elements each makes, and their
 * values, in order.
 */
class ExpandingTest {
  private static TInt64 times(int n) {
    return TInt64.vectorOf(LongStream.range(0, n).toArray());
  }

  private static TFloat32 values(int n) {
    float[] values = new float[n];
    for (int i = 0; i < n; i++) {
      values[i] = 10f * i;
    }
    return TFloat32.vectorOf(values);
  }

  @Test
  void aFlatMapHandsOutEveryQuarterOfEverySquareInOrder() {
    int squares = 3;
    TFloat32 pixels = TFloat32.tensorOf(NdArrays.ofFloats(Shape.of(squares, 4, 4)));
    for (int s = 0; s < squares; s++) {
      for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) {
          pixels.setFloat(100 * s + 10 * r + c, s, r, c);
        }
      }
    }
    List<float[]> seen = new ArrayList<>();
    try (pixels; TInt64 ids = times(squares);
        Graph graph = new Graph();
        Session session = new Session(graph);
        var quarters = FeedlineExpandingPipelines_Quarters.builder().data(pixels, ids)
            .build(graph);
        var epoch = quarters.epoch(session)) {
      epoch.forEach(q -> {
        long id = q.id().getLong();
        long quarter = q.quarter().getLong();
        assertEquals(seen.size() / 4, id);
        assertEquals(seen.size() % 4, quarter);
        seen.add(new float[] {q.pixels().getFloat(0, 0), q.pixels().getFloat(0, 1),
            q.pixels().getFloat(1, 0), q.pixels().getFloat(1, 1)});
      });
    }
    assertEquals(squares * 4, seen.size());
    for (int i = 0; i < seen.size(); i++) {
      int s = i / 4;
      int top = 2 * (i % 4 / 2);
      int left = 2 * (i % 2);
      float first = 100 * s + 10 * top + left;
      assertArrayEquals(new float[] {first, first + 1, first + 10, first + 11}, seen.get(i),
          "quarter " + i % 4 + " of square " + s);
    }
  }

  @Test
  void aFlatMapMayMakeNoElementOrSeveral() {
    List<Long> seen = new ArrayList<>();
    try (TInt64 t = times(7); TFloat32 values = values(7);
        Graph graph = new Graph();
        Session session = new Session(graph);
        var copies = FeedlineExpandingPipelines_Copies.builder().data(t, values).build(graph);
        var epoch = copies.epoch(session)) {
      epoch.forEach(r -> {
        assertEquals(10f * r.t().getLong(), r.value().getFloat());
        seen.add(r.t().getLong());
      });
    }
    // t % 3 copies of t: 0 none, 1 one, 2 two, 3 none, ...
    assertEquals(List.of(1L, 2L, 2L, 4L, 5L, 5L), seen);
  }

  private static List<List<Long>> windows(boolean overlapping, int n) {
    List<List<Long>> windows = new ArrayList<>();
    try (TInt64 t = times(n); TFloat32 values = values(n);
        Graph graph = new Graph();
        Session session = new Session(graph)) {
      if (overlapping) {
        try (var pipeline = FeedlineExpandingPipelines_Overlapping.builder().data(t, values)
                .build(graph);
            var epoch = pipeline.epoch(session)) {
          epoch.forEach(w -> windows.add(times(w.t(), w.value())));
        }
      } else {
        try (var pipeline = FeedlineExpandingPipelines_SideBySide.builder().data(t, values)
                .build(graph);
            var epoch = pipeline.epoch(session)) {
          epoch.forEach(w -> windows.add(times(w.t(), w.value())));
        }
      }
    }
    return windows;
  }

  private static List<Long> times(TInt64 t, TFloat32 values) {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < t.shape().get(0); i++) {
      assertEquals(10f * t.getLong(i), values.getFloat(i), "components stay together");
      times.add(t.getLong(i));
    }
    return times;
  }

  @Test
  void overlappingWindowsDropTheShortOnesAndHaveAStaticSize() {
    assertEquals(List.of(List.of(0L, 1L, 2L, 3L), List.of(2L, 3L, 4L, 5L),
        List.of(4L, 5L, 6L, 7L), List.of(6L, 7L, 8L, 9L)), windows(true, 11));
    try (TInt64 t = times(6); TFloat32 values = values(6);
        Graph graph = new Graph();
        var pipeline = FeedlineExpandingPipelines_Overlapping.builder().data(t, values)
            .build(graph)) {
      assertEquals(Shape.of(4), pipeline.output().t().shape(), "a static window size");
    }
  }

  @Test
  void windowsSideBySideKeepTheShortLastOne() {
    assertEquals(List.of(List.of(0L, 1L, 2L, 3L), List.of(4L, 5L, 6L, 7L), List.of(8L, 9L)),
        windows(false, 10));
  }
}
