package dev.feedline.runtime.internal;

import dev.feedline.Compression;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.io.DecodeCompressed;
import org.tensorflow.op.math.Cumsum;
import org.tensorflow.op.strings.UnsortedSegmentJoin;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A text file's bytes cut into records that end at delimiter lines, in the graph: the records
 * {@code DelimitedTextFile} counts at build, in the same order, so that a segment's record
 * indices mean the same records here. Byte-wise throughout: no op decodes UTF-8 or takes a regex,
 * so any bytes are cut as they are.
 */
final class DelimitedRecords {
  private DelimitedRecords() {}

  /**
   * The records of {@code content}, a file's bytes compressed as {@code compression}: a vector,
   * each record its lines joined by line feeds, without its delimiter line.
   */
  static Operand<TString> of(Ops tf, Operand<TString> content, Compression compression,
      String recordDelimiter) {
    Operand<TString> text = compression == Compression.NONE ? content
        : tf.io.decodeCompressed(content,
            DecodeCompressed.compressionType(DatasetOps.compressionType(compression)));
    Operand<TString> lines = withoutCarriageReturns(tf, lines(tf, text));
    Operand<TBool> isDelimiter = tf.math.equal(lines, tf.constant(recordDelimiter));
    Operand<TInt64> delimiters = tf.dtypes.cast(isDelimiter, TInt64.class);
    // A line's record is the number of delimiter lines before it.
    Operand<TInt64> recordOf = tf.math.cumsum(delimiters, tf.constant(0), Cumsum.exclusive(true));
    Operand<TBool> isText = tf.math.logicalNot(isDelimiter);
    // A delimiter line ends the record before it, as a line feed ends a line: the lines after the
    // last one are a record only if there is one (the file's last line is no delimiter).
    Operand<TBool> endsWithDelimiter = last(tf, isDelimiter, tf.constant(new boolean[] {true}));
    Operand<TInt64> records = tf.math.sub(tf.math.add(tf.sum(delimiters, tf.constant(0)),
        tf.constant(1L)), tf.dtypes.cast(endsWithDelimiter, TInt64.class));
    return tf.strings.unsortedSegmentJoin(tf.booleanMask(lines, isText),
        tf.booleanMask(recordOf, isText), records, UnsortedSegmentJoin.separator("\n"));
  }

  /**
   * The lines of a scalar {@code text}: its pieces between line feeds, without the empty piece
   * after a final line feed, so an empty text has none.
   */
  private static Operand<TString> lines(Ops tf, Operand<TString> text) {
    Operand<TString> pieces = tf.strings.stringSplit(
        tf.reshape(text, tf.constant(new long[] {1})), tf.constant("\n")).values();
    Operand<TInt32> lastLength = last(tf, tf.strings.stringLength(pieces), tf.constant(new int[] {1}));
    Operand<TInt64> count = tf.math.sub(tf.size(pieces, TInt64.class),
        tf.dtypes.cast(tf.math.equal(lastLength, tf.constant(0)), TInt64.class));
    return tf.slice(pieces, tf.constant(new long[] {0}),
        tf.reshape(count, tf.constant(new long[] {1})));
  }

  /** Each line without a carriage return at its end, which was before its line feed. */
  private static Operand<TString> withoutCarriageReturns(Ops tf, Operand<TString> lines) {
    Operand<TInt32> length = tf.strings.stringLength(lines);
    Operand<TInt32> lastByte = tf.math.maximum(tf.math.sub(length, tf.constant(1)),
        tf.constant(0));
    Operand<TBool> endsWithReturn = tf.math.equal(
        tf.strings.substr(lines, lastByte, tf.onesLike(length)), tf.constant("\r"));
    return tf.strings.substr(lines, tf.zerosLike(length),
        tf.math.sub(length, tf.dtypes.cast(endsWithReturn, TInt32.class)));
  }

  /** The last value of the vector {@code values}, or {@code ifNone}'s one value when it is empty. */
  private static <T extends org.tensorflow.types.family.TType> Operand<T> last(Ops tf,
      Operand<T> values, Operand<T> ifNone) {
    Operand<T> padded = tf.concat(List.of(ifNone, values), tf.constant(0));
    return tf.gather(padded, tf.size(values), tf.constant(0));
  }
}
