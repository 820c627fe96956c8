package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** A parsed test record: see {@code TestData.rowRecord}. */
@Element
public record Row(
    @Shape({}) Operand<TInt64> id,
    @Shape({}) Operand<TInt64> label,
    @Shape({3}) Operand<TFloat32> values) {}
