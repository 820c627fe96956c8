package dev.feedline.doctor;

import java.util.List;

/**
 * The ids of the processor's rules that the doctor's findings name: each finding points at the
 * compile-time check that prevents it (docs/rules.md). The doctor does not depend on the
 * processor; an end-to-end test checks that every id here is one of its rules.
 */
public final class RuleIds {
  public static final String MAP_NOT_PARALLEL = "map-not-parallel";
  public static final String FILE_READ_NOT_PARALLEL = "file-read-not-parallel";
  public static final String CACHE_BEFORE_EXPENSIVE_MAP = "cache-before-expensive-map";
  public static final String HEALTHY_ORDER = "healthy-order";
  public static final String CACHE_EXCEEDS_RAM = "cache-exceeds-ram";
  public static final String SHUFFLE_BUFFER_MEMORY = "shuffle-buffer-memory";
  public static final String TERMINAL_PREFETCH_AUTOTUNE = "terminal-prefetch-autotune";
  public static final String SHUFFLE_BUFFER_TOO_SMALL = "shuffle-buffer-too-small";
  public static final String BUCKETING_COSTS_MORE = "bucketing-costs-more";

  /** Every id above. */
  public static final List<String> ALL = List.of(MAP_NOT_PARALLEL, FILE_READ_NOT_PARALLEL,
      CACHE_BEFORE_EXPENSIVE_MAP, HEALTHY_ORDER, CACHE_EXCEEDS_RAM, SHUFFLE_BUFFER_MEMORY,
      TERMINAL_PREFETCH_AUTOTUNE, SHUFFLE_BUFFER_TOO_SMALL, BUCKETING_COSTS_MORE);

  private RuleIds() {}
}
