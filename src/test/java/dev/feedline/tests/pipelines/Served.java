package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** What {@link ServingPipelines}' maps make of a {@link Row}: the model's inputs. */
@Element
public record Served(
    @Shape({}) Operand<TInt64> id,
    @Shape({3}) Operand<TFloat32> features,
    @Shape({}) Operand<TFloat32> norm) {}
