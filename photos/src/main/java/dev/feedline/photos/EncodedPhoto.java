package dev.feedline.photos;

import dev.feedline.Element;
import dev.feedline.Feature;
import dev.feedline.Shape;
import dev.feedline.Writable;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A photo as stored in TFRecord shards: JPEG bytes, its class and a unique id. The example
 * pipeline parses it; the example's data set and {@code ./feedline shard} write it through the
 * generated {@code FeedlineEncodedPhotoWriter}, so reader and writers share this one declaration.
 *
 * @param jpeg the JPEG file's bytes, stored under the conventional {@code image/encoded} key
 * @param label the photo's class: for the example's data set, 0 for a crop of the temple photo,
 *     1 for a crop of the flower photo
 * @param id unique per photo in the data set
 */
@Element
@Writable
public record EncodedPhoto(
    @Feature("image/encoded") @Shape({}) Operand<TString> jpeg,
    @Shape({}) Operand<TInt64> label,
    @Shape({}) Operand<TInt64> id) {}
