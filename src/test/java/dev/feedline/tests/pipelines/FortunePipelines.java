package dev.feedline.tests.pipelines;

import static dev.feedline.Feedline.AUTO;

import dev.feedline.BadRecords;
import dev.feedline.Compression;
import dev.feedline.Element;
import dev.feedline.Interleave;
import dev.feedline.Map;
import dev.feedline.Pipeline;
import dev.feedline.Prefetch;
import dev.feedline.Shape;
import dev.feedline.TextLineSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TString;

/**
 * Fortune files: records of several lines, each ended by a line that holds only {@code %}
 * ({@code @TextLineSource(recordDelimiter = "%")}), read in file order.
 */
public final class FortunePipelines {
  private FortunePipelines() {}

  /** A fortune's text, its lines joined by line feeds, and its length in bytes. */
  @Element
  public record Fortune(@Shape({}) Operand<TString> text, @Shape({}) Operand<TInt32> bytes) {}

  /** A record with a carriage return inside stops the build, naming its file and record. */
  @Pipeline
  public interface Fortunes {
    @TextLineSource(recordDelimiter = "%")
    Operand<TString> files();

    @Interleave(cycleLength = 1) Operand<TString> records(Operand<TString> file);

    @Map(parallel = AUTO)
    static Fortune measure(Ops tf, Operand<TString> record) {
      return new Fortune(record, tf.strings.stringLength(record));
    }

    @Prefetch(AUTO) Fortune prefetch(Fortune fortune);
  }

  /** The same, GZIP-compressed, with a bad record left out and reported. */
  @Pipeline
  public interface SkippingFortunes {
    @TextLineSource(recordDelimiter = "%", compression = Compression.GZIP,
        badRecords = BadRecords.SKIP)
    Operand<TString> files();

    @Interleave(cycleLength = 1) Operand<TString> records(Operand<TString> file);

    @Map(parallel = AUTO)
    static Fortune measure(Ops tf, Operand<TString> record) {
      return new Fortune(record, tf.strings.stringLength(record));
    }

    @Prefetch(AUTO) Fortune prefetch(Fortune fortune);
  }
}
