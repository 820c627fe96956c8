package dev.feedline.benchmarks.shuffle;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** A decoded photo of the example's size, 224×224×3 floats (588 KiB), and its id. */
@Element
public record Frame(@Shape({224, 224, 3}) Operand<TFloat32> pixels, @Shape({}) Operand<TInt64> id) {}
