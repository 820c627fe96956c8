package dev.feedline.processor.writing;

import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.DecodeJpegStage;
import dev.feedline.processor.writing.spec.CodeBlock;

/**
 * The scale a {@code @DecodeJpeg} stage decodes at: libjpeg can decode at 1/2, 1/4 or 1/8 of the
 * size in the DCT domain, skipping most of the work for pixels the resize would drop anyway. The
 * largest such ratio is taken that keeps every decoded side at least the output's larger side.
 *
 * @param ratio 1, 2, 4 or 8
 */
record JpegScale(Stage stage, long outputSide, long ratio) {
  static JpegScale of(Stage stage, long outputSide) {
    DecodeJpegStage decode = stage.as(DecodeJpegStage.class).orElseThrow();
    long source = decode.minSourceSide().orElse(0);
    long ratio = 1;
    if (decode.scaledDecode()) {
      while (ratio < 8 && source / (ratio * 2) >= outputSide) {
        ratio *= 2;
      }
    }
    return new JpegScale(stage, outputSide, ratio);
  }

  /** Why the generated code decodes at this scale, for the reviewer. */
  CodeBlock comment() {
    DecodeJpegStage decode = stage.as(DecodeJpegStage.class).orElseThrow();
    long source = decode.minSourceSide().orElse(0);
    if (!decode.scaledDecode()) {
      return CodeBlock.of("// Full-size decode: scaledDecode = false.\n");
    }
    if (source == 0) {
      return CodeBlock.of(
          "// Full-size decode: without minSourceSide, a reduced scale could undershoot $L px.\n",
          outputSide);
    }
    if (ratio == 1) {
      return CodeBlock.of(
          "// Full-size decode: sources of $L px are under twice the output's $L px.\n",
          source, outputSide);
    }
    return CodeBlock.of(
        "// Sources are at least $L px a side, the output $L px: decoding at 1/$L scale in the\n"
        + "// DCT domain keeps every side at $L px or more and leaves 1/$L of the pixels to\n"
        + "// transform and resize. @DecodeJpeg(scaledDecode = false) turns this off.\n",
        source, outputSide, ratio, source / ratio, ratio * ratio);
  }
}
