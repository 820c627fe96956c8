package dev.feedline.processor;

import dev.feedline.processor.model.kinds.ChooseStage;
import dev.feedline.processor.model.kinds.ConcatenateStage;
import dev.feedline.processor.model.kinds.MixStage;
import dev.feedline.processor.model.kinds.ZipStage;
import com.google.auto.service.AutoService;
import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.Options;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Reporter;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.reading.ElementReader;
import dev.feedline.processor.reading.PipelineReader;
import dev.feedline.processor.reading.UnresolvedTypeException;
import dev.feedline.processor.validation.PipelineValidator;
import dev.feedline.processor.validation.SplitAgreement;
import dev.feedline.processor.writing.PipelineWriter;
import dev.feedline.processor.writing.ReviewReport;
import dev.feedline.processor.writing.WriterWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Checks {@code @Pipeline} interfaces and {@code @Element} records while javac runs, and generates
 * each valid pipeline's TensorFlow graph code.
 *
 * <p>Each pipeline goes model, then validation, then generation: it is read into a model, checked,
 * its findings printed once, and written only when nothing was reported as an error. Each step
 * runs over every pipeline of the round before the next ({@link Outbox}): interleaved, pipeline by
 * pipeline, the same work costs much more (docs/rules.md, What the processor costs). A pipeline
 * that uses a type not generated yet is retried in the next round. Nothing escapes to javac: a
 * failure inside the processor is reported as an error on the pipeline it was processing.
 */
@AutoService(Processor.class)
public final class PipelineProcessor extends AbstractProcessor {
  private static final String ELEMENT = "dev.feedline.Element";

  /** Pipelines waiting for a type, by qualified name: the type it waits for. */
  private final Map<String, String> deferred = new LinkedHashMap<>();
  private final Set<String> written = new HashSet<>();
  /** The top-level types whose source this compilation has, over all rounds so far. */
  private final Set<String> compiledHere = new HashSet<>();
  /** The pipelines another pipeline of this compilation reads, by qualified name. */
  private final Set<String> readByAnother = new HashSet<>();
  private final SplitAgreement splits = new SplitAgreement();
  private Options options;
  private Reporter reporter;
  private ElementReader elementReader;
  private PipelineReader pipelineReader;
  private PipelineWriter writer;
  private Writers writers;
  private final Outbox outbox = new Outbox();

  @Override
  public synchronized void init(ProcessingEnvironment environment) {
    super.init(environment);
    options = new Options(environment.getOptions());
    reporter = new Reporter(environment.getMessager(), options);
    options.problems().forEach(p -> reporter.printGlobal(Diagnostic.Kind.WARNING, p));
    elementReader = new ElementReader(environment.getElementUtils());
    pipelineReader = new PipelineReader(environment.getElementUtils(), environment.getTypeUtils(),
        elementReader);
    boolean generatedAvailable =
        environment.getElementUtils().getTypeElement(
            "javax.annotation.processing.Generated") != null;
    writer = new PipelineWriter(generatedAvailable);
    writers = new Writers(new WriterWriter(generatedAvailable), outbox);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    Set<String> types = new LinkedHashSet<>();
    types.add(PipelineReader.PIPELINE);
    types.add(PipelineReader.STAGE_GROUP);
    types.add(ELEMENT);
    types.add(Writers.WRITABLE);
    for (StageKind kind : StageKind.all()) {
      types.add(kind.annotationQualifiedName());
    }
    return types;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Options.supported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    elementReader.newRound();
    for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
      compiledHere.add(type.getQualifiedName().toString());
    }
    Annotated annotated = Annotated.in(round, annotations);
    noteReadPipelines(annotated);
    checkRecords(annotated);
    checkWritable(annotated);
    checkGroups(annotated);
    checkStagePlacement(annotated);
    Set<TypeElement> pipelines = new LinkedHashSet<>();
    for (String name : Set.copyOf(deferred.keySet())) {
      Optional.ofNullable(processingEnv.getElementUtils().getTypeElement(name))
          .ifPresent(pipelines::add);
    }
    deferred.clear();
    pipelines.addAll(ElementFilter.typesIn(annotated.with(PipelineReader.PIPELINE)));
    List<Read> reads = new ArrayList<>();
    pipelines.forEach(pipeline -> read(pipeline).ifPresent(reads::add));
    reads.forEach(this::check);
    outbox.writeAll(processingEnv.getFiler(), reporter);
    if (round.processingOver()) {
      reportStillUnresolved(round);
    }
    return false; // other processors may read these annotations too
  }

  /**
   * The pipelines that another pipeline's {@code @Mix}, {@code @Concatenate}, {@code @Zip} or
   * {@code @Choose} of this compilation reads, whose last prefetch is the reader's.
   */
  private void noteReadPipelines(Annotated annotated) {
    for (StageKind kind : List.of(MixStage.KIND, ConcatenateStage.KIND, ZipStage.KIND,
        ChooseStage.KIND)) {
      for (Element method : annotated.with(kind.annotationQualifiedName())) {
        Annotations.find(method, kind.annotationQualifiedName()).ifPresent(mirror -> {
          for (AnnotationValue value : Annotations.arrayValue(
              processingEnv.getElementUtils(), mirror, "of")) {
            if (value.getValue() instanceof DeclaredType type
                && type.asElement() instanceof TypeElement read) {
              readByAnother.add(read.getQualifiedName().toString());
            }
          }
        });
      }
    }
  }

  /** A pipeline read in this round: its model, empty when it is invalid, and its findings. */
  private record Read(TypeElement pipeline, Optional<PipelineModel> model, Report report) {}

  /** The pipeline read, or empty when it waits for a type, failed or was written already. */
  private Optional<Read> read(TypeElement pipeline) {
    String name = pipeline.getQualifiedName().toString();
    if (written.contains(name)) {
      return Optional.empty();
    }
    Report report = new Report();
    report.compiledHere(type -> compiledHere.contains(type.getQualifiedName().toString()));
    try {
      return Optional.of(new Read(pipeline, pipelineReader.read(pipeline, report), report));
    } catch (UnresolvedTypeException e) {
      deferred.put(name, e.typeName());
    } catch (RuntimeException e) {
      reporter.printInternalError(pipeline, e);
    }
    return Optional.empty();
  }

  /** Validates a pipeline read, prints its findings, and adds its files when none is an error. */
  private void check(Read read) {
    String name = read.pipeline().getQualifiedName().toString();
    try {
      read.model().ifPresent(m -> {
        PipelineValidator.validate(m, options, readByAnother.contains(name), read.report());
        splits.check(m, read.report());
      });
      List<Reporter.Reported> reported = reporter.print(read.report());
      if (read.model().isPresent() && !Reporter.hasErrors(reported)) {
        write(read.model().get());
        written.add(name);
      }
      options.reportDirectory().ifPresent(dir -> writeReviewReport(dir, read.pipeline(),
          read.model(), reported));
    } catch (RuntimeException e) {
      reporter.printInternalError(read.pipeline(), e);
    }
  }

  private void write(PipelineModel model) {
    outbox.add(() -> writer.javaFile(model), model.type(), (report, why) -> report.at(model.type(),
        model.annotation(), null).report(Message.GENERATED_FILE_NOT_WRITTEN,
        model.generatedSimpleName(), model.simpleName(), why, model.generatedPackage()));
    writers.parsedBy(model);
  }

  private void writeReviewReport(Path dir, TypeElement pipeline, Optional<PipelineModel> model,
      List<Reporter.Reported> reported) {
    try {
      ReviewReport.write(dir, pipeline, model, options, reported);
    } catch (IOException e) {
      reporter.printGlobal(Diagnostic.Kind.WARNING, "[feedline] Could not write the review report"
          + " of " + pipeline.getQualifiedName() + " to " + dir + ": " + e.getMessage());
    }
  }

  /**
   * Records are checked on their own too, so a bad record is reported even if no stage uses it;
   * a record that asks for a writer gets it here.
   */
  private void checkRecords(Annotated annotated) {
    for (Element element : annotated.with(ELEMENT)) {
      Report report = new Report();
      try {
        Optional<ElementType> record = elementReader.readRecord((TypeElement) element, report);
        if (element.getKind() == ElementKind.RECORD) {
          writers.record((TypeElement) element, record, report);
        }
        reporter.print(report);
      } catch (UnresolvedTypeException e) {
        // javac reports the missing type itself; a stage using the record defers its pipeline
      } catch (RuntimeException e) {
        reporter.printInternalError(element, e);
      }
    }
  }

  /** {@code @Writable} does nothing on a type that is not an {@code @Element} record. */
  private void checkWritable(Annotated annotated) {
    for (Element type : annotated.with(Writers.WRITABLE)) {
      // @Element on a class is reported as such (element-not-record).
      if (Annotations.find(type, ELEMENT).isEmpty()) {
        Report report = new Report();
        Writers.notElement((TypeElement) type, report);
        reporter.print(report);
      }
    }
  }

  /**
   * Groups are checked on their own too, so a bad group is reported even if no pipeline uses it.
   */
  private void checkGroups(Annotated annotated) {
    for (Element group : annotated.with(PipelineReader.STAGE_GROUP)) {
      Report report = new Report();
      PipelineReader.checkGroup((TypeElement) group, report);
      reporter.print(report);
    }
  }

  private void checkStagePlacement(Annotated annotated) {
    for (Element method : annotated.withAny(StageKind.all())) {
      Element owner = method.getEnclosingElement();
      if (Annotations.find(owner, PipelineReader.PIPELINE).isPresent()
          || Annotations.find(owner, PipelineReader.STAGE_GROUP).isPresent()) {
        continue;
      }
      for (StageKind kind : StageKind.all()) {
        Annotations.find(method, kind.annotationQualifiedName()).ifPresent(annotation -> {
          Report report = new Report();
          report.at(method, annotation, null).report(Message.STAGE_OUTSIDE_PIPELINE,
              kind.annotation(),
              method.getSimpleName(), owner.getSimpleName(), owner.getSimpleName());
          reporter.print(report);
        });
      }
    }
  }

  private void reportStillUnresolved(RoundEnvironment round) {
    if (round.errorRaised()) {
      deferred.clear(); // javac's own "cannot find symbol" already explains it
      return;
    }
    deferred.forEach((name, type) -> {
      TypeElement pipeline = processingEnv.getElementUtils().getTypeElement(name);
      Report report = new Report();
      report.at(pipeline).report(Message.UNRESOLVED_TYPE, pipeline.getSimpleName(), type);
      reporter.print(report);
    });
    deferred.clear();
  }
}
