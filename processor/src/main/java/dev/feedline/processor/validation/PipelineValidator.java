package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Severity;
import dev.feedline.processor.model.Member;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;
import dev.feedline.processor.model.Stage;
import java.util.List;
import javax.lang.model.element.AnnotationValue;

/**
 * Runs the checks on a pipeline that was read without declaration errors (its values in range):
 * the chain, then the device stages' placement, then, once both hold, every rule of the catalogue.
 */
public final class PipelineValidator {
  private PipelineValidator() {}

  /**
   * @param readByAnother whether another pipeline of the compilation reads this one (a source of
   *     its {@code @Mix}, say), so that the reader's prefetch ends both
   */
  public static void validate(PipelineModel pipeline, Options options, boolean readByAnother,
      Report report) {
    readPipelinesValid(pipeline, options, report);
    ChainValidator.validate(pipeline, report);
    PaddingRules.check(pipeline, report);
    SplitRules.declarations(pipeline, report);
    SourcesRules.declarations(pipeline, report);
    if (report.hasDeclarationErrors()) {
      return; // the checks below assume each stage takes what the previous one produces
    }
    DeviceRules.check(pipeline, report);
    if (report.hasDeclarationErrors()) {
      return; // placement first: the checks below assume device stages come last
    }
    SizeModel sizes = new SizeModel(pipeline, options.ramBudget());
    PrefetchRules.check(pipeline, readByAnother, report);
    ParallelismRules.check(pipeline, report);
    BatchRules.check(pipeline, report);
    CacheRules.check(pipeline, sizes, report);
    ShuffleRules.check(pipeline, sizes, report);
    ShardRules.check(pipeline, report);
    SplitRules.check(pipeline, report);
    StatisticsRules.check(pipeline, report);
    VocabularyRules.check(pipeline, report);
    MemoryRules.check(pipeline, sizes, report);
    ReproducibilityRules.check(pipeline, report);
    SourcesRules.check(pipeline, report);
    ServingRules.check(pipeline, report);
    OrderRules.check(pipeline, report); // last: it defers to every rule above
  }

  /**
   * The pipelines a source stage reads are generated only if they pass their own checks; one with
   * an error (printed when it is processed itself) is reported here at the class that names it,
   * since this pipeline's generated code could not use it.
   */
  private static void readPipelinesValid(PipelineModel pipeline, Options options, Report report) {
    if (pipeline.stages().isEmpty()
        || !(pipeline.stages().get(0)
            .definition() instanceof StageDefinition.Pipelines pipelines)) {
      return;
    }
    Stage source = pipeline.stages().get(0);
    Member of = source.kind().members().get(0);
    List<?> written = (List<?>) source.anchor(of).getValue();
    for (int i = 0; i < pipelines.of().size(); i++) {
      PipelineModel read = pipelines.of().get(i);
      Report own = new Report();
      validate(read, options, true, own);
      boolean errors = own.findings().stream().anyMatch(f -> options.severity(f.rule())
          .orElse(f.message().severity()) == Severity.ERROR);
      if (errors) {
        report.at(source.method(), source.annotation(), (AnnotationValue) written.get(i))
            .report(Message.SOURCE_INVALID, "@" + source.kind().annotation() + " '"
                + source.name() + "'", read.simpleName());
      }
    }
  }
}
