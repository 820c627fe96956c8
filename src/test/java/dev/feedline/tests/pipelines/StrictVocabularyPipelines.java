package dev.feedline.tests.pipelines;

import dev.feedline.BadRecords;
import dev.feedline.Batch;
import dev.feedline.Decode;
import dev.feedline.DecodeCsv;
import dev.feedline.Element;
import dev.feedline.Filter;
import dev.feedline.InMemorySource;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Shape;
import dev.feedline.Shuffle;
import dev.feedline.TFRecordSource;
import dev.feedline.TextLineSource;
import dev.feedline.Vocabulary;
import dev.feedline.runtime.VocabularyTable;
import dev.feedline.tests.pipelines.SequencePipelines.WordId;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Strict label vocabularies whose unknown labels {@code build()} finds with their records: in a
 * text file under the fail and the skip policy, in a CSV table shuffled before the lookup, in
 * data held in the graph; and after a filter, where it cannot (the epoch's check names no line).
 */
public final class StrictVocabularyPipelines {
  private StrictVocabularyPipelines() {}

  /** A CSV row: a text and its label. */
  @Element
  public record Labelled(@Shape({}) Operand<TString> text, @Shape({}) Operand<TString> label) {}

  /** A text and its label's id. */
  @Element
  public record Classified(@Shape({}) Operand<TString> text, @Shape({}) Operand<TInt64> label) {}

  /** Each line a label; a line whose label is not in the vocabulary is left out and counted. */
  @Pipeline
  public interface SkippedLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TextLineSource(badRecords = BadRecords.SKIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Map
    static WordId label(Ops tf, Operand<TString> line, VocabularyTable labels) {
      return new WordId(labels.ids(tf, line));
    }

    @Batch(size = 2)
    WordId batch(WordId label);
  }

  /**
   * A CSV table with a header, shuffled before its label is looked up: a bad row and an unknown
   * label are both left out, each counted with its cause.
   */
  @Pipeline
  public interface SkippedRows {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TextLineSource(header = true, badRecords = BadRecords.SKIP)
    Operand<TString> files();

    @Interleave(cycleLength = 2)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Labelled parse(Operand<TString> line);

    @Shuffle(buffer = 16)
    Labelled shuffle(Labelled row);

    @Map
    static Classified classify(Ops tf, Labelled row, VocabularyTable labels) {
      return new Classified(row.text(), labels.ids(tf, row.label()));
    }

    @Batch(size = 4)
    Classified batch(Classified row);
  }

  /** The same table under the fail policy: an unknown label is an error at build. */
  @Pipeline
  public interface FailingRows {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TextLineSource(header = true)
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @DecodeCsv
    Labelled parse(Operand<TString> line);

    @Map
    static Classified classify(Ops tf, Labelled row, VocabularyTable labels) {
      return new Classified(row.text(), labels.ids(tf, row.label()));
    }

    @Batch(size = 4)
    Classified batch(Classified row);
  }

  /** Labelled texts held in the graph: an unknown label is an error naming its index. */
  @Pipeline
  public interface HeldLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @InMemorySource
    Labelled rows();

    @Map
    static Classified classify(Ops tf, Labelled row, VocabularyTable labels) {
      return new Classified(row.text(), labels.ids(tf, row.label()));
    }

    @Batch(size = 2)
    Classified batch(Classified row);
  }

  /**
   * A filter before the lookup: {@code build()} cannot tell an element's line, so an unknown label
   * fails the epoch, naming the token and the vocabulary only.
   */
  @Pipeline
  public interface FilteredLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TextLineSource
    Operand<TString> files();

    @Interleave(cycleLength = 1)
    Operand<TString> lines(Operand<TString> file);

    @Filter
    static Operand<TBool> notComment(Ops tf, Operand<TString> line) {
      return tf.math.logicalNot(tf.strings.regexFullMatch(line, tf.constant("#.*")));
    }

    @Map
    static WordId label(Ops tf, Operand<TString> line, VocabularyTable labels) {
      return new WordId(labels.ids(tf, line));
    }

    @Batch(size = 2)
    WordId batch(WordId label);
  }

  /** A tf.train.Example of an id and its label. */
  @Element
  public record Tagged(@Shape({}) Operand<TInt64> id, @Shape({}) Operand<TString> label) {}

  /** An id and its label's id. */
  @Element
  public record TaggedId(@Shape({}) Operand<TInt64> id, @Shape({}) Operand<TInt64> label) {}

  /** TFRecord files of labelled ids: an unknown label is an error at build naming its record. */
  @Pipeline
  public interface RecordLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TFRecordSource
    Operand<TString> files();

    @Interleave(cycleLength = 2)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Tagged parse(Operand<TString> record);

    @Map
    static TaggedId classify(Ops tf, Tagged tagged, VocabularyTable labels) {
      return new TaggedId(tagged.id(), labels.ids(tf, tagged.label()));
    }

    @Batch(size = 4)
    TaggedId batch(TaggedId row);
  }

  /** The same under the skip policy: a bad record and an unknown label are both left out. */
  @Pipeline
  public interface SkippedRecordLabels {
    @Vocabulary(strict = true)
    VocabularyTable labels();

    @TFRecordSource(badRecords = BadRecords.SKIP)
    Operand<TString> files();

    @Interleave(cycleLength = 2)
    Operand<TString> read(Operand<TString> file);

    @Decode
    Tagged parse(Operand<TString> record);

    @Map
    static TaggedId classify(Ops tf, Tagged tagged, VocabularyTable labels) {
      return new TaggedId(tagged.id(), labels.ids(tf, tagged.label()));
    }

    @Batch(size = 4)
    TaggedId batch(TaggedId row);
  }
}
