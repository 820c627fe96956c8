package dev.feedline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.runtime.EpochIterator;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_BucketedReviews;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_ClaimedTriples;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_Clips;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_PaddedReviews;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_RebatchedReviews;
import dev.feedline.tests.pipelines.FeedlineSequencePipelines_SortedReviews;
import dev.feedline.tests.support.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.FeatureList;
import org.tensorflow.proto.FeatureLists;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.FloatList;
import org.tensorflow.proto.Int64List;
import org.tensorflow.proto.SequenceExample;

/**
 * Variable-length data end to end: value lists of any length, lengths, defaults for missing
 * features, padding values and lengths, truncation, buckets, unbatching and SequenceExamples.
 */
class SequencesTest {
  @TempDir Path dir;

  /** Review {@code id}: {@code id % 9} tokens {@code id·10 + j}; its rating {@code id}, if given. */
  private static Example review(long id, boolean rated) {
    Int64List.Builder tokens = Int64List.newBuilder();
    for (int j = 0; j < id % 9; j++) {
      tokens.addValue(id * 10 + j);
    }
    Features.Builder features = Features.newBuilder()
        .putFeature("tokens", Feature.newBuilder().setInt64List(tokens).build());
    if (rated) {
      features.putFeature("rating",
          Feature.newBuilder().setFloatList(FloatList.newBuilder().addValue(id)).build());
    }
    return Example.newBuilder().setFeatures(features).build();
  }

  private Path writeReviews(int count, boolean allRated) throws IOException {
    List<Example> reviews = new ArrayList<>();
    for (long id = 0; id < count; id++) {
      reviews.add(review(id, allRated || id % 2 == 0));
    }
    return TestData.write(dir.resolve("reviews.tfrecord"), reviews);
  }

  @Test
  void paddedBatchesPadWithTheirValueToTheirLengthAndCutLongerSequencesWithTheirLength()
      throws IOException {
    Path file = writeReviews(12, false);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_PaddedReviews.builder().files(file.toString())
            .build(graph);
        var batches = pipeline.epoch(session)) {
      long id = 0;
      for (var batch : batches) {
        assertEquals(List.of(4L, 5L), List.of(batch.tokens().shape().asArray()[0],
            batch.tokens().shape().asArray()[1]), "4 reviews, padded or cut to 5 tokens");
        for (int i = 0; i < 4; i++, id++) {
          long length = id % 9;
          assertEquals(Math.min(length, 5), batch.length().getInt(i), "length of review " + id);
          for (int j = 0; j < 5; j++) {
            assertEquals(j < length ? id * 10 + j : -1, batch.tokens().getLong(i, j),
                "token " + j + " of review " + id);
          }
          assertEquals(id % 2 == 0 ? id : 3f, batch.rating().getFloat(i), 0,
              "rating of review " + id + ", 3 where it is missing");
        }
      }
      assertEquals(12, id);
    }
  }

  /**
   * One batch size for every bucket: sorted windows (16 batches of 3) over 100 cached, shuffled
   * reviews, 3 epochs in one session and again in another.
   */
  @Test
  void sortedWindowsHandEveryReviewOnceAnEpochInBatchesOfTheOneSizeAndRepeatWithTheSeed()
      throws IOException {
    Path file = writeReviews(100, true);
    List<String> firstRun = sortedEpochs(file);
    assertEquals(firstRun, sortedEpochs(file), "the same batches in every run, by the seed");
    assertTrue(!firstRun.get(0).equals(firstRun.get(1)), "a new order every epoch");
  }

  /** Each epoch's batches as text: the reviews' ids, a batch a group. */
  private List<String> sortedEpochs(Path file) {
    List<String> epochs = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_SortedReviews.builder().files(file.toString())
            .build(graph)) {
      for (int epoch = 0; epoch < 3; epoch++) {
        List<Long> seen = new ArrayList<>();
        StringBuilder order = new StringBuilder();
        int smaller = 0;
        long paddedPositions = 0;
        try (var batches = pipeline.epoch(session)) {
          for (var batch : batches) {
            int size = (int) batch.length().shape().get(0);
            smaller += size < 3 ? 1 : 0;
            long longest = 0;
            order.append('[');
            for (int i = 0; i < size; i++) {
              long id = (long) batch.rating().getFloat(i);
              assertEquals(id % 9, batch.length().getInt(i), "length of review " + id);
              longest = Math.max(longest, id % 9);
              seen.add(id);
              order.append(id).append(' ');
            }
            order.append(']');
            assertEquals(longest, batch.tokens().shape().get(1), "padded to the batch's longest");
            for (int i = 0; i < size; i++) {
              long id = (long) batch.rating().getFloat(i);
              for (int j = 0; j < longest; j++) {
                assertEquals(j < id % 9 ? id * 10 + j : -1, batch.tokens().getLong(i, j));
              }
              paddedPositions += longest - id % 9;
            }
          }
        }
        assertEquals(100, seen.size(), "epoch " + epoch);
        assertEquals(100, seen.stream().distinct().count(), "each review once in epoch " + epoch);
        assertEquals(1, smaller, "only the epoch's last batch is smaller (100 = 33 x 3 + 1)");
        // Windows of 48 reviews of lengths 0-8, sorted: a batch of 3 spans at most one length
        // step, against up to 8 in batches of any lengths.
        assertTrue(paddedPositions <= 40, paddedPositions + " positions padded in epoch " + epoch);
        epochs.add(order.toString());
      }
    }
    return epochs;
  }

  @Test
  void bucketsBatchReviewsOfSimilarLengthPaddedToTheLongestOfEachBatch() throws IOException {
    Path file = writeReviews(30, true);
    long[] boundaries = {3, 6};
    long[] sizes = {4, 3, 2};
    Map<Integer, Integer> perBucket = new HashMap<>();
    Map<Integer, Integer> batchesPerBucket = new HashMap<>();
    List<Long> seen = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_BucketedReviews.builder().files(file.toString())
            .build(graph);
        var batches = pipeline.epoch(session)) {
      for (var batch : batches) {
        int size = (int) batch.length().shape().get(0);
        long longest = 0;
        int bucket = -1;
        for (int i = 0; i < size; i++) {
          long id = (long) batch.rating().getFloat(i);
          int length = batch.length().getInt(i);
          assertEquals(id % 9, length, "length of review " + id);
          int own = length < boundaries[0] ? 0 : length < boundaries[1] ? 1 : 2;
          assertTrue(bucket == -1 || bucket == own, "one bucket per batch: " + own + " in "
              + bucket);
          bucket = own;
          longest = Math.max(longest, length);
          seen.add(id);
        }
        assertTrue(size <= sizes[bucket], size + " reviews in bucket " + bucket);
        assertEquals(longest, batch.tokens().shape().get(1), "padded to the batch's longest");
        for (int i = 0; i < size; i++) {
          long id = (long) batch.rating().getFloat(i);
          for (int j = 0; j < longest; j++) {
            assertEquals(j < id % 9 ? id * 10 + j : -1, batch.tokens().getLong(i, j));
          }
        }
        perBucket.merge(bucket, size, Integer::sum);
        batchesPerBucket.merge(bucket, 1, Integer::sum);
      }
    }
    assertEquals(30, seen.size());
    assertEquals(30, seen.stream().distinct().count(), "each review once");
    // Lengths id % 9 of ids 0..29: 0-2 for 12 reviews, 3-5 for 9, 6-8 for 9.
    assertEquals(Map.of(0, 12, 1, 9, 2, 9), perBucket);
    assertEquals(Map.of(0, 3, 1, 3, 2, 5), batchesPerBucket, "full batches, then the remainder");
  }

  @Test
  void unbatchedBucketsPaddedToTheirBoundaryGiveEachReviewItsBucketsLength() throws IOException {
    Path file = writeReviews(30, true);
    Map<Long, Long> padded = new TreeMap<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_RebatchedReviews.builder().files(file.toString())
            .build(graph);
        var reviews = pipeline.epoch(session)) {
      for (var review : reviews) {
        long id = (long) review.rating().getFloat();
        assertEquals(id % 9, review.length().getInt());
        padded.put(id, review.tokens().shape().get(0));
        for (int j = 0; j < review.tokens().shape().get(0); j++) {
          assertEquals(j < id % 9 ? id * 10 + j : 0, review.tokens().getLong(j));
        }
      }
    }
    assertEquals(30, padded.size(), "every review once");
    padded.forEach((id, length) -> {
      long own = id % 9;
      // Buckets end below 3 and 6: padded to 2 and 5; the last, unbounded one to its longest.
      long expected = own < 3 ? 2 : own < 6 ? 5 : 8;
      assertTrue(length == expected || own >= 6 && length >= own && length <= 8,
          "review " + id + " of length " + own + " padded to " + length);
    });
  }

  @Test
  void aMapOutputOfAnotherShapeThanDeclaredNamesTheStageAndTheComponent() throws IOException {
    Path file = writeReviews(4, true); // review 0 has no token, review 3 has three
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_ClaimedTriples.builder().files(file.toString())
            .build(graph);
        EpochIterator<?> triples = pipeline.epoch(session)) {
      FeedlineException error = assertThrows(FeedlineException.class, triples::hasNext);
      assertTrue(error.getMessage().startsWith("Pipeline ClaimedTriples, stage 'claim' (@Map):"
          + " component 'tokens' does not have the shape its record declares (TensorFlow: "),
          error.getMessage());
      assertTrue(error.getMessage().contains("[0] is not compatible with expected shape [3]"),
          error.getMessage());
    }
  }

  /** Clip {@code id}: {@code id % 4} frames {@code [id + t, -(id + t)]} and label {@code id}. */
  private static SequenceExample clip(long id, boolean labelled) {
    FeatureList.Builder frames = FeatureList.newBuilder();
    for (int t = 0; t < id % 4; t++) {
      frames.addFeature(Feature.newBuilder()
          .setFloatList(FloatList.newBuilder().addValue(id + t).addValue(-(id + t))));
    }
    Features.Builder context = Features.newBuilder();
    if (labelled) {
      context.putFeature("label",
          Feature.newBuilder().setInt64List(Int64List.newBuilder().addValue(id)).build());
    }
    return SequenceExample.newBuilder()
        .setContext(context)
        .setFeatureLists(FeatureLists.newBuilder().putFeatureList("frames", frames.build()))
        .build();
  }

  @Test
  void sequenceExamplesGiveTheirFramesStepsAndContextPaddedPerBatch() throws IOException {
    List<byte[]> clips = new ArrayList<>();
    for (long id = 0; id < 6; id++) {
      clips.add(clip(id, true).toByteArray());
    }
    Path file = TestData.writeRecords(dir.resolve("clips.tfrecord"), clips);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Clips.builder().files(file.toString()).build(graph);
        var batches = pipeline.epoch(session)) {
      long id = 0;
      for (var batch : batches) {
        long longest = Math.max(id % 4, (id + 1) % 4);
        assertEquals(List.of(2L, longest, 2L), List.of(batch.frames().shape().get(0),
            batch.frames().shape().get(1), batch.frames().shape().get(2)));
        for (int i = 0; i < 2; i++, id++) {
          assertEquals(id, batch.label().getLong(i));
          assertEquals(id % 4, batch.steps().getInt(i));
          for (int t = 0; t < longest; t++) {
            float value = t < id % 4 ? id + t : 0;
            assertEquals(value, batch.frames().getFloat(i, t, 0), 0);
            assertEquals(-value, batch.frames().getFloat(i, t, 1), 0);
          }
        }
      }
      assertEquals(6, id);
    }
  }

  @Test
  void aFeatureKeyMissingFromTheFirstRecordIsNamedAtBuildWithTheKeysTheRecordHas()
      throws IOException {
    SequenceExample misspelt = SequenceExample.newBuilder()
        .setContext(Features.newBuilder().putFeature("lable",
            Feature.newBuilder().setInt64List(Int64List.newBuilder().addValue(1)).build()))
        .build();
    Path file = TestData.writeRecords(dir.resolve("clips.tfrecord"),
        List.of(misspelt.toByteArray()));
    try (Graph graph = new Graph()) {
      FeedlineException error = assertThrows(FeedlineException.class,
          () -> FeedlineSequencePipelines_Clips.builder().files(file.toString()).build(graph));
      assertEquals("Pipeline Clips, stage 'parse' (@Decode), file " + file + ": record 0 has no"
          + " feature 'label'; its features are lable", error.getMessage());
    }
  }

  @Test
  void aSequenceExampleWithoutARequiredContextFeatureIsNamedWithItsFileAndRecord()
      throws IOException {
    Path file = TestData.writeRecords(dir.resolve("clips.tfrecord"),
        List.of(clip(0, true).toByteArray(), clip(1, false).toByteArray()));
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        var pipeline = FeedlineSequencePipelines_Clips.builder().files(file.toString()).build(graph);
        EpochIterator<?> batches = pipeline.epoch(session)) {
      FeedlineException error = assertThrows(FeedlineException.class, batches::hasNext);
      assertTrue(error.getMessage().contains(file.toString()), error.getMessage());
      assertTrue(error.getMessage().contains("record 1"), error.getMessage());
      assertTrue(error.getMessage().contains("'label'"), error.getMessage());
    }
  }
}
