package dev.feedline.runtime.internal.examples;

import java.util.List;

/**
 * What a record's generated writer writes: the features its {@code @Decode} parses, one per
 * component that is read (not those a parse computes, {@code @LengthOf}), with the components'
 * names for messages and for tools that set values by name.
 *
 * @param record the record's name, as messages show it
 * @param components the components, one per feature, in the same order
 * @param features the features, exactly as the record's parse spec declares them
 */
public record ExampleSchema(String record, List<String> components, ExampleFeatures features) {
  public ExampleSchema {
    components = List.copyOf(components);
    if (components.size() != features.features().size()) {
      throw new IllegalArgumentException(record + ": " + components.size() + " components for "
          + features.features().size() + " features");
    }
  }

  /** A builder of one record's serialized Example or SequenceExample. */
  public ExampleBuilder builder() {
    return new ExampleBuilder(record, components, features);
  }

  /** The position of the component called {@code name}; -1 when there is none. */
  public int indexOf(String name) {
    return components.indexOf(name);
  }

  /** The feature of the component at {@code index}. */
  public ExampleFeatures.Feature feature(int index) {
    return features.features().get(index);
  }
}
