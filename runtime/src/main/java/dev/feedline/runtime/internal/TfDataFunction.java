package dev.feedline.runtime.internal;

import static org.tensorflow.internal.c_api.global.tensorflow.TF_FunctionSetAttrValueProto;

import java.lang.reflect.Method;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.PointerScope;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.internal.c_api.TF_Function;
import org.tensorflow.internal.c_api.TF_Status;
import org.tensorflow.proto.AttrValue;

/**
 * Marks a graph function that builds datasets as tf.data's own, as Python's tf.data marks every
 * function it traces. tf.data's static rewrites (parallel batch copies, prefetch autotuning,
 * injected prefetches, ...) run on the pipeline's graph when its iterator is made, and reach into
 * a function's body only where the function carries this mark: without it, the stages an epoch
 * function builds run as written, the rewrites applied only around them.
 */
final class TfDataFunction {
  /** The function attribute tf.data's meta-optimizer looks for ({@code data::kTFDataFunction}). */
  static final String ATTRIBUTE = "_tf_data_function";

  private TfDataFunction() {}

  /** Marks {@code function}; call it before any op uses the function, which copies it. */
  static ConcreteFunction mark(ConcreteFunction function) {
    byte[] value = AttrValue.newBuilder().setB(true).build().toByteArray();
    try (PointerScope scope = new PointerScope()) {
      TF_Status status = TF_Status.newStatus();
      TF_FunctionSetAttrValueProto(nativeHandle(function), ATTRIBUTE, new BytePointer(value),
          value.length, status);
      status.throwExceptionIfNotOK();
    }
    return function;
  }

  private static TF_Function nativeHandle(ConcreteFunction function) {
    try {
      // ConcreteFunction.nativeHandle() is package-private in 1.1.0, and no public call sets a
      // function's attributes.
      Method handle = ConcreteFunction.class.getDeclaredMethod("nativeHandle");
      handle.setAccessible(true);
      return (TF_Function) handle.invoke(function);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "Cannot reach a graph function's handle in this TensorFlow Java version; Feedline needs"
              + " 1.1.0", e);
    }
  }
}
