package dev.feedline.runtime.internal;

import dev.feedline.Compression;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import dev.feedline.runtime.SkippedRecords;
import dev.feedline.runtime.VocabularyTable;
import dev.feedline.runtime.internal.files.DataFiles;
import dev.feedline.runtime.internal.files.FileSegment;
import dev.feedline.runtime.internal.files.TFRecordFraming;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
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
    return check(pipeline, resolved, skip, spec, prefix, new Lines(), lookups);
  }

  /**
   * Checks every record of {@code resolved}'s TFRecord files, as {@link #checkLines} checks lines.
   *
   * @param compression the files' compression: a compressed file's records are named by index
   *     only, since their bytes are not the file's
   */
  public static DataFiles.Resolved checkRecords(PipelineInfo pipeline, DataFiles.Resolved resolved,
      boolean skip, Compression compression, ElementSpec spec, Prefix prefix,
      Lookup... lookups) {
    return check(pipeline, resolved, skip, spec, prefix,
        new Records(pipeline, resolved, compression == Compression.NONE), lookups);
  }

  /** Where the records of a run are: a line or a record, by its place in the run. */
  private interface Places {
    /** The record at {@code position} of {@code run}, left out for {@code token}. */
    SkippedRecords.Record record(FileSegment run, long position, String cause, String problem);

    /** The run of {@code count} records of {@code run} from {@code position}. */
    FileSegment part(FileSegment run, long position, long count);

    /** How a message names {@code record}. */
    String name(SkippedRecords.Record record);
  }

  /** Lines of a text file: a run starts at a line's index. */
  private static final class Lines implements Places {
    @Override
    public SkippedRecords.Record record(FileSegment run, long position, String cause,
        String problem) {
      return new SkippedRecords.Record(run.file(), run.offset() + position, -1, cause, problem);
    }

    @Override
    public FileSegment part(FileSegment run, long position, long count) {
      return new FileSegment(run.file(), run.offset() + position, count);
    }

    @Override
    public String name(SkippedRecords.Record record) {
      return "line " + (record.index() + 1);
    }
  }

  /**
   * Records of a TFRecord file: a run starts at a byte; its first record's index counts the
   * records of the runs before it and the bad records left out before it.
   */
  private static final class Records implements Places {
    private final PipelineInfo pipeline;
    private final DataFiles.Resolved resolved;
    private final boolean offsets;

    Records(PipelineInfo pipeline, DataFiles.Resolved resolved, boolean offsets) {
      this.pipeline = pipeline;
      this.resolved = resolved;
      this.offsets = offsets;
    }

    private long firstIndex(FileSegment run) {
      long index = 0;
      for (FileSegment before : resolved.segments()) {
        if (before.file().equals(run.file()) && before.offset() < run.offset()) {
          index += before.count();
        }
      }
      for (SkippedRecords.Record bad : resolved.skipped().records()) {
        if (bad.file().equals(run.file()) && bad.offset() < run.offset()) {
          index++;
        }
      }
      return index;
    }

    private long offset(FileSegment run, long position) {
      try {
        return TFRecordFraming.skip(Path.of(run.file()), run.offset(), position);
      } catch (IOException e) {
        throw new FeedlineException(pipeline.simpleName(), null, run.file(), "it cannot be read: "
            + DataFiles.reason(e), e);
      }
    }

    @Override
    public SkippedRecords.Record record(FileSegment run, long position, String cause,
        String problem) {
      return new SkippedRecords.Record(run.file(), firstIndex(run) + position,
          offsets ? offset(run, position) : -1, cause, problem);
    }

    @Override
    public FileSegment part(FileSegment run, long position, long count) {
      return new FileSegment(run.file(), offset(run, position), count);
    }

    @Override
    public String name(SkippedRecords.Record record) {
      return "record " + record.index() + (record.offset() >= 0 ? " at byte " + record.offset()
          : "");
    }
  }

  private static DataFiles.Resolved check(PipelineInfo pipeline, DataFiles.Resolved resolved,
      boolean skip, ElementSpec spec, Prefix prefix, Places places, Lookup... lookups) {
    List<FileSegment> kept = new ArrayList<>();
    List<SkippedRecords.Record> found = new ArrayList<>();
    Unknown first = null;
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph).withSubScope("strict_tokens");
      initialize(tf, session, lookups);
      for (FileSegment run : resolved.segments()) {
        List<Unknown> unknown = unknowns(tf, session, spec, prefix.dataset(tf, List.of(run)),
            UnaryOperator.identity());
        long from = 0;
        for (Unknown token : unknown) {
          if (token.position() > from) {
            kept.add(places.part(run, from, token.position() - from));
          }
          found.add(places.record(run, token.position(), cause(token), problem(token)));
          first = first == null ? token : first;
          from = token.position() + 1;
        }
        if (from == 0) {
          kept.add(run);
        } else if (from < run.count()) {
          kept.add(places.part(run, from, run.count() - from));
        }
      }
    }
    if (found.isEmpty()) {
      return resolved;
    }
    if (!skip) {
      SkippedRecords.Record at = found.get(0);
      List<String> more = found.subList(1, Math.min(found.size(), 6)).stream()
          .map(r -> (r.file().equals(at.file()) ? "" : r.file() + " ") + places.name(r))
          .toList();
      String noun = places instanceof Lines ? "line" : "record";
      throw error(pipeline, at.file(), places.name(at), first, found.size() == 1 ? ""
          : " (" + (found.size() - 1) + " more " + noun + (found.size() == 2 ? " holds" : "s hold")
              + " an unknown token: " + String.join(", ", more)
              + (found.size() > 6 ? ", ..." : "") + ")", lookups);
    }
    List<SkippedRecords.Record> left = new ArrayList<>(resolved.skipped().records());
    left.addAll(found);
    List<String> files = resolved.files();
    left.sort(Comparator.<SkippedRecords.Record>comparingInt(r -> files.indexOf(r.file()))
        .thenComparingLong(SkippedRecords.Record::index));
    return new DataFiles.Resolved(files, kept, new SkippedRecords(left), resolved.identities(),
        resolved.counts(), resolved.kind(), resolved.check());
  }

  /**
   * Checks every element of the in-memory {@code data}, as the caller gave it.
   *
   * @param prefix adds the stages to check over the data fed in the graph of the {@link Ops}
   * @throws FeedlineException naming the index of the first element that holds an unknown token
   */
  public static void checkElements(PipelineInfo pipeline, ElementSpec spec, List<TType> data,
      BiFunction<Ops, InMemoryData, Operand<? extends TType>> prefix, Lookup... lookups) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph).withSubScope("strict_tokens");
      initialize(tf, session, lookups);
      InMemoryData elements = InMemoryData.borrowed(tf, pipeline, data);
      List<Unknown> unknown = unknowns(tf, session, spec, prefix.apply(tf, elements),
          elements::feed);
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
      Operand<? extends TType> dataset, UnaryOperator<Session.Runner> feed) {
    Operand<? extends TType> iterator = tf.data.iterator("", "", spec.types(), spec.shapes());
    feed.apply(session.runner().addTarget(tf.data.makeIterator(dataset, iterator))).run();
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
