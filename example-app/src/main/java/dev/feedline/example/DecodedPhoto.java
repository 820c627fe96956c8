package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TUint8;

/**
 * A decoded photo as the cache keeps it: 8-bit pixels, a quarter of the bytes of the float32
 * {@link Photo} a model takes, which the model makes of them ({@link PhotoStages#scaled},
 * {@link TrainingPipeline#center}).
 *
 * @param pixels RGB pixels, 0 to 255, resized to 224×224
 * @param label the photo's class
 * @param id the photo's id
 */
@Element
public record DecodedPhoto(
    @Shape({224, 224, 3}) Operand<TUint8> pixels,
    @Shape({}) Operand<TInt64> label,
    @Shape({}) Operand<TInt64> id) {}
