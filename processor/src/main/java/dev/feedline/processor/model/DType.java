package dev.feedline.processor.model;

import java.util.Optional;

/**
 * The TensorFlow dtypes an element component may have, known by the name of their TensorFlow Java
 * class: the processor reads type names and never loads TensorFlow.
 */
public enum DType {
  FLOAT32("TFloat32", "float32", 4),
  FLOAT64("TFloat64", "float64", 8),
  FLOAT16("TFloat16", "float16", 2),
  BFLOAT16("TBfloat16", "bfloat16", 2),
  INT32("TInt32", "int32", 4),
  INT64("TInt64", "int64", 8),
  UINT8("TUint8", "uint8", 1),
  UINT16("TUint16", "uint16", 2),
  BOOL("TBool", "bool", 1),
  /** Variable-length bytes; TensorFlow stores 24 bytes inline per string plus longer payloads. */
  STRING("TString", "string", 24);

  /** The package of TensorFlow Java's dtype classes. */
  public static final String PACKAGE = "org.tensorflow.types";

  private final String className;
  private final String tfName;
  private final int byteSize;

  DType(String className, String tfName, int byteSize) {
    this.className = className;
    this.tfName = tfName;
    this.byteSize = byteSize;
  }

  /** The simple name of the TensorFlow Java class, such as {@code TFloat32}. */
  public String className() {
    return className;
  }

  /** TensorFlow's own name, such as {@code float32}. */
  public String tfName() {
    return tfName;
  }

  /** Bytes per value in memory; for strings, the inline part only. */
  public int byteSize() {
    return byteSize;
  }

  public boolean isNumeric() {
    return this != STRING && this != BOOL;
  }

  /** Whether a {@code tf.train.Example} feature list can hold it (bytes, int64 or float). */
  public boolean isExampleFeature() {
    return this == STRING || this == INT64 || this == FLOAT32;
  }

  /** The dtype of a TensorFlow Java class name, such as {@code org.tensorflow.types.TInt64}. */
  public static Optional<DType> ofClass(String qualifiedName) {
    for (DType type : values()) {
      if ((PACKAGE + "." + type.className).equals(qualifiedName)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
