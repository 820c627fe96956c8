package dev.feedline.runtime.internal;

import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.VocabularyTable;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.FileSegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.exceptions.TFOutOfRangeException;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.types.family.TType;

/**
 * The check at {@code build()} of a pipeline whose map looks tokens up in a strict
 * {@code @Vocabulary}: every element runs once through the stages up to that map, in a graph of
 * its own, one run of records after another, so that an element whose token is not in the
 * vocabulary is known by its file and line (or record, or index in the data), which the map's
 * check in the epoch cannot tell. Under the fail policy the first is an error naming them; under
 * the source's skip policy ({@code badRecords = SKIP}) they are left out of every epoch like bad
 * records, and counted in {@link SkippedRecords}.
 *
 * <p>A run's elements come out in its records' order: the stages the processor lets stand
 * before the map keep one element a record, and keep their order (a shuffle is left out of the
 * check). The map's assert fails the element that holds the token, and the iterator goes on with
 * the next, as {@code ignore_errors} relies on; another error ends the check, and the epoch meets
 * it and names it.
 */
public final class StrictTokens {
  private StrictTokens() {}

  /** The dataset of the stages up to the last map that looks tokens up, over {@code runs}. */
  @FunctionalInterface
  public interface Prefix {
    Operand<? extends TType> dataset(Ops tf, List<FileSegment> runs);
  }

  /**
   * A strict vocabulary and the map that looks it up, which the error names.
   *
   * @param stage the map's method name
   */
  public record Lookup(VocabularyTable table, String stage) {}

  /** An element that holds an unknown token: its place in its run, and the token. */
  private record Unknown(long position, String vocabulary, String file, String token) {}

  /**
   * Checks every line of {@code resolved}'s text files.
   *
   * @param skip whether the source skips bad records: then the lines are left out, not an error
   * @param spec the element after the last map that looks tokens up
   * @return {@code resolved}, or, under the skip policy, its runs without the lines that hold an
   *     unknown token, which its skipped records then count
   * @throws FeedlineException naming the file and line of the first such line, under the fail
   *     policy
   */
  public static DataFiles.Resolved checkLines(PipelineInfo pipeline, DataFiles.Resolved resolved,
      boolean skip, ElementSpec spec, Prefix prefix, Lookup... lookups) {
    List<FileSegment> kept = new ArrayList<>();
    List<SkippedRecords.Record> left = new ArrayList<>(resolved.skipped().records());
    List<SkippedRecords.Record> found = new ArrayList<>();
    Unknown first = null;
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph).withSubScope("strict_tokens");
      initialize(tf, session, lookups);
      for (FileSegment run : resolved.segments()) {
        List<Unknown> unknown = unknowns(tf, session, spec, prefix.dataset(tf, List.of(run)));
        long from = 0;
        for (Unknown token : unknown) {
          if (token.position() > from) {
            kept.add(new FileSegment(run.file(), run.offset() + from, token.position() - from));
          }
          found.add(new SkippedRecords.Record(run.file(), run.offset() + token.position(), -1,
              cause(token), problem(token)));
          first = first == null ? token : first;
          from = token.position() + 1;
        }
        if (from < run.count() || run.count() < 0) {
          kept.add(new FileSegment(run.file(), run.offset() + from,
              run.count() < 0 ? -1 : run.count() - from));
        }
      }
    }
    if (found.isEmpty()) {
      return resolved;
    }
    if (!skip) {
      SkippedRecords.Record at = found.get(0);
      List<String> more = found.subList(1, Math.min(found.size(), 6)).stream()
          .map(r -> (r.file().equals(at.file()) ? "" : r.file() + " ") + "line " + (r.index() + 1))
          .toList();
      throw error(pipeline, at.file(), "line " + (at.index() + 1), first, found.size() == 1 ? ""
          : " (" + (found.size() - 1) + " more line" + (found.size() == 2 ? "" : "s")
              + " hold" + (found.size() == 2 ? "s" : "") + " an unknown token: "
              + String.join(", ", more) + (found.size() > 6 ? ", ..." : "") + ")", lookups);
    }
    left.addAll(found);
    List<String> files = resolved.files();
    left.sort(Comparator.<SkippedRecords.Record>comparingInt(r -> files.indexOf(r.file()))
        .thenComparingLong(SkippedRecords.Record::index));
    return new DataFiles.Resolved(files, kept, new SkippedRecords(left), resolved.identities(),
        resolved.counts(), resolved.kind(), resolved.check());
  }

  /**
   * Checks every element of data held in the graph.
   *
   * @throws FeedlineException naming the index of the first element that holds an unknown token
   */
  public static void checkElements(PipelineInfo pipeline, ElementSpec spec,
      Function<Ops, Operand<? extends TType>> prefix, Lookup... lookups) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph).withSubScope("strict_tokens");
      initialize(tf, session, lookups);
      List<Unknown> unknown = unknowns(tf, session, spec, prefix.apply(tf));
      if (!unknown.isEmpty()) {
        Unknown first = unknown.get(0);
        throw error(pipeline, null, "element " + first.position() + " of the data", first,
            unknown.size() == 1 ? "" : " (" + (unknown.size() - 1) + " more element"
                + (unknown.size() == 2 ? " holds" : "s hold") + " an unknown token)", lookups);
      }
    }
  }

  private static void initialize(Ops tf, Session session, Lookup... lookups) {
    List<Op> tables = new ArrayList<>();
    for (Lookup lookup : lookups) {
      tables.add(lookup.table().initializerIn(tf));
    }
    Session.Runner runner = session.runner();
    tables.forEach(runner::addTarget);
    runner.run();
  }

  /** The elements of {@code dataset} whose map failed on an unknown token, in order. */
  private static List<Unknown> unknowns(Ops tf, Session session, ElementSpec spec,
      Operand<? extends TType> dataset) {
    Operand<? extends TType> iterator = tf.data.iterator("", "", spec.types(), spec.shapes());
    session.runner().addTarget(tf.data.makeIterator(dataset, iterator)).run();
    var next = tf.data.iteratorGetNext(iterator, spec.types(), spec.shapes()).components();
    List<Unknown> unknown = new ArrayList<>();
    for (long position = 0; ; position++) {
      try (Result result = session.runner().fetch(next.get(0)).run()) {
        // an element without an unknown token
      } catch (TFOutOfRangeException end) {
        return unknown;
      } catch (RuntimeException error) { // TensorFlow's InvalidArgument is an IllegalArgument
        Optional<UnknownTokens.Unknown> token = UnknownTokens.in(String.valueOf(error.getMessage()));
        if (token.isEmpty()) {
          return unknown; // not the vocabulary's: the epoch meets it and names it
        }
        unknown.add(new Unknown(position, token.get().vocabulary(), token.get().file(),
            token.get().token()));
      }
    }
  }

  private static String cause(Unknown token) {
    return "not in vocabulary '" + token.vocabulary() + "'";
  }

  private static String problem(Unknown token) {
    return "holds token \"" + token.token() + "\", which is not in strict vocabulary '"
        + token.vocabulary() + "' (" + token.file() + ")";
  }

  private static FeedlineException error(PipelineInfo pipeline, String file, String where,
      Unknown token, String more, Lookup... lookups) {
    PipelineInfo.Stage stage = null;
    for (Lookup lookup : lookups) {
      if (lookup.table().name().equals(token.vocabulary())) {
        stage = pipeline.stage(lookup.stage());
        break;
      }
    }
    return new FeedlineException(pipeline.simpleName(), stage, file, where + " "
        + problem(token) + more + "; add it to that file, fix the record, skip such records with the"
        + " source's badRecords = SKIP, or make the vocabulary lenient (strict = false, with"
        + " oovBuckets)", null);
  }
}
