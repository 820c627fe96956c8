package dev.feedline.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Signature;
import org.tensorflow.internal.types.registry.TensorTypeRegistry;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.family.TType;

/**
 * The dtypes and static shapes of one stage's elements, one entry per component, in the order
 * every tf.data op and iterator expects them.
 *
 * @param components the element's tensors, in record component order
 */
public record ElementSpec(List<Component> components) {

  /** One tensor of an element. */
  public record Component(String name, Class<? extends TType> type, Shape shape) {}

  public ElementSpec {
    components = List.copyOf(components);
  }

  /** Builds a spec from its components, in order. */
  public static ElementSpec of(Component... components) {
    return new ElementSpec(List.of(components));
  }

  /** One component; static-import it to keep specs readable. */
  public static Component component(String name, Class<? extends TType> type, Shape shape) {
    return new Component(name, type, shape);
  }

  /** Component dtypes, for the {@code output_types} attribute of dataset ops. */
  public List<Class<? extends TType>> types() {
    return components.stream().<Class<? extends TType>>map(Component::type).toList();
  }

  /** Component shapes, for the {@code output_shapes} attribute of dataset ops. */
  public List<Shape> shapes() {
    return components.stream().map(Component::shape).toList();
  }

  /**
   * The bytes of one element's tensors, from the dtypes and static shapes; -1 when a string or a
   * dimension known only at run time leaves it open.
   */
  public long fixedBytes() {
    long total = 0;
    for (Component component : components) {
      int size = TensorTypeRegistry.find(component.type()).byteSize();
      if (size < 0 || component.shape().hasUnknownDimension()) {
        return -1;
      }
      total += size * component.shape().size();
    }
    return total;
  }

  /**
   * Declares one placeholder per component as a tf.data function's inputs, named
   * {@code in_<component>} in the signature, and returns them in component order.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public List<Operand<?>> inputs(Ops tf, Signature.Builder signature) {
    List<Operand<?>> inputs = new ArrayList<>();
    for (Component c : components) {
      Placeholder<?> in = tf.placeholder((Class) c.type(), Placeholder.shape(c.shape()));
      signature.input("in_" + c.name(), in);
      inputs.add(in);
    }
    return inputs;
  }

  /** Number of components. */
  public int size() {
    return components.size();
  }
}
