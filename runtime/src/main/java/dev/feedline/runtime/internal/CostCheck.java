package dev.feedline.runtime.internal;

import dev.feedline.runtime.PipelineInfo;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.proto.NodeDef;

/**
 * Cross-checks, when the graph is built, what the processor could only infer from types: a map it
 * treated as cheap must not decode, resize or parse, or a cache may sit before work that is redone
 * every epoch.
 */
public final class CostCheck {
  private static final System.Logger LOG = System.getLogger(CostCheck.class.getName());

  /** Ops that make a map expensive per element: decoders, resizers and parsers. */
  static final Set<String> EXPENSIVE_OPS = Set.of(
      "DecodeJpeg", "DecodeAndCropJpeg", "DecodePng", "DecodeGif", "DecodeBmp", "DecodeImage",
      "DecodeWebP", "DecodeRaw", "DecodeCSV", "DecodeWav", "DecodeProtoV2", "DecodeCompressed",
      "ResizeBilinear", "ResizeBicubic", "ResizeArea", "ResizeNearestNeighbor", "ScaleAndTranslate",
      "CropAndResize", "ParseExample", "ParseExampleV2", "ParseSingleExample",
      "ParseSequenceExample", "ParseSequenceExampleV2", "ParseSingleSequenceExample");

  private CostCheck() {}

  /**
   * Logs a warning when the traced function of a map the processor treated as cheap runs an
   * expensive op.
   *
   * @return the expensive ops found, sorted; empty when the map is cheap indeed
   */
  public static List<String> checkCheap(
      PipelineInfo pipeline, String stage, ConcreteFunction function) {
    Set<String> found = new TreeSet<>();
    for (NodeDef node : function.getFunctionDef().getNodeDefList()) {
      if (EXPENSIVE_OPS.contains(node.getOp())) {
        found.add(node.getOp());
      }
    }
    if (!found.isEmpty()) {
      LOG.log(System.Logger.Level.WARNING, "Pipeline {0}, stage ''{1}'' (@Map) was checked as cheap,"
          + " but its graph runs {2}; declare @Map(cost = Cost.EXPENSIVE) so the compile-time"
          + " checks keep any cache after it.", pipeline.simpleName(), stage, String.join(", ", found));
    }
    return List.copyOf(found);
  }
}
