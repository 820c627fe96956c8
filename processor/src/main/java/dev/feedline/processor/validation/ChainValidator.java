package dev.feedline.processor.validation;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.List;

/**
 * Checks the chain of stages: one source and it comes first, each stage takes what the previous
 * one produces, and the file-reading stages stand where they can read.
 */
final class ChainValidator {
  private ChainValidator() {}

  static void validate(PipelineModel pipeline, Report report) {
    List<Stage> stages = pipeline.stages();
    if (stages.stream().noneMatch(s -> s.kind().isSource())) {
      report.add(Message.MISSING_SOURCE, pipeline.type(), pipeline.annotation(), null,
          pipeline.simpleName());
    }
    for (int i = 0; i < stages.size(); i++) {
      Stage stage = stages.get(i);
      Stage previous = i == 0 ? null : stages.get(i - 1);
      if (stage.kind().isSource()) {
        if (previous != null) {
          report.add(Message.SOURCE_NOT_FIRST, stage.method(), stage.annotation(), null,
              stage.kind().annotation(), stage.name(), previous.name());
        }
        checkSourceElement(stage, report);
        continue;
      }
      if (previous == null) {
        continue; // MISSING_SOURCE says it
      }
      if (!stage.input().sameTypeAs(previous.output())) {
        report.add(Message.CHAIN_TYPE_MISMATCH, stage.elementParameter(),
            stage.kind().annotation(), stage.name(), stage.input(),
            previous.kind().annotation(), previous.name(), previous.output(),
            previous.output(), previous.output(), stage.input());
      }
      if (stage.kind().keepsType() && !stage.output().sameTypeAs(stage.input())) {
        report.add(Message.BUILT_IN_CHANGES_TYPE, stage.method(), stage.annotation(), null,
            stage.kind().annotation(), stage.name(), stage.output(), stage.input(),
            stage.kind().annotation(), stage.input());
      }
      if (stage.kind() == StageKind.DECODE) {
        checkDecode(stage, report);
      }
      if (stage.kind() == StageKind.DECODE_JPEG) {
        checkDecodeJpeg(stage, report);
      }
    }
    checkFileReading(stages, report);
  }

  private static void checkSourceElement(Stage source, Report report) {
    if (source.kind() == StageKind.TFRECORD_SOURCE && source.output().isRecord()) {
      report.add(Message.STAGE_SIGNATURE, source.method(), source.annotation(), null,
          source + " yields file names: declare it `Operand<TString> " + source.name() + "();`.");
    }
  }

  /**
   * A TFRecord source yields file names; stages that work on names ({@code @Shard},
   * {@code @Shuffle}, ...) may follow it, then an {@code @Interleave} must read the files. An
   * interleave anywhere else has no files to read.
   */
  private static void checkFileReading(List<Stage> stages, Report report) {
    Stage reader = null;
    if (!stages.isEmpty() && stages.get(0).kind() == StageKind.TFRECORD_SOURCE) {
      Stage source = stages.get(0);
      int next = 1;
      while (next < stages.size() && stages.get(next).kind().worksOnFileNames()) {
        next++;
      }
      if (next < stages.size() && stages.get(next).kind() == StageKind.INTERLEAVE) {
        reader = stages.get(next);
      } else {
        report.add(Message.FILES_NOT_READ, source.method(), source.annotation(), null, source.name());
      }
    }
    for (Stage stage : stages) {
      if (stage.kind() != StageKind.INTERLEAVE) {
        continue;
      }
      if (stage != reader && stage.position() > 1) { // first: missing-source says it
        Stage previous = stages.get(stage.position() - 2);
        report.add(Message.INTERLEAVE_WITHOUT_FILES, stage.method(), stage.annotation(), null,
            stage.name(), previous.kind().annotation(), previous.name());
      }
      if (stage.output().isRecord()) {
        report.add(Message.STAGE_SIGNATURE, stage.method(), stage.annotation(), null,
            stage + " yields serialized records: declare it `Operand<TString> " + stage.name()
                + "(Operand<TString> file);` and parse them with @Decode.");
      }
    }
  }

  private static void checkDecode(Stage decode, Report report) {
    if (decode.input().isRecord()) {
      report.add(Message.STAGE_SIGNATURE, decode.method(), decode.annotation(), null,
          decode + " parses serialized tf.train.Example records: its parameter is"
              + " Operand<TString>, not " + decode.input() + ".");
    }
    ElementType output = decode.output();
    if (!output.isRecord()) {
      report.add(Message.STAGE_SIGNATURE, decode.method(), decode.annotation(), null,
          decode + " parses records into an @Element record: return one, not " + output + ".");
      return;
    }
    for (Component component : output.components()) {
      String problem = !component.dtype().isExampleFeature()
          ? "its dtype is " + component.dtype().className()
          : !component.shape().isFullyKnown()
              ? "its shape " + component.shape() + " has unknown dimensions"
              : null;
      if (problem != null) {
        report.add(Message.DECODE_UNSUPPORTED_COMPONENT, decode.method(), decode.annotation(), null,
            decode.name(), component.name(), output, problem);
      }
    }
  }

  /**
   * {@code @DecodeJpeg} turns the one string component into the one float image of static shape
   * [height, width, 1 or 3]; every other output component comes from the input one of its name.
   */
  private static void checkDecodeJpeg(Stage decode, Report report) {
    ElementType input = decode.input();
    ElementType output = decode.output();
    List<Component> jpegs = input.components().stream()
        .filter(c -> c.dtype() == DType.STRING && c.shape().rank() == 0).toList();
    List<Component> images = output.components().stream()
        .filter(c -> c.dtype() == DType.FLOAT32 && c.shape().rank() == 3).toList();
    String problem = jpegs.size() != 1
        ? "its input " + input + " needs exactly one scalar Operand<TString> component, the JPEG;"
            + " it has " + jpegs.size()
        : images.size() != 1
            ? "its output " + output + " needs exactly one Operand<TFloat32> component of shape"
                + " [height, width, channels]; it has " + images.size()
            : !images.get(0).shape().isFullyKnown()
                ? "the image's shape " + images.get(0).shape() + " must be fully known: it is the"
                    + " size the JPEG is resized to"
                : images.get(0).shape().dims().get(2) != 1 && images.get(0).shape().dims().get(2) != 3
                    ? "the image has " + images.get(0).shape().dims().get(2) + " channels; a JPEG"
                        + " decodes to 1 (grayscale) or 3 (RGB)"
                    : passThroughProblem(input, output, images.get(0));
    if (problem != null) {
      report.add(Message.STAGE_SIGNATURE, decode.method(), decode.annotation(), null,
          decode + " decodes a JPEG into an image: " + problem + ".");
    }
  }

  private static String passThroughProblem(ElementType input, ElementType output, Component image) {
    for (Component out : output.components()) {
      if (out == image) {
        continue;
      }
      Component in = input.components().stream()
          .filter(c -> c.name().equals(out.name())).findFirst().orElse(null);
      if (in == null || in.dtype() != out.dtype() || !in.shape().equals(out.shape())) {
        return "output component '" + out.name() + "' is passed through, so " + input
            + " needs a component '" + out.name() + "' of the same dtype and shape";
      }
    }
    return null;
  }
}
