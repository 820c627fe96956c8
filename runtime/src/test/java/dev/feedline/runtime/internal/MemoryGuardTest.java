package dev.feedline.runtime.internal;

import static dev.feedline.runtime.PipelineInfo.source;
import static dev.feedline.runtime.PipelineInfo.stage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.feedline.Cache;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory guard when the source's record count is unknown: remote files. */
class MemoryGuardTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Remote", "test", List.of(
      source("files", TFRecordSource.class, "TensorSliceDataset"),
      stage("cache", Cache.class, "CacheDatasetV2"),
      stage("shuffle", Shuffle.class, "ShuffleDatasetV3")));

  @Test
  void withAnUnknownCountAShuffleBufferIsMeasuredAtItsCapacityAndACacheNotAtAll() {
    MemoryGuard.Buffer cache = new MemoryGuard.Buffer("cache", 1 << 20, -1, true);
    MemoryGuard.check(PIPELINE, 1 << 30, -1, List.of(cache)); // nothing to measure it by

    MemoryGuard.Buffer shuffle = new MemoryGuard.Buffer("shuffle", 1 << 20, 2048, true);
    FeedlineException error = assertThrows(FeedlineException.class,
        () -> MemoryGuard.check(PIPELINE, 1 << 30, -1, List.of(shuffle)));
    assertEquals("Pipeline Remote, stage 'shuffle' (@Shuffle): a shuffle buffer of 2,048 elements"
        + " of 1.00 MiB needs 2.00 GiB, more than the RAM budget of 1.00 GiB (the builder's"
        + " ramBudget); use a smaller buffer, or shuffle before the stage that enlarges the"
        + " elements", error.getMessage());
    MemoryGuard.check(PIPELINE, 1 << 30, 100, List.of(shuffle)); // 100 records fill 100 MiB at most
  }
}
