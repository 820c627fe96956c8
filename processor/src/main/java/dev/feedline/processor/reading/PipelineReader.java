package dev.feedline.processor.reading;

import dev.feedline.processor.model.kinds.CacheStage;
import dev.feedline.processor.model.kinds.SnapshotStage;
import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.ByteSize;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Finding;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.ElementModel;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.kinds.StageDefinition;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.Name;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a {@code @Pipeline} interface into a {@link PipelineModel}: its stages, with those it
 * takes from the groups and pipelines it extends ({@link SharedStages}).
 */
public final class PipelineReader {
  public static final String PIPELINE = "dev.feedline.Pipeline";
  public static final String STAGE_GROUP = SharedStages.STAGE_GROUP;
  /** The prefix of generated class names. */
  public static final String GENERATED_PREFIX = "Feedline";

  private final Elements elements;
  private final StageReader stageReader;
  private final InputReader inputReader;
  /** The pipelines being read, outermost first: a source stage reads the pipelines it names. */
  private final Deque<String> reading = new ArrayDeque<>();
  private final SharedStages sharedStages;

  public PipelineReader(Elements elements, Types types, ElementReader elementReader) {
    this.elements = elements;
    this.stageReader = new StageReader(elements, types, elementReader, this::readSource);
    this.inputReader = new InputReader(elements, this::readOver);
    this.sharedStages = new SharedStages(elements, types);
  }

  /**
   * Reads the pipeline, reporting every declaration problem found.
   *
   * @return empty when the declaration cannot be turned into a pipeline
   * @throws UnresolvedTypeException when a type it uses does not exist yet
   */
  public Optional<PipelineModel> read(TypeElement type, Report report) {
    reading.addLast(type.getQualifiedName().toString());
    try {
      return readPipeline(type, report);
    } finally {
      reading.removeLast();
    }
  }

  /**
   * Reads a pipeline that {@code stage} names as one of its sources, on its own report: its
   * problems are reported when it is compiled itself, and here only as "it has errors". A
   * pipeline read this way must end in tf.data and must not need what only its own iterator sets
   * up: tables, and a memory cache kept across epochs.
   */
  private Optional<PipelineModel> readSource(TypeElement source, String stage,
      ExecutableElement method, AnnotationMirror annotation, AnnotationValue at, Report report) {
    Name name = source.getSimpleName();
    Element reader = method.getEnclosingElement();
    if (Annotations.find(source, PIPELINE).isEmpty()) {
      report.at(method, annotation, at).report(Message.SOURCE_NOT_PIPELINE, stage, name);
      return Optional.empty();
    }
    if (reading.contains(source.getQualifiedName().toString())) {
      report.at(method, annotation, at).report(Message.SOURCE_CYCLE, stage, name,
          reader.getSimpleName());
      return Optional.empty();
    }
    Report own = new Report();
    Optional<PipelineModel> read = read(source, own);
    Optional<Finding> cycle = own.findings().stream()
        .filter(f -> f.message() == Message.SOURCE_CYCLE).findFirst();
    if (cycle.isPresent()) {
      report.at(method, annotation, at).report(Message.SOURCE_CYCLE, stage, name,
          reader.getSimpleName());
      return Optional.empty();
    }
    if (read.isEmpty() || own.hasDeclarationErrors() || read.get().stages().isEmpty()
        || !read.get().stages().get(0).kind().isSource()) {
      report.at(method, annotation, at).report(Message.SOURCE_INVALID, stage, name);
      return Optional.empty();
    }
    PipelineModel pipeline = read.get();
    if (!pipeline.deviceStages().isEmpty()) {
      report.at(method, annotation, at).report(Message.SOURCE_ON_DEVICE, stage, name,
          pipeline.deviceStages().get(0).name(), reader.getSimpleName());
      return Optional.empty();
    }
    for (Input input : pipeline.inputs()) {
      if (input.kind() == Input.Kind.VOCABULARY) {
        report.at(method, annotation, at).report(Message.SOURCE_VOCABULARY,
            stage, name, input.name(),
            reader.getSimpleName());
        return Optional.empty();
      }
    }
    for (Stage cache : pipeline.stages()) {
      if (cache.kind() == CacheStage.KIND || cache.kind() == SnapshotStage.KIND) {
        report.at(method, annotation, at).report(Message.SOURCE_CACHE, stage, name, cache.name(),
            reader.getSimpleName(), method.getSimpleName(), cache.kind().annotation());
        return Optional.empty();
      }
    }
    return read;
  }

  /**
   * Reads the pipeline a statistic is fitted over, on its own report, like a source: its problems
   * are reported when it is compiled itself, and here only as "it has errors". It is built on its
   * own, so it may hold what a source may not (tables, caches).
   */
  private Optional<PipelineModel> readOver(TypeElement over, String statistic,
      ExecutableElement method, AnnotationMirror annotation, AnnotationValue at, Report report) {
    Name name = over.getSimpleName();
    Element reader = method.getEnclosingElement();
    if (Annotations.find(over, PIPELINE).isEmpty()) {
      report.at(method, annotation, at).report(Message.STATISTIC_OVER_NOT_PIPELINE, statistic,
          name);
      return Optional.empty();
    }
    if (reading.contains(over.getQualifiedName().toString())) {
      report.at(method, annotation, at).report(Message.STATISTIC_OVER_CYCLE, statistic,
          reader.getSimpleName(), name, reader.getSimpleName());
      return Optional.empty();
    }
    Report own = new Report();
    Optional<PipelineModel> read = read(over, own);
    boolean cycle = own.findings().stream().anyMatch(f -> f.message() == Message.SOURCE_CYCLE
        || f.message() == Message.STATISTIC_OVER_CYCLE);
    if (cycle) {
      report.at(method, annotation, at).report(Message.STATISTIC_OVER_CYCLE, statistic,
          reader.getSimpleName(), name, reader.getSimpleName());
      return Optional.empty();
    }
    if (read.isEmpty() || own.hasDeclarationErrors() || read.get().stages().isEmpty()
        || !read.get().stages().get(0).kind().isSource()) {
      report.at(method, annotation, at).report(Message.STATISTIC_OVER_INVALID, statistic, name);
      return Optional.empty();
    }
    return read;
  }

  private Optional<PipelineModel> readPipeline(TypeElement type, Report report) {
    AnnotationMirror annotation = Annotations.find(type, PIPELINE).orElseThrow();
    String name = type.getSimpleName().toString();
    String generated = GENERATED_PREFIX + nestedName(type);
    if (type.getKind() != ElementKind.INTERFACE) {
      report.at(type, annotation, null).report(Message.PIPELINE_NOT_INTERFACE, name, name);
      return Optional.empty();
    }
    if (ElementReader.isPrivate(type)) {
      report.at(type, annotation, null).report(Message.PIPELINE_NOT_ACCESSIBLE, name, generated);
      return Optional.empty();
    }
    if (!type.getTypeParameters().isEmpty()) {
      report.at(type, annotation, null).report(Message.PIPELINE_GENERIC, name);
      return Optional.empty();
    }
    if (Annotations.find(type, STAGE_GROUP).isPresent()) {
      SharedStages.checkGroup(type, report); // a declaration error: nothing is generated
      return Optional.empty();
    }
    report.sharing(type, SharedStages.sharedSupertypes(type));
    SharedStages.Chain assembled = sharedStages.assemble(type, annotation, report);
    boolean complete = assembled.complete();
    Map<String, Input> inputs = new LinkedHashMap<>();
    Set<String> unreadInputs = new HashSet<>(); // reported where declared, not again where taken
    for (ExecutableElement method : assembled.inputs()) {
      Optional<Input> read = inputReader.read(method, InputReader.annotation(method).orElseThrow(),
          report);
      read.ifPresentOrElse(i -> inputs.put(i.name(), i),
          () -> unreadInputs.add(method.getSimpleName().toString()));
      complete &= read.isPresent();
    }
    Set<String> stageNames = new HashSet<>();
    List<StageReader.ReadStage> read = new ArrayList<>();
    for (ExecutableElement method : assembled.stages()) {
      stageNames.add(method.getSimpleName().toString());
      List<AnnotationMirror> annotations = StageReader.stageAnnotations(method);
      if (annotations.size() > 1) {
        report.at(method, annotations.get(1), null).report(Message.CONFLICTING_STAGE_ANNOTATIONS,
            method.getSimpleName(),
            Annotations.simpleName(annotations.get(0)),
            Annotations.simpleName(annotations.get(1)));
        complete = false;
        continue;
      }
      Optional<StageReader.ReadStage> stage =
          stageReader.read(method, annotations.get(0), name, inputs, unreadInputs, report);
      stage.ifPresent(read::add);
      complete &= stage.isPresent();
    }
    complete &= elementsAccessible(type, annotation, generated, read, report);
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      // A method under an inherited stage's name was judged when the chain was assembled.
      if (method.getModifiers().contains(Modifier.ABSTRACT)
          && StageReader.stageAnnotations(method).isEmpty()
          && InputReader.annotation(method).isEmpty()
          && !stageNames.contains(method.getSimpleName().toString())) {
        report.at(method).report(Message.UNANNOTATED_METHOD, method.getSimpleName(), name);
      }
    }
    PipelineModel.Settings settings = settings(type, annotation, report);
    if (!complete || report.hasDeclarationErrors()) {
      return Optional.empty();
    }
    String packageName = elements.getPackageOf(type).getQualifiedName().toString();
    return Optional.of(new PipelineModel(type, annotation, packageName, generated, chain(read),
        List.copyOf(inputs.values()), settings));
  }

  /**
   * Whether the generated class, in the pipeline's package, can name every record its chain
   * passes: a group of another package may hand on a record that is not public there.
   */
  private boolean elementsAccessible(TypeElement type, AnnotationMirror annotation,
      String generated, List<StageReader.ReadStage> read, Report report) {
    PackageElement here = elements.getPackageOf(type);
    Set<Element> reported = new HashSet<>();
    for (StageReader.ReadStage stage : read) {
      for (ElementType element : Arrays.asList(stage.input(), stage.output())) {
        if (element == null || !element.isRecord()) {
          continue;
        }
        Element record = ((DeclaredType) element.type()).asElement();
        PackageElement there = elements.getPackageOf(record);
        if (!there.equals(here) && !isPublicAllTheWayOut(record) && reported.add(record)) {
          report.at(type, annotation, null).report(Message.ELEMENT_NOT_ACCESSIBLE,
              type.getSimpleName(),
              describe(here), element.displayName(), stage.method().getSimpleName(),
              stage.method().getEnclosingElement().getSimpleName(), describe(there), generated);
        }
      }
    }
    return reported.isEmpty();
  }

  private static boolean isPublicAllTheWayOut(Element type) {
    for (Element e = type; e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
      if (!e.getModifiers().contains(Modifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }

  private static String describe(PackageElement pkg) {
    return pkg.isUnnamed() ? "the unnamed package" : "package " + pkg.getQualifiedName();
  }

  /** Reports what makes a {@code @StageGroup} unusable by the pipelines that extend it. */
  public static void checkGroup(TypeElement group, Report report) {
    SharedStages.checkGroup(group, report);
  }

  private PipelineModel.Settings settings(
      TypeElement type, AnnotationMirror annotation, Report report) {
    String budget = String.valueOf(Annotations.value(elements, annotation, "ramBudget"));
    Optional<Long> ramBudget = budget.isEmpty() ? Optional.empty() : ByteSize.parse(budget);
    if (!budget.isEmpty() && ramBudget.isEmpty()) {
      report.at(type, annotation, Annotations.explicitValue(annotation, "ramBudget").orElse(null))
          .report(Message.INVALID_RAM_BUDGET, "Pipeline",
          type.getSimpleName(), "ramBudget", '"' + budget + '"', ByteSize.UNITS);
    }
    return new PipelineModel.Settings(ramBudget,
        (Boolean) Annotations.value(elements, annotation, "reproducible"),
        (Boolean) Annotations.value(elements, annotation, "staticShapes"));
  }

  /**
   * Numbers the stages and carries the static model of the element down the chain
   * ({@link ElementModel#next}): its batch dimensions and the lengths padded batches fix.
   */
  private static List<Stage> chain(List<StageReader.ReadStage> read) {
    List<Stage> stages = new ArrayList<>();
    ElementModel element = ElementModel.NONE;
    for (StageReader.ReadStage s : read) {
      StageDefinition definition = s.read().definition();
      ElementModel takes = stages.isEmpty() ? ElementModel.NONE : element;
      element = ElementModel.next(definition, s.input(), takes);
      stages.add(new Stage(stages.size() + 1, definition, s.method(), s.annotation(), s.input(),
          s.output(), takes, element, s.inputs(), s.read().written()));
    }
    return stages;
  }

  /** {@code Inner} for a top-level type, {@code Outer_Inner} for a nested one. */
  /**
   * The type's name inside its package, its enclosing types' names before it: {@code Outer_Inner}.
   */
  public static String nestedName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); !(e instanceof PackageElement);
        e = e.getEnclosingElement()) {
      name.insert(0, e.getSimpleName() + "_");
    }
    return name.toString();
  }
}
