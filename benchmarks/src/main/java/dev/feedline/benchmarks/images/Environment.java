package dev.feedline.benchmarks.images;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A process environment the memory table runs the generated pipeline under: who allocates
 * TensorFlow's tensors. An empty value removes the variable that {@code ./feedline} set.
 *
 * @param name the environment in words, for the report
 * @param changes the variables set, or removed where the value is empty
 */
record Environment(String name, Map<String, String> changes) {
  /** Where Debian, Ubuntu and Fedora install tcmalloc; the launcher looks in the same places. */
  private static final List<String> TCMALLOC = List.of(
      "/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4", "/usr/lib64/libtcmalloc_minimal.so.4",
      "/usr/lib/libtcmalloc_minimal.so.4", "/usr/local/lib/libtcmalloc_minimal.so.4");
  /** glibc's default malloc: what a JVM started without the launcher's settings has. */
  private static final Map<String, String> GLIBC = Map.of("LD_PRELOAD", "", "MALLOC_MMAP_THRESHOLD_",
      "", "MALLOC_TOP_PAD_", "", "MALLOC_ARENA_MAX", "", "GLIBC_TUNABLES", "",
      "TF_ENABLE_ONEDNN_OPTS", "", "TF_CPU_ALLOCATOR_USE_BFC", "");
  private static final Map<String, String> ONEDNN_OFF =
      with(GLIBC, "TF_ENABLE_ONEDNN_OPTS", "0");
  private static final Map<String, String> FIXED_THRESHOLD =
      with(ONEDNN_OFF, "MALLOC_MMAP_THRESHOLD_", "4194304");

  /**
   * The environments compared: glibc's malloc as a JVM has it by default, then, with oneDNN off
   * as TensorFlow leaves it on CPUs without AVX512_VNNI, AVX512_BF16, AVX_VNNI or AMX (AVX2
   * ones, such as AMD's Zen 1), glibc's malloc, glibc's with a fixed mmap threshold alone, with
   * the threshold and huge pages (the launcher's setting there before issue 28's eleventh round,
   * which turns oneDNN on instead), TensorFlow's other pool ({@code TF_CPU_ALLOCATOR_USE_BFC}) over
   * glibc's default malloc, and tcmalloc where it is installed. Each names every setting it has:
   * the launcher's others are removed.
   */
  static List<Environment> compared() {
    List<Environment> environments = new ArrayList<>(List.of(
        new Environment("glibc malloc", GLIBC),
        new Environment("oneDNN off, glibc malloc", ONEDNN_OFF),
        new Environment("oneDNN off, glibc malloc, MALLOC_MMAP_THRESHOLD_=4194304",
            FIXED_THRESHOLD),
        new Environment("oneDNN off, glibc malloc, MALLOC_MMAP_THRESHOLD_=4194304,"
            + " glibc.malloc.hugetlb=1", with(FIXED_THRESHOLD, "GLIBC_TUNABLES",
                "glibc.malloc.hugetlb=1")),
        new Environment("oneDNN off, TF_CPU_ALLOCATOR_USE_BFC=true, glibc malloc",
            with(ONEDNN_OFF, "TF_CPU_ALLOCATOR_USE_BFC", "true"))));
    TCMALLOC.stream().filter(path -> Files.isRegularFile(Path.of(path))).findFirst()
        .ifPresent(tcmalloc -> environments.add(new Environment("oneDNN off, tcmalloc",
            with(ONEDNN_OFF, "LD_PRELOAD", tcmalloc))));
    return environments;
  }

  private static Map<String, String> with(Map<String, String> changes, String name, String value) {
    Map<String, String> more = new HashMap<>(changes);
    more.put(name, value);
    return Map.copyOf(more);
  }
}
