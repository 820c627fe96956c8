package dev.feedline.processor.validation;

import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.StaticShape;
import java.util.List;

/**
 * Whether a record can be written as a {@code tf.train.Example} that its {@code @Decode} reads
 * back: every component it reads (not a computed {@code @LengthOf}) has a dtype an Example list
 * holds, and a shape whose only unknown dimension, if any, is the first. The rules a
 * {@code @Decode} stage applies to the record it parses, reported here at the record, for a
 * record that asks for a writer with {@code @Writable}.
 */
public final class WriterRules {
  private WriterRules() {}

  /** Reports each component that cannot be written; returns whether every one can. */
  public static boolean check(ElementType record, Report report) {
    boolean writable = true;
    for (Component component : record.components()) {
      if (component.source() == Component.Source.LENGTH) {
        continue; // computed by the reader, not written
      }
      if (!component.dtype().isExampleFeature()) {
        report.at(component.declaration()).report(Message.WRITER_COMPONENT_DTYPE, record,
            component.name(), component.dtype().className());
        writable = false;
      } else if (!rowsKnown(component.shape())) {
        report.at(component.declaration()).report(Message.WRITER_COMPONENT_SHAPE, record,
            component.name(), component.shape());
        writable = false;
      }
    }
    return writable;
  }

  /** Whether every dimension after the first is known: a flat list splits into such rows. */
  private static boolean rowsKnown(StaticShape shape) {
    List<Long> dims = shape.dims();
    return dims.size() <= 1 || new StaticShape(dims.subList(1, dims.size())).isFullyKnown();
  }
}
