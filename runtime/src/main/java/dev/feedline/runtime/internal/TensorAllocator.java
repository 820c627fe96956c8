package dev.feedline.runtime.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which allocator holds TensorFlow's CPU tensors in this process, as far as it can be told from
 * outside TensorFlow, and whether it fragments under a memory cache.
 *
 * <p>With oneDNN on, TensorFlow allocates tensors of 256 KiB and more from a pool of its own, a
 * best-fit-with-coalescing allocator (the {@code MklCPUAllocator}, registered above the default
 * one in {@code tensorflow/core/common_runtime/threadpool_device.cc}). TensorFlow turns oneDNN on
 * by default on Linux only for CPUs with AVX512_VNNI, AVX512_BF16, AVX_VNNI or AMX
 * ({@code DefaultOneDnnPolicy} in {@code tensorflow/core/util/port.cc}); on others, an AVX2 CPU
 * such as AMD's Zen 1 or 2, every tensor comes from {@code malloc}. glibc's malloc then keeps a
 * cache's long-lived images and the short-lived batches side by side in per-thread arenas whose
 * freed holes it can neither reuse for the next batch nor return: docs/performance.md measured
 * resident memory growing with every cached epoch, to 2.6 to 3.4 times the cache, and cached
 * epochs at a tenth of their speed. A preloaded tcmalloc or jemalloc, or glibc with a fixed mmap
 * threshold, does not; nor does oneDNN's pool where {@code TF_ENABLE_ONEDNN_OPTS=1} turns it on,
 * as {@code ./feedline} does on AVX2 CPUs. {@code TF_CPU_ALLOCATOR_USE_BFC=true} gives every tensor
 * another pool of TensorFlow's ({@code ProcessState::GetCPUAllocator} in
 * {@code tensorflow/core/common_runtime/process_state.cc}), even where oneDNN is on; Feedline does
 * not set it (docs/performance.md says why), but names it where it is set.
 *
 * @param kind who allocates the large tensors
 * @param description the allocator in words, for reports
 */
public record TensorAllocator(Kind kind, String description) {
  /** Who allocates TensorFlow's large CPU tensors. */
  public enum Kind {
    /** TensorFlow's own pool: oneDNN's, or the one {@code TF_CPU_ALLOCATOR_USE_BFC} turns on. */
    TENSORFLOW_POOL,
    /** A preloaded tcmalloc. */
    TCMALLOC,
    /** A preloaded jemalloc. */
    JEMALLOC,
    /** glibc's malloc with a fixed mmap threshold: large blocks are mapped and unmapped exactly. */
    GLIBC_FIXED_MMAP_THRESHOLD,
    /** glibc's malloc with its defaults, which fragments under a memory cache. */
    GLIBC
  }

  /** CPU features for which TensorFlow turns oneDNN on by default on Linux (port.cc). */
  static final Set<String> ONEDNN_CPU_FLAGS =
      Set.of("avx512_vnni", "avx512_bf16", "avx_vnni", "amx_tile", "amx_int8", "amx_bf16");

  private static volatile TensorAllocator thisProcess;

  /** Whether a memory cache costs a multiple of its size in resident memory under it. */
  public boolean fragmentsUnderCache() {
    return kind == Kind.GLIBC;
  }

  /**
   * This process's allocator, from its environment, its mapped libraries and its CPU's features;
   * null where they cannot be read (not Linux, or not x86-64).
   */
  public static TensorAllocator ofThisProcess() {
    TensorAllocator known = thisProcess;
    if (known == null && !"amd64".equals(System.getProperty("os.arch"))) {
      return null;
    }
    if (known == null) {
      try {
        known = of(Files.readString(Path.of("/proc/self/maps")), System.getenv(),
            cpuFlags(Files.readString(Path.of("/proc/cpuinfo"))));
      } catch (IOException | RuntimeException e) {
        return null;
      }
      thisProcess = known;
    }
    return known;
  }

  /**
   * The allocator of a process.
   *
   * @param maps the process's {@code /proc/self/maps}
   * @param env its environment
   * @param cpuFlags its CPU's feature flags, as {@code /proc/cpuinfo} spells them
   */
  static TensorAllocator of(String maps, Map<String, String> env, Set<String> cpuFlags) {
    TensorAllocator malloc = malloc(maps, env);
    // The switch replaces the allocator oneDNN registers too: ProcessState falls back to the
    // registered ones only without it.
    if (bfcPoolOn(env.get("TF_CPU_ALLOCATOR_USE_BFC"))) {
      return new TensorAllocator(Kind.TENSORFLOW_POOL, "TensorFlow's pool (BFC,"
          + " TF_CPU_ALLOCATOR_USE_BFC) for every tensor, its regions from " + malloc.description());
    }
    if (oneDnnOn(env.get("TF_ENABLE_ONEDNN_OPTS"), cpuFlags)) {
      return new TensorAllocator(Kind.TENSORFLOW_POOL, "TensorFlow's oneDNN pool (BFC) for"
          + " tensors of 256 KiB and more, " + malloc.description() + " for smaller ones");
    }
    return malloc;
  }

  /**
   * Whether {@code TF_CPU_ALLOCATOR_USE_BFC} turns TensorFlow's CPU pool on, read as TensorFlow's
   * {@code ReadBoolFromEnvVar} reads it: "1" or "true" in any case; anything else leaves it off.
   */
  static boolean bfcPoolOn(String setting) {
    String value = setting == null ? "" : setting.toLowerCase(Locale.ROOT);
    return value.equals("1") || value.equals("true");
  }

  /** The process's malloc: a preloaded one, or glibc's. */
  private static TensorAllocator malloc(String maps, Map<String, String> env) {
    if (maps.contains("libtcmalloc")) {
      return new TensorAllocator(Kind.TCMALLOC, "tcmalloc (preloaded)");
    }
    if (maps.contains("libjemalloc")) {
      return new TensorAllocator(Kind.JEMALLOC, "jemalloc (preloaded)");
    }
    String tunables = env.getOrDefault("GLIBC_TUNABLES", "");
    if (env.containsKey("MALLOC_MMAP_THRESHOLD_") || tunables.contains("glibc.malloc.mmap_threshold")) {
      return new TensorAllocator(Kind.GLIBC_FIXED_MMAP_THRESHOLD,
          "glibc malloc with a fixed mmap threshold" + (hugePages(tunables)
              ? " and transparent huge pages (glibc.malloc.hugetlb)" : "")
              + (env.containsKey("MALLOC_TOP_PAD_")
              ? " and a top pad of " + env.get("MALLOC_TOP_PAD_") + " bytes" : "")
              + arenas(env, " and"));
    }
    return new TensorAllocator(Kind.GLIBC, "glibc malloc" + arenas(env, " with"));
  }

  /**
   * A limit on glibc's arenas, in words, or nothing: without one, each epoch's new tf.data threads
   * may open arenas of their own while the last epoch's still hold theirs (docs/performance.md).
   */
  private static String arenas(Map<String, String> env, String joiner) {
    String max = env.get("MALLOC_ARENA_MAX");
    return max == null || max.isBlank() ? "" : joiner + " at most " + max.strip() + " arenas";
  }

  /** Whether {@code GLIBC_TUNABLES} sets {@code glibc.malloc.hugetlb} to 1 or 2: huge pages. */
  private static boolean hugePages(String tunables) {
    for (String tunable : tunables.split(":")) {
      if (tunable.equals("glibc.malloc.hugetlb=1") || tunable.equals("glibc.malloc.hugetlb=2")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether TensorFlow runs with oneDNN on: {@code TF_ENABLE_ONEDNN_OPTS} when it is one of the
   * values TensorFlow reads, else the default of its CPU.
   */
  static boolean oneDnnOn(String setting, Set<String> cpuFlags) {
    String value = setting == null ? "" : setting.strip().toLowerCase(Locale.ROOT);
    return switch (value) {
      case "1", "true" -> true;
      case "0", "false" -> false;
      default -> cpuFlags.stream().anyMatch(ONEDNN_CPU_FLAGS::contains);
    };
  }

  /** The feature flags of the first CPU in {@code /proc/cpuinfo}. */
  static Set<String> cpuFlags(String cpuinfo) {
    return cpuinfo.lines().filter(line -> line.startsWith("flags"))
        .findFirst()
        .map(line -> Set.copyOf(Arrays.asList(line.substring(line.indexOf(':') + 1).strip()
            .split("\\s+"))))
        .orElse(Set.of());
  }
}
