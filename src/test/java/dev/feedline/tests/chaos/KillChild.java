package dev.feedline.tests.chaos;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.Row;
import java.nio.file.Path;
import java.util.List;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;

/**
 * The run a kill trial kills, in a JVM of its own: {@code <variant> <cache folder> <pause ms>
 * <file or glob>...}. It builds the file-cached pipeline and reads two epochs, the first writing
 * the cache, pausing after each batch so that a kill can land anywhere; it prints "built", then
 * "batch E N" after batch N of epoch E and "end E" after epoch E.
 */
public final class KillChild {
  private KillChild() {}

  public static void main(String[] args) throws Exception {
    Variant variant = Variant.valueOf(args[0]);
    Path folder = Path.of(args[1]);
    long pause = Long.parseLong(args[2]);
    List<String> files = List.of(args).subList(3, args.length);
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Row, ?> pipeline = variant.build(graph, files, folder)) {
      System.out.println("built");
      System.out.flush();
      Row out = pipeline.output();
      for (int epoch = 1; epoch <= 2; epoch++) {
        try (EpochIterator<Result> steps = pipeline.steps(session, run -> run.fetch(out.id()))) {
          for (int batch = 1; steps.hasNext(); batch++) {
            steps.next();
            System.out.println("batch " + epoch + " " + batch);
            System.out.flush();
            Thread.sleep(pause);
          }
        }
        System.out.println("end " + epoch);
        System.out.flush();
      }
    }
  }
}
