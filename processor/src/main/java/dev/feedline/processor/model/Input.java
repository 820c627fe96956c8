package dev.feedline.processor.model;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * A value a pipeline's maps take besides their element, made when the builder builds: a
 * {@code @Vocabulary} lookup table, a {@code @RunTimeValue} scalar, or a {@code @Statistics}
 * fitted over another pipeline.
 *
 * @param name the declaring method's name: the builder's setter and the maps' parameter
 * @param dtype the scalar's dtype, for a run-time value; null otherwise
 * @param oovBuckets the out-of-vocabulary buckets, for a vocabulary
 * @param statistic what is fitted, for a statistic; null otherwise
 */
public record Input(String name, Kind kind, ExecutableElement method, DType dtype,
    long oovBuckets, Statistic statistic) {

  public enum Kind { VOCABULARY, VALUE, STATISTIC }

  /** A vocabulary or a run-time value. */
  public Input(String name, Kind kind, ExecutableElement method, DType dtype, long oovBuckets) {
    this(name, kind, method, dtype, oovBuckets, null);
  }

  /** The runtime class a map's parameter has for a vocabulary. */
  public static final String VOCABULARY_TABLE = "dev.feedline.runtime.VocabularyTable";

  /**
   * The runtime class of the per-element random source a {@code @Map(random = true)} may take
   * after its element, besides its inputs: not given to the builder, but made for each element
   * from the pipeline's seed.
   */
  public static final String ELEMENT_RANDOM = "dev.feedline.runtime.ElementRandom";

  /** Whether a parameter of {@code type} takes the per-element random source. */
  public static boolean isElementRandom(TypeMirror type) {
    return type instanceof DeclaredType declared
        && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(ELEMENT_RANDOM);
  }
}
