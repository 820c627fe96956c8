package dev.feedline.processor.validation;

import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.SizeModel;

/**
 * Runs the checks on a pipeline that was read without declaration errors (its values in range):
 * the chain, then the device stages' placement, then, once both hold, every rule of the catalogue.
 */
public final class PipelineValidator {
  private PipelineValidator() {}

  public static void validate(PipelineModel pipeline, Options options, Report report) {
    ChainValidator.validate(pipeline, report);
    PaddingRules.check(pipeline, report);
    SourcesRules.declarations(pipeline, report);
    if (report.hasDeclarationErrors()) {
      return; // the checks below assume each stage takes what the previous one produces
    }
    DeviceRules.check(pipeline, report);
    if (report.hasDeclarationErrors()) {
      return; // placement first: the checks below assume device stages come last
    }
    SizeModel sizes = new SizeModel(pipeline, options.ramBudget());
    PrefetchRules.check(pipeline, report);
    ParallelismRules.check(pipeline, report);
    BatchRules.check(pipeline, report);
    CacheRules.check(pipeline, sizes, report);
    ShuffleRules.check(pipeline, sizes, report);
    ShardRules.check(pipeline, report);
    MemoryRules.check(pipeline, sizes, report);
    ReproducibilityRules.check(pipeline, report);
    SourcesRules.check(pipeline, report);
    OrderRules.check(pipeline, report); // last: it defers to every rule above
  }
}
