package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A photo as stored in the TFRecord shards: JPEG bytes, its class and a unique id.
 *
 * @param jpeg the JPEG file's bytes, stored under the conventional {@code image/encoded} key
 * @param label 0 for a crop of the temple photo, 1 for a crop of the flower photo
 * @param id unique per photo in the data set
 */
@Element
public record EncodedPhoto(
    @Feature("image/encoded") @Shape({}) Operand<TString> jpeg,
    @Shape({}) Operand<TInt64> label,
    @Shape({}) Operand<TInt64> id) {}
