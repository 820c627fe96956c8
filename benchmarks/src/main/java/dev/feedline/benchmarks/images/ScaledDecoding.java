package dev.feedline.benchmarks.images;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.Decode;
import dev.feedline.DecodeJpeg;
import dev.feedline.StageGroup;
import dev.feedline.example.DecodedPhoto;
import dev.feedline.photos.EncodedPhoto;
import org.tensorflow.Operand;
import org.tensorflow.types.TString;

/**
 * The example's records decoded by the built-in {@code @DecodeJpeg}, which decodes camera-sized
 * photos (shorter side 640 px or more) at half scale, to the example's 8-bit pixels, instead of
 * the example's map.
 */
@StageGroup
public interface ScaledDecoding {
  @Decode(parallel = AUTO)
  EncodedPhoto parse(Operand<TString> record);

  @DecodeJpeg(minSourceSide = 640, parallel = AUTO)
  DecodedPhoto decode(EncodedPhoto photo);
}
