package dev.feedline;

/** How expensive a {@link Map} body is per element, for the stage-order checks. */
public enum Cost {
  /**
   * Judged from the element types: a map that turns a string component into a numeric tensor of
   * rank 2 or more decodes (an image, say) and is expensive; anything else is cheap.
   */
  INFER,
  /** Arithmetic, casts, reshapes: cheaper to recompute than to cache. */
  CHEAP,
  /** Decoding, parsing, resizing: worth caching after. */
  EXPENSIVE
}
