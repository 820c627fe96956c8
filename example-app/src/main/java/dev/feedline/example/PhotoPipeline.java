package dev.feedline.example;

import dev.feedline.Pipeline;
import dev.feedline.Serving;

/**
 * The photo pipeline that docs/performance.md measures as "generated": read TFRecord shards in
 * parallel, decode and resize in parallel, cache the decoded photos, shuffle, batch, prefetch, the
 * order of the tf.data performance guide (https://www.tensorflow.org/guide/data_performance). Its
 * stages are in {@link PhotoStages}, whose groups its variants share. Its serving function, the
 * parse and the decode and resize, is what {@code ./feedline export} chains into the trained model
 * (docs/serving.md).
 */
@Serving
@Pipeline(ramBudget = "4GiB")
public interface PhotoPipeline
    extends PhotoStages.Files, PhotoStages.Decoding, PhotoStages.Cached, PhotoStages.Batches {}
