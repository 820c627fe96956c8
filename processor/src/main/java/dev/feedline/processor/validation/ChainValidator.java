package dev.feedline.processor.validation;

import dev.feedline.processor.model.kinds.DecodeCsvStage;
import dev.feedline.processor.model.kinds.DecodeJpegStage;
import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.model.kinds.InterleaveStage;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.DType;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import dev.feedline.processor.model.kinds.TextLineSourceStage;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the chain of stages: one source and it comes first, each stage takes what the previous
 * one produces, and the file-reading stages stand where they can read.
 */
final class ChainValidator {
  /** The dtypes TensorFlow's DecodeCSV parses a field into. */
  private static final Set<DType> CSV_TYPES =
      Set.of(DType.STRING, DType.INT64, DType.INT32, DType.FLOAT32, DType.FLOAT64);

  private ChainValidator() {}

  static void validate(PipelineModel pipeline, Report report) {
    List<Stage> stages = pipeline.stages();
    if (stages.stream().noneMatch(s -> s.kind().isSource())) {
      report.at(pipeline.type(), pipeline.annotation(), null).report(Message.MISSING_SOURCE,
          pipeline.simpleName());
    }
    for (int i = 0; i < stages.size(); i++) {
      Stage stage = stages.get(i);
      Stage previous = i == 0 ? null : stages.get(i - 1);
      if (stage.kind().isSource()) {
        if (previous != null) {
          report.at(stage).report(Message.SOURCE_NOT_FIRST,
              stage.kind().annotation(), stage.name(), previous.name());
        }
        checkSourceElement(stage, report);
        continue;
      }
      if (previous == null) {
        continue; // MISSING_SOURCE says it
      }
      if (!stage.input().sameTypeAs(previous.output())) {
        boolean sameNames = stage.input().displayName().equals(previous.output().displayName());
        report.at(stage.elementParameter()).report(Message.CHAIN_TYPE_MISMATCH,
            stage.kind().annotation(), stage.name(), stage.input().display(sameNames),
            previous.kind().annotation(), previous.name(), previous.output().display(sameNames));
      }
      if (stage.is(StageKind.Trait.KEEPS_TYPE) && !stage.output().sameTypeAs(stage.input())) {
        boolean sameNames = stage.output().displayName().equals(stage.input().displayName());
        report.at(stage).report(Message.BUILT_IN_CHANGES_TYPE,
            stage.kind().annotation(), stage.name(), stage.output().display(sameNames),
            stage.input().display(sameNames));
      }
      if (stage.kind() == DecodeStage.KIND) {
        checkDecode(stage, report);
      }
      if (stage.kind() == DecodeCsvStage.KIND) {
        checkDecodeCsv(stage, report);
      }
      if (stage.kind() == DecodeJpegStage.KIND) {
        checkDecodeJpeg(stage, report);
      }
    }
    checkFileReading(pipeline, report);
    checkParseSource(pipeline, report);
    checkRecordDelimiter(pipeline, report);
  }

  private static void checkSourceElement(Stage source, Report report) {
    if (source.readsFiles() && source.output().isRecord()) {
      report.at(source).report(Message.SOURCE_YIELDS_FILE_NAMES,
          source, source.name());
    }
  }

  /**
   * A file source yields file names; stages that work on names ({@code @Shard},
   * {@code @Shuffle}, ...) may follow it, then an {@code @Interleave} must read the files. An
   * interleave anywhere else has no files to read.
   */
  private static void checkFileReading(PipelineModel pipeline, Report report) {
    List<Stage> stages = pipeline.stages();
    Stage reader = null;
    if (!stages.isEmpty() && stages.get(0).readsFiles()) {
      Stage source = stages.get(0);
      int next = 1;
      while (next < stages.size() && stages.get(next).is(StageKind.Trait.ON_FILE_NAMES)) {
        next++;
      }
      if (next < stages.size() && stages.get(next).kind() == InterleaveStage.KIND) {
        reader = stages.get(next);
      } else {
        report.at(source).report(Message.FILES_NOT_READ,
            source.kind().annotation(), source.name());
      }
    }
    for (Stage stage : stages) {
      if (stage.kind() != InterleaveStage.KIND) {
        continue;
      }
      if (stage != reader && stage.position() > 1) { // first: missing-source says it
        Stage previous = pipeline.previous(stage);
        report.at(stage).report(Message.INTERLEAVE_WITHOUT_FILES,
            stage.name(), previous.kind().annotation(), previous.name());
      }
      if (stage.output().isRecord()) {
        boolean text = stages.get(0).kind() == TextLineSourceStage.KIND;
        report.at(stage).report(Message.INTERLEAVE_YIELDS_RECORDS,
            stage, text ? "lines of text" : "serialized records", stage.name(),
            text ? "@DecodeCsv" : "@Decode");
      }
    }
  }

  private static void checkDecode(Stage decode, Report report) {
    if (decode.input().isRecord()) {
      report.at(decode).report(Message.DECODE_INPUT_NOT_RECORDS,
          decode, decode.input());
    }
    ElementType output = decode.output();
    if (!output.isRecord()) {
      report.at(decode).report(Message.DECODE_OUTPUT_NOT_RECORD,
          decode, output);
      return;
    }
    for (Component component : output.components()) {
      if (component.source() == Component.Source.LENGTH) {
        continue; // computed, and checked where it is read
      }
      List<Long> dims = component.shape().dims();
      if (!component.dtype().isExampleFeature()) {
        report.at(decode).report(Message.DECODE_COMPONENT_DTYPE,
            decode.name(), component.name(), output, component.dtype().className());
      } else if (dims.size() > 1 && !new StaticShape(dims.subList(1, dims.size())).isFullyKnown()) {
        report.at(decode).report(Message.DECODE_COMPONENT_SHAPE,
            decode.name(), component.name(), output, component.shape());
      }
    }
  }

  /** {@code @DecodeCsv} fills each component from one field: a scalar of a CSV dtype. */
  private static void checkDecodeCsv(Stage decode, Report report) {
    if (decode.input().isRecord()) {
      report.at(decode).report(Message.DECODE_CSV_INPUT_NOT_LINES,
          decode, decode.input());
    }
    ElementType output = decode.output();
    if (!output.isRecord()) {
      report.at(decode).report(Message.DECODE_OUTPUT_NOT_RECORD,
          decode, output);
      return;
    }
    for (Component component : output.components()) {
      if (component.source() != Component.Source.FEATURE) {
        report.at(decode).report(Message.DECODE_CSV_COMPUTED,
            decode.name(), component.name(), output,
            component.source() == Component.Source.LENGTH ? "@LengthOf" : "a @FeatureList");
      } else if (CSV_TYPES.contains(component.dtype()) && component.columns().isPresent()) {
        checkColumns(decode, component, report);
      } else if (!CSV_TYPES.contains(component.dtype()) || component.shape().rank() != 0) {
        report.at(decode).report(Message.DECODE_CSV_COMPONENT,
            decode.name(), component.name(), output, component.dtype().className(),
            component.shape());
      }
    }
  }

  /** A vector of CSV columns: names, one per value of its {@code [n]}, or a range. */
  private static void checkColumns(Stage decode, Component component, Report report) {
    Component.ColumnSet columns = component.columns().orElseThrow();
    ElementType output = decode.output();
    boolean range = !columns.from().isEmpty() || !columns.to().isEmpty();
    if (range == !columns.names().isEmpty() || range
        && (columns.from().isEmpty() || columns.to().isEmpty())) {
      report.at(component.declaration()).report(Message.DECODE_CSV_COLUMNS_INVALID,
          component.name(), output, (columns.names().isEmpty() ? "no names" : "names "
              + columns.names()) + (range ? ", from = \"" + columns.from() + "\" and to = \""
              + columns.to() + "\"" : " and no range"));
      return;
    }
    StaticShape shape = component.shape();
    if (shape.rank() != 1 || !shape.isFullyKnown() || shape.dims().get(0) < 1) {
      report.at(decode).report(Message.DECODE_CSV_COLUMNS_SHAPE, decode.name(),
          component.name(), output, shape);
    } else if (!range && columns.names().size() != shape.dims().get(0)) {
      report.at(decode).report(Message.DECODE_CSV_COLUMNS_COUNT, decode.name(),
          columns.names().size(), columns.names(), component.name(), output, shape);
    }
  }

  /**
   * Without a header, {@code @DecodeCsv} takes the columns in the record's order: a
   * {@code @Feature} name would be ignored, so it is an error rather than a silent guess.
   */
  private static void featuresWithoutHeader(Stage decode, Stage source, Report report) {
    List<String> named = decode.output().components().stream()
        .filter(c -> c.source() == Component.Source.FEATURE && !c.featureKey().equals(c.name()))
        .map(c -> "'" + c.name() + "' (@Feature(\"" + c.featureKey() + "\"))").toList();
    if (!named.isEmpty()) {
      report.at(decode).report(Message.DECODE_CSV_FEATURE_WITHOUT_HEADER, decode.name(),
          String.join(", ", named), decode.output().displayName(), source.name());
    }
    decode.output().components().stream().filter(c -> c.columns().isPresent()).findFirst()
        .ifPresent(c -> report.at(decode).report(Message.DECODE_CSV_COLUMNS_WITHOUT_HEADER,
            decode.name(), c.name(), decode.output().displayName(), source.name()));
  }

  /**
   * A text source whose records end at delimiter lines has no header and no rows: a header is a
   * CSV file's, and a {@code @DecodeCsv} parses one line a row, where a record may hold several.
   */
  private static void checkRecordDelimiter(PipelineModel pipeline, Report report) {
    Optional<Stage> source = pipeline.source().filter(s -> s.kind() == TextLineSourceStage.KIND);
    Optional<String> delimiter = source.flatMap(s -> s.as(TextLineSourceStage.class))
        .flatMap(TextLineSourceStage::recordDelimiter);
    if (delimiter.isEmpty()) {
      return;
    }
    String written = JavaLiterals.quoted(delimiter.get());
    if (source.get().as(TextLineSourceStage.class).orElseThrow().header()) {
      report.at(source.get(), TextLineSourceStage.HEADER).report(
          Message.RECORD_DELIMITER_WITH_HEADER, source.get().name(), written);
    }
    for (Stage csv : pipeline.stagesOf(DecodeCsvStage.KIND)) {
      report.at(csv).report(Message.RECORD_DELIMITER_WITH_CSV, csv.name(), source.get().name(),
          written);
    }
  }

  /** {@code @Decode} parses TFRecords' Examples, {@code @DecodeCsv} text files' lines. */
  private static void checkParseSource(PipelineModel pipeline, Report report) {
    Optional<Stage> source = pipeline.source();
    if (source.isEmpty()) {
      return;
    }
    boolean text = source.get().kind() == TextLineSourceStage.KIND;
    for (Stage stage : pipeline.stages()) {
      if (stage.kind() == DecodeStage.KIND && text) {
        report.at(stage).report(Message.PARSE_WITHOUT_RECORDS,
            stage.name(), source.get().kind().annotation(), source.get().name());
      } else if (stage.kind() == DecodeCsvStage.KIND && !text) {
        report.at(stage).report(Message.PARSE_WITHOUT_LINES,
            stage.name(), source.get().kind().annotation(), source.get().name());
      } else if (stage.kind() == DecodeCsvStage.KIND && stage.output().isRecord()
          && !source.get().as(TextLineSourceStage.class).orElseThrow().header()) {
        featuresWithoutHeader(stage, source.get(), report);
      }
    }
  }

  /**
   * {@code @DecodeJpeg} turns the one string component into the one image, float32 or uint8, of
   * static shape [height, width, 1 or 3]; every other output component comes from the input one
   * of its name.
   */
  private static void checkDecodeJpeg(Stage decode, Report report) {
    ElementType input = decode.input();
    ElementType output = decode.output();
    List<Component> jpegs = input.components().stream()
        .filter(c -> c.dtype() == DType.STRING && c.shape().rank() == 0).toList();
    List<Component> images = output.components().stream()
        .filter(DecodeJpegStage::isImage).toList();
    if (jpegs.size() != 1) {
      report.at(decode).report(Message.DECODE_JPEG_INPUT, decode,
          input, jpegs.size());
      return;
    }
    if (images.size() != 1) {
      report.at(decode).report(Message.DECODE_JPEG_OUTPUT, decode,
          output, images.size());
      return;
    }
    Component image = images.get(0);
    if (!image.shape().isFullyKnown()) {
      report.at(decode).report(Message.DECODE_JPEG_SIZE_UNKNOWN,
          decode, image.shape());
      return;
    }
    long channels = image.shape().dims().get(2);
    if (channels != 1 && channels != 3) {
      report.at(decode).report(Message.DECODE_JPEG_CHANNELS, decode,
          channels);
      return;
    }
    notPassedThrough(input, output, image).ifPresent(missing ->
        report.at(decode).report(Message.DECODE_JPEG_PASS_THROUGH,
            decode, missing.name(), input));
  }

  /** The first output component besides the image that the input has no equal of. */
  private static Optional<Component> notPassedThrough(ElementType input, ElementType output,
      Component image) {
    for (Component out : output.components()) {
      if (out == image) {
        continue;
      }
      boolean found = input.components().stream().anyMatch(in -> in.name().equals(out.name())
          && in.dtype() == out.dtype() && in.shape().equals(out.shape()));
      if (!found) {
        return Optional.of(out);
      }
    }
    return Optional.empty();
  }
}
