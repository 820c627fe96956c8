package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * A decoded photo, ready for a model.
 *
 * @param image RGB pixels scaled to [0, 1], resized to 224×224
 * @param label the photo's class
 * @param id the photo's id
 */
@Element
public record Photo(
    @Shape({224, 224, 3}) Operand<TFloat32> image,
    @Shape({}) Operand<TInt64> label,
    @Shape({}) Operand<TInt64> id) {}
