/**
 * Feedline's run-time API: what a pipeline's user calls.
 *
 * <p>A generated pipeline is a {@link dev.feedline.runtime.BuiltPipeline}, whose epochs are
 * {@link dev.feedline.runtime.EpochIterator}s; its failures are
 * {@link dev.feedline.runtime.FeedlineException}s that name the stage
 * ({@link dev.feedline.runtime.PipelineInfo.Stage}) and the file; the bad records a source skips are
 * {@link dev.feedline.runtime.SkippedRecords}. A map's body draws from an
 * {@link dev.feedline.runtime.ElementRandom} and looks up a
 * {@link dev.feedline.runtime.VocabularyTable}; a model is placed with
 * {@link dev.feedline.runtime.Devices}; records are written with
 * {@link dev.feedline.runtime.TFRecordWriter} and {@link dev.feedline.runtime.ShardedTFRecordWriter}.
 *
 * <p>Everything else the generated code calls lives in {@link dev.feedline.runtime.internal} and
 * its sub-packages, which are not an API.
 */
package dev.feedline.runtime;
