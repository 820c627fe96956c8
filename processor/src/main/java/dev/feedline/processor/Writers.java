package dev.feedline.processor;

import dev.feedline.processor.model.kinds.DecodeStage;
import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.validation.WriterRules;
import dev.feedline.processor.writing.WriterWriter;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * Decides which element records get a generated writer, and writes each once: a record that asks
 * with {@code @Writable}, and a record that a {@code @Decode} stage of a generated pipeline
 * parses. Only records compiled here get one: a record from a library already has its writer
 * there, or asks for one with {@code @Writable} where it is compiled. The writer's one
 * originating element is its record, as Gradle's isolating mode requires.
 */
final class Writers {
  static final String WRITABLE = "dev.feedline.Writable";

  private final WriterWriter writer;
  private final Outbox outbox;
  /** Records compiled in this compilation, by qualified name. */
  private final Set<String> sources = new HashSet<>();
  private final Set<String> written = new HashSet<>();

  Writers(WriterWriter writer, Outbox outbox) {
    this.writer = writer;
    this.outbox = outbox;
  }

  /**
   * Notes a record compiled here; writes its writer when it asks for one and every component
   * can be written, else reports the components that cannot.
   *
   * @param element the record, empty when it is invalid (its problems are reported already)
   */
  void record(TypeElement record, Optional<ElementType> element, Report report) {
    sources.add(record.getQualifiedName().toString());
    if (Annotations.find(record, WRITABLE).isPresent() && element.isPresent()
        && WriterRules.check(element.get(), report)) {
      write(record, element.get());
    }
  }

  /** Writes the writers of the records the pipeline's {@code @Decode} stages parse. */
  void parsedBy(PipelineModel pipeline) {
    for (Stage stage : pipeline.stagesOf(DecodeStage.KIND)) {
      ElementType element = stage.output();
      if (element.isRecord() && element.type() instanceof DeclaredType declared
          && declared.asElement() instanceof TypeElement record
          && sources.contains(record.getQualifiedName().toString())
          && WriterRules.check(element, new Report())) { // the stage reported any problem
        write(record, element);
      }
    }
  }

  /** Reports {@code @Writable} on a type that is not an {@code @Element} record. */
  static void notElement(TypeElement type, Report report) {
    AnnotationMirror writable = Annotations.find(type, WRITABLE).orElseThrow();
    report.at(type, writable, null).report(Message.WRITER_NOT_ELEMENT, type.getSimpleName());
  }

  private void write(TypeElement record, ElementType element) {
    if (!written.add(record.getQualifiedName().toString())) {
      return;
    }
    outbox.add(() -> writer.javaFile(record, element), record, (report, why) -> report.at(record,
        Annotations.find(record, WRITABLE).orElse(null), null).report(
        Message.WRITER_FILE_NOT_WRITTEN, WriterWriter.simpleName(record), record.getSimpleName(),
        why, WriterWriter.packageName(record)));
  }
}
