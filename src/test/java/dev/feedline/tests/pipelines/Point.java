package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/** A 2-D point and its class. */
@Element
public record Point(@Shape({2}) Operand<TFloat32> xy, @Shape({}) Operand<TInt32> cls) {}
