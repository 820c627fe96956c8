package dev.feedline.tests.support;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import dev.feedline.tests.pipelines.Row;
import java.util.Map;
import java.util.TreeMap;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;

/** The rows of one epoch of a pipeline of {@link Row}s, by id: the first of each row's values. */
public final class EpochRows {
  private EpochRows() {}

  /** Runs an epoch; fails on an id seen twice. */
  public static Map<Long, Float> read(BuiltPipeline<Row, ?> pipeline, Session session) {
    return read(pipeline, session, Long.MAX_VALUE);
  }

  /** Runs an epoch, or its first {@code batches} batches. */
  public static Map<Long, Float> read(BuiltPipeline<Row, ?> pipeline, Session session,
      long batches) {
    Row out = pipeline.output();
    try (EpochIterator<Result> steps = pipeline.steps(session,
        run -> run.fetch(out.id()).fetch(out.values()))) {
      return collect(steps, batches);
    }
  }

  /** The rows of the first {@code batches} batches of {@code steps}, which fetch ids and values. */
  public static Map<Long, Float> collect(EpochIterator<Result> steps, long batches) {
    Map<Long, Float> rows = new TreeMap<>();
    long taken = 0;
    while (taken < batches && steps.hasNext()) {
      Result step = steps.next();
      TInt64 ids = (TInt64) step.get(0);
      TFloat32 values = (TFloat32) step.get(1);
      for (int i = 0; i < ids.shape().get(0); i++) {
        if (rows.put(ids.getLong(i), values.getFloat(i, 0)) != null) {
          throw new AssertionError("row " + ids.getLong(i) + " came twice");
        }
      }
      taken++;
    }
    return rows;
  }
}
