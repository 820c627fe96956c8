package dev.feedline.processor.validation;

import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.PipelineModel;

/** Runs every check on a pipeline that was read without declaration errors. */
public final class PipelineValidator {
  private PipelineValidator() {}

  public static void validate(PipelineModel pipeline, Report report) {
    ChainValidator.validate(pipeline, report);
    if (report.hasDeclarationErrors()) {
      return; // the checks below assume each stage takes what the previous one produces
    }
    ParameterValidator.validate(pipeline, report);
    OrderValidator.validate(pipeline, report);
    ParallelismValidator.validate(pipeline, report);
  }
}
