package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** A row with the sum of its values. */
@Element
public record Totals(
    @Shape({}) Operand<TInt64> id,
    @Shape({}) Operand<TInt64> label,
    @Shape({}) Operand<TFloat32> total) {}
