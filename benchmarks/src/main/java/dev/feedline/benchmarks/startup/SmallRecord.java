package dev.feedline.benchmarks.startup;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** A small parsed record, about 50 bytes on disk: start-up cost is per record, not per byte. */
@Element
public record SmallRecord(@Shape({}) Operand<TInt64> id, @Shape({4}) Operand<TFloat32> values) {}
