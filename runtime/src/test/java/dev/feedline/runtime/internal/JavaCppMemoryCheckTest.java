package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Cache;
import dev.feedline.TextLineSource;
import dev.feedline.runtime.PipelineInfo;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * JavaCPP's check of the resident memory at every tensor it wraps is named once a process, with
 * the flag that turns it off, and not at all where that flag is set
 * (docs/performance.md#javacpps-memory-check).
 */
class JavaCppMemoryCheckTest {
  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Table", "test", List.of(
      PipelineInfo.source("files", TextLineSource.class, "TensorSliceDataset"),
      PipelineInfo.stage("cache", Cache.class, "CacheDatasetV2")));

  @Test
  void theCheckIsNamedOnceWithTheFlagThatTurnsItOff() {
    AtomicBoolean noted = new AtomicBoolean();
    try (CapturedLog log = new CapturedLog(JavaCppMemoryCheck.class)) {
      assertTrue(JavaCppMemoryCheck.note(PIPELINE, 8L << 30, noted));
      assertFalse(JavaCppMemoryCheck.note(PIPELINE, 8L << 30, noted), "once a process");
      assertEquals(List.of("Pipeline Table: JavaCPP reads the resident memory of this process"
          + " from /proc for every tensor an epoch hands to Java"
          + " (org.bytedeco.javacpp.maxPhysicalBytes is 8,589,934,592 bytes);"
          + " -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 on the java command line, as ./feedline"
          + " sets it, turns that off: it took half the CPU of the cached epochs of a table"
          + " (docs/performance.md#javacpps-memory-check)"), log.messages());
    }
  }

  @Test
  void nothingIsSaidWhereTheCheckIsOff() {
    AtomicBoolean noted = new AtomicBoolean();
    try (CapturedLog log = new CapturedLog(JavaCppMemoryCheck.class)) {
      assertFalse(JavaCppMemoryCheck.note(PIPELINE, 0, noted));
      assertEquals(List.of(), log.messages());
    }
    assertFalse(noted.get(), "a later pipeline with the check on is still told");
  }
}
