package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Map;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.Signature;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.image.DecodeJpeg;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TString;

/** A map checked as cheap at compile time, cross-checked against the ops its graph runs. */
class CostCheckTest {
  private static final PipelineInfo PIPELINE =
      new PipelineInfo("x.Photos", "test",
          List.of(PipelineInfo.elementWork("normalize", Map.class, "ParallelMapDatasetV2")));
  private final List<LogRecord> logged = new ArrayList<>();
  private final Logger logger = Logger.getLogger(CostCheck.class.getName());
  private final Handler capture = new Handler() {
    @Override public void publish(LogRecord record) {
      logged.add(record);
    }

    @Override public void flush() {}

    @Override public void close() {}
  };

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stop() {
    logger.removeHandler(capture);
  }

  @Test
  void aCheapMapThatDecodesAndResizesIsNamedInAWarning() {
    try (ConcreteFunction decode = ConcreteFunction.create(tf -> {
      Placeholder<TString> jpeg = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
      var pixels = tf.dtypes.cast(tf.image.decodeJpeg(jpeg, DecodeJpeg.channels(3L)), TFloat32.class);
      var resized = tf.image.resizeBilinear(tf.expandDims(pixels, tf.constant(0)), tf.constant(new int[] {8, 8}));
      return Signature.builder().key("normalize").input("jpeg", jpeg).output("image", resized).build();
    })) {
      assertEquals(List.of("DecodeJpeg", "ResizeBilinear"), CostCheck.checkCheap(PIPELINE, "normalize", decode));
    }
    assertEquals(1, logged.size());
    assertEquals(Level.WARNING, logged.get(0).getLevel());
    String message = java.text.MessageFormat.format(logged.get(0).getMessage(), logged.get(0).getParameters());
    assertEquals("Pipeline Photos, stage 'normalize' (@Map) was checked as cheap, but its graph runs"
        + " DecodeJpeg, ResizeBilinear; declare @Map(cost = Cost.EXPENSIVE) so the compile-time"
        + " checks keep any cache after it.", message);
  }

  @Test
  void aCheapMapThatIsCheapIsQuiet() {
    try (ConcreteFunction scale = ConcreteFunction.create(tf -> {
      Placeholder<TFloat32> x = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(3)));
      return Signature.builder().key("normalize").input("x", x)
          .output("y", tf.math.mul(x, tf.constant(2f))).build();
    })) {
      assertTrue(CostCheck.checkCheap(PIPELINE, "normalize", scale).isEmpty());
    }
    assertTrue(logged.isEmpty());
  }
}
