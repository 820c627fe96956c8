package dev.feedline.processor.validation;

import dev.feedline.BadRecords;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StrictLookups;
import dev.feedline.processor.model.kinds.TFRecordSourceStage;
import dev.feedline.processor.model.kinds.TextLineSourceStage;

/**
 * A strict vocabulary under the source's skip policy: {@code build()} leaves out the records whose
 * token is not in it only where it can tell each element's record ({@link StrictLookups}).
 */
final class VocabularyRules {
  private VocabularyRules() {}

  static void check(PipelineModel pipeline, Report report) {
    StrictLookups lookups = StrictLookups.of(pipeline);
    if (!lookups.any() || lookups.blocker().isEmpty() || pipeline.stages().isEmpty()) {
      return;
    }
    Stage source = pipeline.stages().get(0);
    boolean skips = source.definition() instanceof TextLineSourceStage text
        ? text.badRecords() == BadRecords.SKIP
        : source.definition() instanceof TFRecordSourceStage records
            && records.badRecords() == BadRecords.SKIP;
    if (!skips) {
      return; // under the fail policy the epoch's check names the token, without its record
    }
    Stage blocker = lookups.blocker().get();
    Stage map = lookups.maps().stream().filter(m -> m.position() > blocker.position())
        .findFirst().orElseThrow();
    String vocabulary = map.inputs().stream().filter(Input::strict).findFirst().orElseThrow()
        .name();
    report.at(source, source.kind() == TextLineSourceStage.KIND ? TextLineSourceStage.BAD_RECORDS
            : TFRecordSourceStage.BAD_RECORDS)
        .report(Message.STRICT_VOCABULARY_UNTRACED, source.kind().annotation(), source.name(),
            "@" + blocker.kind().annotation(), blocker.name(), map.name(), vocabulary,
            blocker.name(), map.name());
  }
}
