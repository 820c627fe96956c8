package dev.feedline.example;

import dev.feedline.Pipeline;

/**
 * The "High-Throughput Image Pipeline" of the source articles: read TFRecord shards in parallel,
 * decode and resize in parallel, cache the decoded photos, shuffle, batch, prefetch. Its stages
 * are in {@link PhotoStages}, whose groups its variants share.
 */
@Pipeline(ramBudget = "4GiB")
public interface PhotoPipeline
    extends PhotoStages.Files, PhotoStages.Decoding, PhotoStages.Cached, PhotoStages.Batches {}
