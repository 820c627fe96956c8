package dev.feedline.processor.model.kinds;

/**
 * What a writer does with each kind of stage: one method per kind, so that a kind added without
 * its code does not compile. The writing layer implements it; the model knows nothing of what it
 * returns. Its methods are also the list of kinds: {@code StageKind.all()} reads each kind's
 * definition class from them.
 *
 * @param <R> what the writer makes of a stage, such as its statements and ops
 */
public interface StageCoder<R> {
  R tfRecordSource(TFRecordSourceStage stage);

  R textLineSource(TextLineSourceStage stage);

  R inMemorySource(InMemorySourceStage stage);

  R mix(MixStage stage);

  R concatenate(ConcatenateStage stage);

  R zip(ZipStage stage);

  R choose(ChooseStage stage);

  R interleave(InterleaveStage stage);

  R decode(DecodeStage stage);

  R decodeJpeg(DecodeJpegStage stage);

  R decodeCsv(DecodeCsvStage stage);

  R map(MapStage stage);

  R filter(FilterStage stage);

  R flatMap(FlatMapStage stage);

  R shuffle(ShuffleStage stage);

  R cache(CacheStage stage);

  R snapshot(SnapshotStage stage);

  R batch(BatchStage stage);

  R paddedBatch(PaddedBatchStage stage);

  R bucketByLength(BucketByLengthStage stage);

  R unbatch(UnbatchStage stage);

  R window(WindowStage stage);

  R repeat(RepeatStage stage);

  R take(TakeStage stage);

  R skip(SkipStage stage);

  R shard(ShardStage stage);

  R prefetch(PrefetchStage stage);

  R prefetchToDevice(PrefetchToDeviceStage stage);

  R rebatch(RebatchStage stage);

  R split(SplitStage stage);
}
