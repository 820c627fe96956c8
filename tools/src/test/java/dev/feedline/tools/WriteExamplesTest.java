package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.feedline.Compression;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Beam transform on the DirectRunner: a PCollection of a record's values, written through the
 * record's generated writer into shards that its generated pipeline reads back, compressed too.
 */
class WriteExamplesTest {
  @TempDir Path dir;

  /** The values of one review, as a Beam job holds them. */
  record ReviewValues(long id, long[] tokens, float rating, String text, float[] xy)
      implements Serializable {
    byte[] example() {
      return FeedlineReviews_ReviewWriter.builder().id(id).tokens(tokens).rating(rating)
          .text(text).xy(xy).toByteArray();
    }

    String described() {
      return ReviewsRead.describe(id, tokens, rating, text, xy[0], xy[1]);
    }
  }

  private static List<ReviewValues> reviews() {
    List<ReviewValues> reviews = new ArrayList<>();
    for (int id = 0; id < 7; id++) {
      long[] tokens = new long[id % 3];
      for (int t = 0; t < tokens.length; t++) {
        tokens[t] = 10L * id + t;
      }
      reviews.add(new ReviewValues(id, tokens, id / 2f, "review " + id,
          new float[] {id, -id}));
    }
    return reviews;
  }

  private void write(Compression compression) {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.create());
    pipeline.apply(Create.of(reviews()).withCoder(SerializableCoder.of(ReviewValues.class)))
        .apply(WriteExamples.of(ReviewValues::example, ReviewValues::id)
            .to(dir.resolve(compression.toString()).toString(), "reviews")
            .withShards(3)
            .withCompression(compression));
    pipeline.run().waitUntilFinish();
  }

  private List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      // Beam leaves its emptied scratch folder, .temp-beam, beside the shards.
      return files.map(f -> f.getFileName().toString()).filter(n -> !n.equals(".temp-beam"))
          .sorted().toList();
    }
  }

  @Test
  void eachValueLandsInTheShardOfItsKeyAndReadsBackThroughTheGeneratedPipeline()
      throws IOException {
    for (Compression compression : Compression.values()) {
      write(compression);
      Path folder = dir.resolve(compression.toString());
      assertEquals(List.of("reviews-00000-of-00003.tfrecord", "reviews-00001-of-00003.tfrecord",
          "reviews-00002-of-00003.tfrecord"), listing(folder), compression.toString());
      if (Files.exists(folder.resolve(".temp-beam"))) {
        try (Stream<Path> left = Files.walk(folder.resolve(".temp-beam"))) {
          assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "no temporary file");
        }
      }
      for (int shard = 0; shard < 3; shard++) {
        String file = folder.resolve(String.format("reviews-%05d-of-00003.tfrecord", shard))
            .toString();
        List<String> read = new ArrayList<>(ReviewsRead.read(switch (compression) {
          case NONE -> graph -> FeedlineReviews_Read.builder().files(file).build(graph);
          case GZIP -> graph -> FeedlineReviews_ReadGzip.builder().files(file).build(graph);
          case ZLIB -> graph -> FeedlineReviews_ReadZlib.builder().files(file).build(graph);
        }));
        read.sort(null); // the order inside a shard is the runner's
        int s = shard;
        List<String> expected = new ArrayList<>(reviews().stream().filter(r -> r.id() % 3 == s)
            .map(ReviewValues::described).toList());
        expected.sort(null);
        assertEquals(expected, read, compression + " shard " + shard);
      }
    }
  }
}
