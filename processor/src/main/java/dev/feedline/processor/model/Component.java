package dev.feedline.processor.model;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;

/**
 * One tensor of an element record.
 *
 * @param name the record component name
 * @param featureKey the tf.train.Example key it is read from, for {@code @Decode}: the name unless
 *     {@code @Feature} (or {@code @FeatureList}) overrides it
 * @param declaration the record component, to anchor diagnostics on; null for a raw string element
 * @param source where {@code @Decode} takes it from
 * @param lengthOf for a {@link Source#LENGTH} component, the component whose length it holds
 * @param defaults the values of a missing feature or empty CSV field; empty when one is an error
 * @param columns the CSV columns of a vector component ({@code @Columns}); empty: its one column
 */
public record Component(String name, DType dtype, StaticShape shape, String featureKey,
    Element declaration, Source source, String lengthOf, Optional<Defaults> defaults,
    Optional<ColumnSet> columns) {

  /**
   * The CSV columns of a vector component: header names, one per value, or a range of the
   * header from {@code from} to {@code to} (names then empty).
   */
  public record ColumnSet(List<String> names, String from, String to) {
    public ColumnSet {
      names = List.copyOf(names);
    }

    /** Whether it is a range, resolved in each file's header at build. */
    public boolean isRange() {
      return names.isEmpty();
    }
  }

  /** Where a parse takes a component from. */
  public enum Source {
    /** A feature of a tf.train.Example, or of a SequenceExample's context. */
    FEATURE,
    /** A feature list of a SequenceExample: one row per step. */
    FEATURE_LIST,
    /** Not read: the length of another component ({@code @LengthOf}). */
    LENGTH
  }

  /**
   * Default values, as declared: longs, floats or strings, one to fill the shape or one per value.
   */
  public record Defaults(List<Object> values) {
    public Defaults {
      values = List.copyOf(values);
    }
  }

  /** A component read from a feature of its own name, without default. */
  public static Component plain(String name, DType dtype, StaticShape shape, Element declaration) {
    return new Component(name, dtype, shape, name, declaration, Source.FEATURE, null,
        Optional.empty(), Optional.empty());
  }

  /** Whether its first dimension varies from element to element: a sequence. */
  public boolean isVariableLength() {
    return shape.rank() > 0 && shape.dims().get(0) == StaticShape.UNKNOWN;
  }
}
