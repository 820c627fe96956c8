package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.model.kinds.PaddedBatchStage;
import dev.feedline.processor.model.kinds.RebatchStage;
import dev.feedline.processor.model.kinds.UnbatchStage;
import dev.feedline.BadRecords;
import dev.feedline.Compression;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.BucketByLengthStage;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.kinds.TFRecordSourceStage;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Declarations of variable-length data that TensorFlow would reject at run time: pads of
 * components that do not exist or cannot hold their value, buckets of a fixed-length component,
 * an unbatch without a batch, skipped records in compressed files.
 */
final class PaddingRules {
  private PaddingRules() {}

  static void check(PipelineModel pipeline, Report report) {
    for (Stage stage : pipeline.stages()) {
      if (stage.definition() instanceof StageDefinition.Padding padding) {
        checkPads(stage, padding.padding(), report);
      }
      if (stage.definition() instanceof BucketByLengthStage bucket) {
        checkBuckets(stage, bucket, report);
      }
      if (stage.kind() == UnbatchStage.KIND && stage.position() > 1 && !stage.takes().batched()) {
        report.at(stage).report(Message.UNBATCH_WITHOUT_BATCH,
            stage.name(), stage.input());
      }
      if (stage.kind() == RebatchStage.KIND && stage.position() > 1 && !stage.takes().batched()) {
        report.at(stage).report(Message.REBATCH_WITHOUT_BATCH,
            stage.name(), stage.input());
      }
      if (stage.definition() instanceof TFRecordSourceStage source
          && source.badRecords() == BadRecords.SKIP && source.compression() != Compression.NONE) {
        report.at(stage, TFRecordSourceStage.COMPRESSION).report(Message.SKIP_COMPRESSED,
            stage.name(), source.compression());
      }
      if (stage.isOnDevice() && !stage.inputs().isEmpty()) {
        report.at(stage, MapStage.ON_DEVICE).report(Message.INPUT_ON_DEVICE,
            stage.name(), stage.inputs().get(0).name());
      }
    }
  }

  private static void checkPads(Stage stage, List<StageDefinition.Pad> pads, Report report) {
    Member member = stage.kind() == PaddedBatchStage.KIND
        ? PaddedBatchStage.PADDING : BucketByLengthStage.PADDING;
    String kind = stage.kind().annotation();
    ElementType input = stage.input();
    Set<String> seen = new HashSet<>();
    for (StageDefinition.Pad pad : pads) {
      Component component = input.component(pad.component()).orElse(null);
      if (component == null) {
        report.at(stage, member).report(Message.PAD_UNKNOWN_COMPONENT,
            kind, stage.name(), pad.component(), input,
            input.components().stream().map(Component::name).collect(Collectors.joining(", ")));
        continue;
      }
      if (!seen.add(pad.component())) {
        report.at(stage, member).report(Message.PAD_TWICE,
            kind, stage.name(), pad.component());
      }
      checkValue(stage, member, pad, component, report);
      if (pad.truncate() && pad.length().isEmpty()) {
        report.at(stage, member).report(Message.PAD_TRUNCATE_WITHOUT_LENGTH,
            kind, stage.name(), pad.component());
      }
      // As the element reaches it: after a window, the window's dimension comes first.
      if (pad.length().isPresent() && !stage.takes().variesInLength(component)) {
        report.at(stage, member).report(Message.PAD_LENGTH_FIXED,
            kind, stage.name(), pad.component(), pad.length().getAsLong(),
            stage.takes().shapeOf(component));
      }
    }
  }

  /** A string is padded with {@code text}, a number with a {@code value} its dtype holds. */
  private static void checkValue(Stage stage, Member member, StageDefinition.Pad pad,
      Component component, Report report) {
    String problem = null;
    String written = null;
    DType dtype = component.dtype();
    if (dtype == DType.STRING && pad.value() != 0) {
      written = "value = " + number(pad.value());
      problem = "give the padding string as `text`";
    } else if (dtype != DType.STRING && !pad.text().isEmpty()) {
      written = "text = \"" + pad.text() + "\"";
      problem = "give the padding number as `value`";
    } else if (dtype != DType.STRING && !fits(dtype, pad.value())) {
      written = "value = " + number(pad.value());
      problem = dtype == DType.BOOL ? "pad a TBool with 0 (false) or 1 (true)"
          : "give a value within its range" + (dtype.isNumeric() && isInteger(dtype)
              ? ", a whole number" : "");
    }
    if (problem != null) {
      report.at(stage, member).report(Message.PAD_VALUE_TYPE,
          stage.kind().annotation(), stage.name(), pad.component(), dtype.className(), written,
          problem);
    }
  }

  private static boolean isInteger(DType dtype) {
    return switch (dtype) {
      case INT32, INT64, UINT8, UINT16 -> true;
      default -> false;
    };
  }

  private static boolean fits(DType dtype, double value) {
    if (Double.isNaN(value)) {
      return !isInteger(dtype) && dtype != DType.BOOL;
    }
    return switch (dtype) {
      case INT32 -> value == Math.rint(value) && value >= Integer.MIN_VALUE
          && value <= Integer.MAX_VALUE;
      case INT64 -> value == Math.rint(value) && value >= -0x1p63 && value < 0x1p63;
      case UINT8 -> value == Math.rint(value) && value >= 0 && value <= 255;
      case UINT16 -> value == Math.rint(value) && value >= 0 && value <= 65535;
      case BOOL -> value == 0 || value == 1;
      case FLOAT32 -> Double.isInfinite(value) || Math.abs(value) <= Float.MAX_VALUE;
      default -> true;
    };
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value) : Double.toString(value);
  }

  private static void checkBuckets(Stage stage, BucketByLengthStage bucket,
      Report report) {
    ElementType input = stage.input();
    boolean variable = input.component(bucket.component())
        .filter(stage.takes()::variesInLength).isPresent();
    if (!variable) {
      List<String> candidates = input.components().stream()
          .filter(stage.takes()::variesInLength).map(Component::name).toList();
      report.at(stage, BucketByLengthStage.COMPONENT).report(Message.BUCKET_COMPONENT,
          stage.name(), bucket.component(), input,
          candidates.isEmpty() ? "none: declare one @Shape({-1, ...})"
              : String.join(", ", candidates));
    }
    List<Long> boundaries = bucket.boundaries();
    boolean ascending = !boundaries.isEmpty() && boundaries.get(0) >= 1;
    for (int i = 1; i < boundaries.size(); i++) {
      ascending &= boundaries.get(i) > boundaries.get(i - 1);
    }
    if (!ascending) {
      report.at(stage, BucketByLengthStage.BOUNDARIES).report(Message.BUCKET_BOUNDARIES,
          stage.name(), braces(boundaries));
    }
    List<Long> sizes = bucket.batchSizes();
    if (sizes.size() != boundaries.size() + 1 || sizes.stream().anyMatch(size -> size < 1)) {
      report.at(stage, BucketByLengthStage.BATCH_SIZES).report(Message.BUCKET_BATCH_SIZES,
          stage.name(), braces(sizes),
          boundaries.size(), boundaries.size() + 1);
    }
  }

  private static String braces(List<Long> values) {
    return values.stream().map(String::valueOf).collect(Collectors.joining(", ", "{", "}"));
  }
}
