package ${package};

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/**
 * One example as the TFRecord files store it: each component is a feature of a
 * {@code tf.train.Example}, under the component's name, with its type and shape.
 *
 * @param features four measurements, each between 0 and {@link SamplePipeline}'s {@code MAX_VALUE}
 * @param label the class, 0, 1 or 2
 */
@Element
public record Sample(
    @Shape({4}) Operand<TFloat32> features,
    @Shape({}) Operand<TInt64> label) {}
