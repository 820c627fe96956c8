package dev.feedline.tests.support;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Scaled;
import dev.feedline.tests.pipelines.FeedlineKeyedPipelines_Snapshotted;
import dev.feedline.tests.pipelines.Row;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * One run of a file-cached or snapshotted pipeline in a JVM of its own, for the tests of what a
 * run leaves the next: {@code <mode> <scaled|snapshot> <data folder> <cache folder> [batches
 * checkpoint]}. It prints the key, then, by mode:
 * <ul>
 *   <li>{@code epoch}: the rows of one epoch;
 *   <li>{@code slow}: "batch" after each batch, one every 200 ms, until it is killed;
 *   <li>{@code checkpoint}: the rows of the first {@code batches} batches, after checkpointing the
 *       epoch to the file {@code checkpoint}.
 * </ul>
 * Rows print as {@code rows id=value,...}.
 */
public final class CacheRun {
  private CacheRun() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    String which = args[1];
    String files = Path.of(args[2]).resolve("*.tfrecord").toString();
    String folder = args[3];
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Row, ?> pipeline = which.equals("snapshot")
            ? FeedlineKeyedPipelines_Snapshotted.builder().files(files).snapshotPath(folder)
                .build(graph)
            : FeedlineKeyedPipelines_Scaled.builder().files(files).cacheFile(folder).build(graph)) {
      System.out.println("key " + pipeline.fileCaches().key(pipeline.fileCaches().stages().get(0)));
      System.out.flush();
      Row out = pipeline.output();
      switch (mode) {
        case "epoch" -> print(EpochRows.read(pipeline, session));
        case "slow" -> {
          try (EpochIterator<Result> steps = pipeline.steps(session,
              run -> run.fetch(out.id()).fetch(out.values()))) {
            while (steps.hasNext()) {
              steps.next();
              System.out.println("batch");
              System.out.flush();
              Thread.sleep(200);
            }
          }
        }
        case "checkpoint" -> {
          try (EpochIterator<Result> steps = pipeline.steps(session,
              run -> run.fetch(out.id()).fetch(out.values()))) {
            Map<Long, Float> rows = EpochRows.collect(steps, Long.parseLong(args[4]));
            pipeline.checkpoint(session, Path.of(args[5]));
            print(rows);
          }
        }
        default -> throw new IllegalArgumentException("mode " + mode);
      }
    }
  }

  private static void print(Map<Long, Float> rows) {
    System.out.println("rows " + rows.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(",")));
    System.out.flush();
  }
}
