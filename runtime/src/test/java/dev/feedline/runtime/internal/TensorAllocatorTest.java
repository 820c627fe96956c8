package dev.feedline.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.Cache;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.runtime.PipelineInfo;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;

/** Which allocator holds the tensors, and the warning a large memory cache gets under glibc's. */
class TensorAllocatorTest {
  private static final String GLIBC_MAPS = """
      7f1c00000000-7f1c00021000 rw-p 00000000 00:00 0
      7f1c2a000000-7f1c2a028000 r--p 00000000 08:01 1234 /usr/lib/x86_64-linux-gnu/libc.so.6
      """;
  private static final String TCMALLOC_MAPS = GLIBC_MAPS
      + "7f1c2b000000-7f1c2b010000 r-xp 00000000 08:01 99 /usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4.5.10\n";
  private static final Set<String> AVX2 = Set.of("sse4_2", "avx", "avx2", "fma");
  private static final Set<String> AVX512_VNNI = Set.of("avx2", "avx512f", "avx512_vnni");

  private static final PipelineInfo PIPELINE = new PipelineInfo("x.Photos", "test", List.of(
      PipelineInfo.source("shards", TFRecordSource.class, "TensorSliceDataset"),
      PipelineInfo.stage("cache", Cache.class, "CacheDatasetV2"),
      PipelineInfo.stage("shuffle", Shuffle.class, "ShuffleDatasetV3")));
  /** 224×224×3 float32: 602,112 bytes an element. */
  private static final ElementSpec PHOTO =
      ElementSpec.of(ElementSpec.component("image", TFloat32.class, Shape.of(224, 224, 3)));

  private final List<LogRecord> logged = new ArrayList<>();
  private final Logger logger = Logger.getLogger(MemoryGuard.class.getName());
  private final Handler capture = new Handler() {
    @Override public void publish(LogRecord record) {
      logged.add(record);
    }

    @Override public void flush() {}

    @Override public void close() {}
  };

  @BeforeEach
  void listen() {
    logger.addHandler(capture);
  }

  @AfterEach
  void stop() {
    logger.removeHandler(capture);
  }

  @Test
  void oneDnnFollowsTensorFlowsOwnDefaultAndItsSwitch() {
    assertFalse(TensorAllocator.oneDnnOn(null, AVX2), "AVX2 alone: TensorFlow leaves oneDNN off");
    assertTrue(TensorAllocator.oneDnnOn(null, AVX512_VNNI));
    assertTrue(TensorAllocator.oneDnnOn(null, Set.of("amx_tile")));
    assertTrue(TensorAllocator.oneDnnOn("1", AVX2));
    assertTrue(TensorAllocator.oneDnnOn("TRUE", AVX2));
    assertFalse(TensorAllocator.oneDnnOn("0", AVX512_VNNI));
    assertFalse(TensorAllocator.oneDnnOn("false", AVX512_VNNI));
    assertTrue(TensorAllocator.oneDnnOn("yes", AVX512_VNNI), "a value TensorFlow rejects: its default");
  }

  @Test
  void theAllocatorOfTheLargeTensorsIsNamed() {
    TensorAllocator pool = TensorAllocator.of(TCMALLOC_MAPS, Map.of(), AVX512_VNNI);
    assertEquals(TensorAllocator.Kind.TENSORFLOW_POOL, pool.kind(),
        "with oneDNN on, TensorFlow's pool takes the large tensors whatever malloc is");
    assertEquals("TensorFlow's oneDNN pool (BFC) for tensors of 256 KiB and more, tcmalloc"
        + " (preloaded) for smaller ones", pool.description());
    assertEquals(TensorAllocator.Kind.TCMALLOC, TensorAllocator.of(TCMALLOC_MAPS, Map.of(), AVX2).kind());
    assertEquals(TensorAllocator.Kind.JEMALLOC, TensorAllocator.of(GLIBC_MAPS
        + "7f00-7f01 r-xp 0 08:01 7 /usr/lib/x86_64-linux-gnu/libjemalloc.so.2\n", Map.of(), AVX2).kind());
    assertEquals(TensorAllocator.Kind.GLIBC_FIXED_MMAP_THRESHOLD, TensorAllocator.of(GLIBC_MAPS,
        Map.of("MALLOC_MMAP_THRESHOLD_", "131072"), AVX2).kind());
    assertEquals(TensorAllocator.Kind.GLIBC_FIXED_MMAP_THRESHOLD, TensorAllocator.of(GLIBC_MAPS,
        Map.of("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=131072"), AVX2).kind());
    assertEquals("glibc malloc with a fixed mmap threshold and transparent huge pages"
        + " (glibc.malloc.hugetlb)", TensorAllocator.of(GLIBC_MAPS, Map.of("MALLOC_MMAP_THRESHOLD_",
            "4194304", "GLIBC_TUNABLES", "glibc.malloc.hugetlb=1"), AVX2).description(),
        "the launcher's setting where tcmalloc is absent");
    assertEquals("TensorFlow's oneDNN pool (BFC) for tensors of 256 KiB and more, glibc malloc"
        + " with a fixed mmap threshold and a top pad of 268435456 bytes and at most 2 arenas for"
        + " smaller ones", TensorAllocator.of(GLIBC_MAPS, Map.of("MALLOC_MMAP_THRESHOLD_", "4194304",
            "MALLOC_TOP_PAD_", "268435456", "MALLOC_ARENA_MAX", "2"), AVX512_VNNI).description(),
        "the launcher's setting where oneDNN is on, on 2 cores");
    assertEquals("TensorFlow's oneDNN pool (BFC) for tensors of 256 KiB and more, glibc malloc"
        + " with a fixed mmap threshold and a top pad of 268435456 bytes and at most 2 arenas for"
        + " smaller ones", TensorAllocator.of(GLIBC_MAPS, Map.of("TF_ENABLE_ONEDNN_OPTS", "1",
            "MALLOC_MMAP_THRESHOLD_", "4194304", "MALLOC_TOP_PAD_", "268435456",
            "MALLOC_ARENA_MAX", "2"), AVX2).description(),
        "the launcher's setting on an AVX2 CPU, on 2 cores: oneDNN turned on");
    assertEquals("glibc malloc with at most 4 arenas", TensorAllocator.of(GLIBC_MAPS,
        Map.of("MALLOC_ARENA_MAX", "4"), AVX2).description());
    assertEquals(TensorAllocator.Kind.GLIBC, TensorAllocator.of(GLIBC_MAPS,
        Map.of("MALLOC_ARENA_MAX", "4"), AVX2).kind(), "fewer arenas still fragment under a cache");
    assertEquals("glibc malloc with a fixed mmap threshold", TensorAllocator.of(GLIBC_MAPS,
        Map.of("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=4194304:glibc.malloc.hugetlb=0"),
        AVX2).description(), "hugetlb=0 asks for none");
    TensorAllocator glibc = TensorAllocator.of(GLIBC_MAPS, Map.of(), AVX2);
    assertEquals(TensorAllocator.Kind.GLIBC, glibc.kind());
    assertTrue(glibc.fragmentsUnderCache());
    assertEquals(TensorAllocator.Kind.GLIBC,
        TensorAllocator.of(GLIBC_MAPS, Map.of("TF_ENABLE_ONEDNN_OPTS", "0"), AVX512_VNNI).kind());
  }

  @Test
  void tensorFlowsCpuPoolIsReadAsTensorFlowReadsItsSwitch() {
    TensorAllocator pool = TensorAllocator.of(GLIBC_MAPS, Map.of("TF_CPU_ALLOCATOR_USE_BFC", "true",
        "MALLOC_MMAP_THRESHOLD_", "4194304"), AVX2);
    assertEquals(TensorAllocator.Kind.TENSORFLOW_POOL, pool.kind(), "a pool the user turned on");
    assertEquals("TensorFlow's pool (BFC, TF_CPU_ALLOCATOR_USE_BFC) for every tensor, its regions"
        + " from glibc malloc with a fixed mmap threshold", pool.description());
    assertFalse(pool.fragmentsUnderCache());
    assertEquals(TensorAllocator.Kind.TENSORFLOW_POOL, TensorAllocator.of(GLIBC_MAPS,
        Map.of("TF_CPU_ALLOCATOR_USE_BFC", "1"), AVX2).kind());
    assertEquals(TensorAllocator.Kind.TENSORFLOW_POOL, TensorAllocator.of(GLIBC_MAPS,
        Map.of("TF_CPU_ALLOCATOR_USE_BFC", "TRUE"), AVX2).kind());
    for (String off : List.of("0", "false", "", " true", "yes")) {
      assertEquals(TensorAllocator.Kind.GLIBC, TensorAllocator.of(GLIBC_MAPS,
          Map.of("TF_CPU_ALLOCATOR_USE_BFC", off), AVX2).kind(),
          "'" + off + "': TensorFlow reads it as off or rejects it and keeps malloc");
    }
    assertEquals("TensorFlow's pool (BFC, TF_CPU_ALLOCATOR_USE_BFC) for every tensor, its regions"
        + " from tcmalloc (preloaded)", TensorAllocator.of(TCMALLOC_MAPS,
            Map.of("TF_CPU_ALLOCATOR_USE_BFC", "true"), AVX512_VNNI).description(),
        "the switch replaces oneDNN's allocator as well");
  }

  @Test
  void noWarningUnderTensorFlowsCpuPool() {
    MemoryGuard.check(PIPELINE, 8L << 30, 4096, List.of(MemoryGuard.cache("cache", PHOTO, true)),
        TensorAllocator.of(GLIBC_MAPS, Map.of("TF_CPU_ALLOCATOR_USE_BFC", "true"), AVX2));
    assertTrue(logged.isEmpty(), () -> logged.get(0).getMessage());
  }

  @Test
  void cpuFlagsAreReadFromTheFirstProcessor() {
    assertEquals(Set.of("fpu", "avx2", "avx512_vnni"), TensorAllocator.cpuFlags("""
        processor\t: 0
        model name\t: Some CPU
        flags\t\t: fpu avx2 avx512_vnni avx2
        processor\t: 1
        flags\t\t: fpu
        """));
    assertEquals(Set.of(), TensorAllocator.cpuFlags("processor : 0\n"));
  }

  @Test
  void aLargeMemoryCacheUnderGlibcMallocIsNamedInAWarning() {
    MemoryGuard.check(PIPELINE, 8L << 30, 4096, List.of(MemoryGuard.cache("cache", PHOTO, true),
        MemoryGuard.shuffle("shuffle", PHOTO, 1000, true)),
        TensorAllocator.of(GLIBC_MAPS, Map.of(), AVX2));
    assertEquals(1, logged.size(), "the cache, not the shuffle buffer");
    assertEquals(Level.WARNING, logged.get(0).getLevel());
    String message = MessageFormat.format(logged.get(0).getMessage(), logged.get(0).getParameters());
    assertTrue(message.startsWith("Pipeline Photos, stage 'cache' (@Cache) keeps 2.30 GiB in memory,"
        + " and TensorFlow takes its tensors from glibc's malloc in this process"), message);
    assertTrue(message.contains("Start the JVM with TF_ENABLE_ONEDNN_OPTS=1, as ./feedline does,"
        + " which gives the large tensors oneDNN's pool, or with"
        + " LD_PRELOAD=libtcmalloc_minimal.so.4"), message);
  }

  @Test
  void noWarningUnderAnotherAllocatorOrForASmallCache() {
    List<MemoryGuard.Buffer> cache = List.of(MemoryGuard.cache("cache", PHOTO, true));
    MemoryGuard.check(PIPELINE, 8L << 30, 4096, cache, TensorAllocator.of(TCMALLOC_MAPS, Map.of(), AVX2));
    MemoryGuard.check(PIPELINE, 8L << 30, 4096, cache, TensorAllocator.of(GLIBC_MAPS, Map.of(), AVX512_VNNI));
    MemoryGuard.check(PIPELINE, 8L << 30, 4096, cache, null);
    MemoryGuard.check(PIPELINE, 8L << 30, 100, cache, TensorAllocator.of(GLIBC_MAPS, Map.of(), AVX2));
    assertTrue(logged.isEmpty(), () -> logged.get(0).getMessage());
  }
}
