package dev.feedline.processor.reading;

import dev.feedline.processor.base.Annotations;
import dev.feedline.processor.base.ByteSize;
import dev.feedline.processor.base.Report;
import dev.feedline.processor.base.Message;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.Input;
import dev.feedline.processor.model.Parameters;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import dev.feedline.processor.model.StaticShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
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
  private final SharedStages sharedStages;

  public PipelineReader(Elements elements, Types types, ElementReader elementReader) {
    this.elements = elements;
    this.stageReader = new StageReader(elements, types, elementReader);
    this.inputReader = new InputReader(elements);
    this.sharedStages = new SharedStages(elements, types);
  }

  /**
   * Reads the pipeline, reporting every declaration problem found.
   *
   * @return empty when the declaration cannot be turned into a pipeline
   * @throws UnresolvedTypeException when a type it uses does not exist yet
   */
  public Optional<PipelineModel> read(TypeElement type, Report report) {
    AnnotationMirror annotation = Annotations.find(type, PIPELINE).orElseThrow();
    String name = type.getSimpleName().toString();
    String generated = GENERATED_PREFIX + nestedName(type);
    if (type.getKind() != ElementKind.INTERFACE) {
      report.add(Message.PIPELINE_NOT_INTERFACE, type, annotation, null, name, name);
      return Optional.empty();
    }
    if (ElementReader.isPrivate(type)) {
      report.add(Message.PIPELINE_NOT_ACCESSIBLE, type, annotation, null, name, generated);
      return Optional.empty();
    }
    if (!type.getTypeParameters().isEmpty()) {
      report.add(Message.PIPELINE_GENERIC, type, annotation, null, name);
      return Optional.empty();
    }
    report.sharing(type, SharedStages.sharedSupertypes(type));
    SharedStages.Chain assembled = sharedStages.assemble(type, annotation, report);
    boolean complete = assembled.complete();
    Map<String, Input> inputs = new LinkedHashMap<>();
    for (ExecutableElement method : assembled.inputs()) {
      Optional<Input> read = inputReader.read(method, InputReader.annotation(method).orElseThrow(),
          report);
      read.ifPresent(i -> inputs.put(i.name(), i));
      complete &= read.isPresent();
    }
    Set<String> stageNames = new HashSet<>();
    List<StageReader.ReadStage> read = new ArrayList<>();
    for (ExecutableElement method : assembled.stages()) {
      stageNames.add(method.getSimpleName().toString());
      List<AnnotationMirror> annotations = StageReader.stageAnnotations(method);
      if (annotations.size() > 1) {
        report.add(
            Message.CONFLICTING_STAGE_ANNOTATIONS,
            method,
            annotations.get(1),
            null,
            method.getSimpleName(),
            Annotations.simpleName(annotations.get(0)),
            Annotations.simpleName(annotations.get(1)));
        complete = false;
        continue;
      }
      Optional<StageReader.ReadStage> stage =
          stageReader.read(method, annotations.get(0), name, inputs, report);
      stage.ifPresent(read::add);
      complete &= stage.isPresent();
    }
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      // A method under an inherited stage's name was judged when the chain was assembled.
      if (method.getModifiers().contains(Modifier.ABSTRACT)
          && StageReader.stageAnnotations(method).isEmpty()
          && InputReader.annotation(method).isEmpty()
          && !stageNames.contains(method.getSimpleName().toString())) {
        report.add(Message.UNANNOTATED_METHOD, method, method.getSimpleName(), name);
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

  /** Reports what makes a {@code @StageGroup} unusable by the pipelines that extend it. */
  public static void checkGroup(TypeElement group, Report report) {
    SharedStages.checkGroup(group, report);
  }

  private PipelineModel.Settings settings(
      TypeElement type, AnnotationMirror annotation, Report report) {
    String budget = String.valueOf(Annotations.value(elements, annotation, "ramBudget"));
    Optional<Long> ramBudget = budget.isEmpty() ? Optional.empty() : ByteSize.parse(budget);
    if (!budget.isEmpty() && ramBudget.isEmpty()) {
      report.add(Message.INVALID_RAM_BUDGET, type, annotation,
          Annotations.explicitValue(annotation, "ramBudget").orElse(null), "Pipeline",
          type.getSimpleName(), "ramBudget", '"' + budget + '"');
    }
    return new PipelineModel.Settings(ramBudget,
        (Boolean) Annotations.value(elements, annotation, "reproducible"),
        (Boolean) Annotations.value(elements, annotation, "staticShapes"));
  }

  /**
   * Numbers the stages and carries the batch dimensions down the chain, with the lengths that
   * padded batches fix: a stage that makes new elements starts from their declared shapes.
   */
  private static List<Stage> chain(List<StageReader.ReadStage> read) {
    List<Stage> stages = new ArrayList<>();
    List<Long> outer = List.of();
    Map<String, StaticShape> padded = Map.of();
    for (StageReader.ReadStage s : read) {
      Parameters parameters = s.parameters().parameters();
      if (!s.kind().is(StageKind.Trait.KEEPS_TYPE)) {
        padded = Map.of();
      }
      if (parameters instanceof Parameters.Batching batch) {
        List<Long> batched = new ArrayList<>();
        boolean staticSize = batch.dropRemainder() && !(batch instanceof Parameters.BucketByLength);
        batched.add(staticSize ? batch.size() : StaticShape.UNKNOWN);
        batched.addAll(outer);
        outer = batched;
      }
      if (parameters instanceof Parameters.Padding padding) {
        padded = fixedLengths(s.input(), padding, padded);
      }
      if (parameters instanceof Parameters.Unbatch && !outer.isEmpty()) {
        outer = outer.subList(1, outer.size());
      }
      stages.add(new Stage(stages.size() + 1, s.kind(), s.method(), s.annotation(), s.input(),
          s.output(), outer, padded, parameters, s.inputs(), s.parameters().written()));
    }
    return stages;
  }

  /** The shapes a padded batch gives the components it pads to a fixed length. */
  private static Map<String, StaticShape> fixedLengths(ElementType element,
      Parameters.Padding padding, Map<String, StaticShape> before) {
    Map<String, StaticShape> shapes = new HashMap<>(before);
    for (Parameters.Pad pad : padding.padding()) {
      element.component(pad.component()).filter(Component::isVariableLength)
          .filter(c -> pad.length().isPresent())
          .ifPresent(c -> {
            List<Long> dims = new ArrayList<>(shapes.getOrDefault(c.name(), c.shape()).dims());
            dims.set(0, pad.length().getAsLong());
            shapes.put(c.name(), new StaticShape(dims));
          });
    }
    return shapes;
  }

  /** {@code Inner} for a top-level type, {@code Outer_Inner} for a nested one. */
  private static String nestedName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); !(e instanceof PackageElement);
        e = e.getEnclosingElement()) {
      name.insert(0, e.getSimpleName() + "_");
    }
    return name.toString();
  }
}
