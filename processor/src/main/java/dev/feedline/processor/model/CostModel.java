package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.DecodeJpegStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.MapStage;
/** Tells which stages do expensive per-element work: what a cache belongs after. */
public final class CostModel {
  private CostModel() {}

  /**
   * Whether a stage is expensive: {@code @Decode} parses, {@code @DecodeJpeg} decodes; a
   * {@code @Map} is what its {@code cost} declares, or, by default, expensive when it turns a
   * string into a numeric tensor of rank 2 or more, which is what decoding an image or audio clip
   * looks like.
   */
  public static boolean isExpensive(Stage stage) {
    if (!(stage.definition() instanceof MapStage map)) {
      return stage.kind() == DecodeStage.KIND || stage.kind() == DecodeJpegStage.KIND
          || stage.kind() == DecodeCsvStage.KIND;
    }
    return switch (map.cost()) {
      case EXPENSIVE -> true;
      case CHEAP -> false;
      case INFER -> looksLikeDecoding(stage);
    };
  }

  private static boolean looksLikeDecoding(Stage map) {
    boolean takesString =
        map.input().components().stream().anyMatch(c -> c.dtype() == DType.STRING);
    boolean makesTensor =
        map.output().components().stream()
            .anyMatch(c -> c.dtype().isNumeric() && c.shape().rank() >= 2);
    return takesString && makesTensor;
  }
}
