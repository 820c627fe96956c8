package dev.feedline.runtime.internal;

import java.lang.reflect.Method;
import org.bytedeco.javacpp.PointerScope;
import org.tensorflow.RawTensor;
import org.tensorflow.SparseTensor;
import org.tensorflow.TensorMapper;
import org.tensorflow.internal.types.registry.TensorTypeRegistry;
import org.tensorflow.proto.DataType;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.annotation.TensorType;
import org.tensorflow.types.family.TType;

/**
 * The {@code DT_VARIANT} dtype that datasets have in a graph.
 *
 * <p>TensorFlow Java 1.1.0 ships no Java type for it, so a graph function that returns a dataset
 * (the body of an interleave) fails with "No tensor type has been registered for data type
 * DT_VARIANT". {@link #register()} adds this type to TensorFlow's registry. Variant values never
 * cross into Java: they only flow between graph ops, so the mapper refuses to map them.
 */
@TensorType(dataType = DataType.DT_VARIANT, byteSize = -1, mapperClass = TVariant.Mapper.class)
public interface TVariant extends TType {

  /** Registers the type once per JVM; later calls do nothing. */
  static void register() {
    Registration.ensure();
  }

  /** Refuses to expose variant tensors to Java; they stay inside the graph. */
  final class Mapper extends TensorMapper<TVariant> {
    @Override
    protected TVariant mapDense(RawTensor tensor) {
      throw new UnsupportedOperationException("DT_VARIANT tensors cannot be read from Java");
    }

    @Override
    protected SparseTensor<TVariant> mapSparse(
        TInt64 indices, TVariant values, TInt64 denseShape, PointerScope scope) {
      throw new UnsupportedOperationException("DT_VARIANT tensors cannot be read from Java");
    }
  }
}

/** Holds the one-time registration; an interface cannot hold mutable state itself. */
final class Registration {
  private static boolean registered;

  private Registration() {}

  static synchronized void ensure() {
    if (registered) {
      return;
    }
    try {
      // TensorTypeRegistry.register(Class) is private in 1.1.0; there is no public way in.
      Method register = TensorTypeRegistry.class.getDeclaredMethod("register", Class.class);
      register.setAccessible(true);
      register.invoke(null, TVariant.class);
      registered = true;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "Cannot register DT_VARIANT with this TensorFlow Java version; Feedline needs 1.1.0", e);
    }
  }
}
