package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * An element whose components are named like the members generated code declares: the builder's
 * {@code ramBudget}, {@code deviceBuffer} and {@code cacheFile}, the dataset methods'
 * {@code options}, {@code dataset} and {@code epoch}, and the tensors record's {@code close}.
 */
@Element
public record Clashing(
    @Shape({}) Operand<TInt64> ramBudget,
    @Shape({}) Operand<TFloat32> options,
    @Shape({}) Operand<TFloat32> close,
    @Shape({}) Operand<TInt64> dataset,
    @Shape({}) Operand<TInt64> epoch,
    @Shape({}) Operand<TInt64> deviceBuffer,
    @Shape({}) Operand<TInt64> cacheFile) {}
