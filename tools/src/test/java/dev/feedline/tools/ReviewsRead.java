package dev.feedline.tools;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/** Reviews read back through a generated pipeline, one line per element. */
final class ReviewsRead {
  private ReviewsRead() {}

  /** A review as {@link #read} describes it. */
  static String describe(long id, long[] tokens, float rating, String text, float x, float y) {
    return id + " " + Arrays.toString(tokens) + " " + tokens.length + " " + rating + " " + text
        + " [" + x + ", " + y + "]";
  }

  /** Each review of one epoch of the pipeline {@code build} makes, in order. */
  static List<String> read(Function<Graph, BuiltPipeline<?, ? extends AutoCloseable>> build) {
    List<String> reviews = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<?, ? extends AutoCloseable> pipeline = build.apply(graph);
        EpochIterator<? extends AutoCloseable> epoch = pipeline.epoch(session)) {
      epoch.forEachRemaining(element -> {
        FeedlineReviews_Read.ReviewTensors review = tensors(element);
        long[] tokens = new long[(int) review.tokens().size()];
        for (int i = 0; i < tokens.length; i++) {
          tokens[i] = review.tokens().getLong(i);
        }
        reviews.add(describe(review.id().getLong(), tokens, review.rating().getFloat(),
            new String(review.text().asBytes().getObject(), StandardCharsets.UTF_8),
            review.xy().getFloat(0), review.xy().getFloat(1)));
        if (review.length().getInt() != tokens.length) {
          throw new AssertionError("length " + review.length().getInt() + " of " + reviews);
        }
      });
    }
    return reviews;
  }

  /** The three pipelines' tensors records hold the same tensors; read them alike. */
  private static FeedlineReviews_Read.ReviewTensors tensors(Object element) {
    if (element instanceof FeedlineReviews_Read.ReviewTensors plain) {
      return plain;
    }
    if (element instanceof FeedlineReviews_ReadGzip.ReviewTensors gzip) {
      return new FeedlineReviews_Read.ReviewTensors(gzip.id(), gzip.tokens(), gzip.length(),
          gzip.rating(), gzip.text(), gzip.xy());
    }
    FeedlineReviews_ReadZlib.ReviewTensors zlib = (FeedlineReviews_ReadZlib.ReviewTensors) element;
    return new FeedlineReviews_Read.ReviewTensors(zlib.id(), zlib.tokens(), zlib.length(),
        zlib.rating(), zlib.text(), zlib.xy());
  }
}
