package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.PrefetchStage;
import dev.feedline.processor.model.kinds.PrefetchToDeviceStage;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import java.util.List;

/**
 * Device stages run after the iterator, in the consumer's graph: they come after the batch and the
 * prefetch, only device stages follow them, they work on whole batches, and a
 * {@code @PrefetchToDevice} ends the pipeline.
 */
final class DeviceRules {
  private DeviceRules() {}

  static void check(PipelineModel pipeline, Report report) {
    List<Stage> stages = pipeline.stages();
    Stage firstOnDevice = null;
    for (Stage stage : stages) {
      if (stage.kind() == MapStage.KIND && stage.isOnDevice() && !stage.isVectorized()) {
        report.at(stage, MapStage.ON_DEVICE).report(Message.DEVICE_STAGE_NOT_VECTORIZED,
            stage.name());
      }
      if (stage.kind() == PrefetchToDeviceStage.KIND && stage != pipeline.last()) {
        report.at(stage).report(Message.PREFETCH_TO_DEVICE_NOT_LAST,
            stage.name(), pipeline.next(stage));
      }
      if (stage.isOnDevice() && firstOnDevice == null) {
        firstOnDevice = stage;
        boolean batched = stage.takes().batched();
        Stage before = stage.position() > 1 ? pipeline.previous(stage) : null;
        if (!batched || before == null || before.kind() != PrefetchStage.KIND) {
          report.at(stage).report(Message.DEVICE_STAGE_BEFORE_PREFETCH,
              stage);
        }
      } else if (firstOnDevice != null && !stage.isOnDevice()) {
        report.at(stage).report(Message.DEVICE_STAGE_BEFORE_HOST_STAGE,
            firstOnDevice, stage);
      }
    }
  }
}
