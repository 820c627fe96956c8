package dev.feedline.runtime.internal;

import dev.feedline.Decode;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.internal.files.CheckedInput;
import dev.feedline.runtime.internal.files.DataSource;
import dev.feedline.runtime.internal.files.FileCounts;

/**
 * What is checked and said about a pipeline's source around its epochs: its files walked and its
 * first record parsed at the build, its files unchanged at an epoch's start and end, and the bad
 * records it leaves out at every epoch's end.
 */
final class SourceChecks {
  private final PipelineInfo pipeline;
  private final DataSource data;
  private final System.Logger log;

  /** @param log where the skipped records are reported: the pipeline iterator's logger */
  SourceChecks(PipelineInfo pipeline, DataSource data, System.Logger log) {
    this.pipeline = pipeline;
    this.data = data;
    this.log = log;
  }

  /**
   * At the end of the build: the files were walked while the graph was built, so a damaged one is
   * still an error of the build, naming its record; so is a first record that does not parse.
   */
  void checkBuilt() {
    data.counts().ifPresent(FileCounts::await);
    data.firstRecordProblem().ifPresent(culprit -> {
      PipelineInfo.Stage decode = pipeline.stages().stream()
          .filter(stage -> stage.annotation() == Decode.class).findFirst().orElse(null);
      throw new FeedlineException(pipeline.simpleName(), decode, culprit.file(),
          culprit.problem(), null);
    });
  }

  /**
   * Fails when a file the pipeline reads is no longer what it was when the pipeline was built: its
   * dataset reads the records found then, and TensorFlow would read another file's bytes as them.
   */
  void checkUnchanged() {
    checkUnchanged(data);
  }

  /** Fails when a file of {@code input} is no longer what it was when it was checked. */
  void checkUnchanged(CheckedInput input) {
    input.changeSinceBuilt().ifPresent(culprit -> {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stages().get(0), culprit.file(),
          culprit.problem(), null);
    });
  }

  /** Says at the end of every epoch what the source left out: never silently. */
  void reportSkipped(long epochNumber) {
    if (data.skipped().count() > 0) {
      log.log(System.Logger.Level.WARNING, "Pipeline {0}, epoch {1}: {2}", pipeline.simpleName(),
          epochNumber, data.skipped().summary());
    }
  }
}
