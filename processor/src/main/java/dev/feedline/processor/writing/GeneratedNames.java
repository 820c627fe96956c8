package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.NameAllocator;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.StageKind;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The names in a generated class, allocated once so they never collide with each other or with
 * the fixed members, whatever the stage methods are called.
 */
final class GeneratedNames {
  static final String PIPELINE = "PIPELINE";
  static final String DATASET_OPTIONS = "DATASET_OPTIONS";

  private final ClassName generated;
  private final Map<Stage, String> elementConstants = new HashMap<>();
  private final Map<Stage, String> featureConstants = new HashMap<>();
  private final Map<Stage, String> functionMethods = new HashMap<>();
  private final Map<Stage, String> cacheFiles = new HashMap<>();
  private final Set<Stage> introducers = new HashSet<>();
  private final Set<Stage> fileSegments = new HashSet<>();
  private final Map<String, String> sourceParameters = new HashMap<>();

  GeneratedNames(PipelineModel pipeline) {
    this.generated = ClassName.get(pipeline.generatedPackage(), pipeline.generatedSimpleName());
    NameAllocator constants = new NameAllocator();
    constants.newName(PIPELINE);
    constants.newName(DATASET_OPTIONS);
    NameAllocator methods = new NameAllocator();
    for (String fixed : List.of("builder", "output", "epoch", "steps", "dataset", "close")) {
      methods.newName(fixed);
    }
    NameAllocator builderMembers = new NameAllocator();
    for (String fixed : List.of("files", "data", "build", "tf", "graph", "resolved",
        "segments")) {
      builderMembers.newName(fixed);
    }
    // The in-memory source's tensors are parameters and builder fields beside fixed names.
    NameAllocator parameters = new NameAllocator();
    for (String fixed : List.of("tf", "dataset", "cached", "epoch", "function", "readFile",
        "files", "segments", "graph", "workerIndex", "workerCount", "prefix", "index", "count", "builder")) {
      parameters.newName(fixed);
    }
    Stage source = pipeline.stages().get(0);
    if (source.kind() == StageKind.IN_MEMORY_SOURCE) {
      source.output().components().forEach(
          c -> sourceParameters.put(c.name(), parameters.newName(c.name())));
    }
    Stage previous = null;
    for (Stage stage : pipeline.stages()) {
      if (stage.kind() == StageKind.TFRECORD_SOURCE || fileSegments.contains(previous)
          && stage.kind() != StageKind.INTERLEAVE) {
        fileSegments.add(stage);
      }
      if (previous == null || changesElement(previous, stage)) {
        elementConstants.put(stage, constants.newName(upperSnake(stage.name()) + "_ELEMENT"));
        introducers.add(stage);
      } else {
        elementConstants.put(stage, elementConstants.get(previous));
      }
      switch (stage.kind()) {
        case DECODE -> {
          featureConstants.put(stage, constants.newName(upperSnake(stage.name()) + "_FEATURES"));
          functionMethods.put(stage, methods.newName(stage.name() + "Function"));
        }
        case DECODE_JPEG, MAP, FILTER ->
            functionMethods.put(stage, methods.newName(stage.name() + "Function"));
        case CACHE -> {
          if (!stage.stringValue("file").isEmpty()) {
            cacheFiles.put(stage, builderMembers.newName(stage.name() + "File"));
          }
        }
        default -> { }
      }
      previous = stage;
    }
  }

  /** Whether a stage's elements differ from its input's: another type, shape or meaning. */
  static boolean changesElement(Stage previous, Stage stage) {
    return stage.kind() == StageKind.INTERLEAVE // file names in, records out
        || !stage.output().sameTypeAs(previous.output())
        || !stage.outer().equals(previous.outer());
  }

  /** The generated class. */
  ClassName generated() {
    return generated;
  }

  /** The {@code ElementSpec} constant describing a stage's output. */
  String elementConstant(Stage stage) {
    return elementConstants.get(stage);
  }

  /**
   * The spec of a stage's output: its constant, or the runtime's file segments for a TFRecord
   * source and the stages on its file names.
   */
  CodeBlock elementSpec(Stage stage) {
    return fileSegments.contains(stage)
        ? CodeBlock.of("$T.FILE_SEGMENT", Names.DATASET_OPS)
        : CodeBlock.of("$N", elementConstants.get(stage));
  }

  /** Whether {@code stage} is the first whose output its element constant describes. */
  boolean introducesElement(Stage stage) {
    return introducers.contains(stage);
  }

  /** The {@code ElementSpec} constant of the features a {@code @Decode} stage parses. */
  String featureConstant(Stage decode) {
    return featureConstants.get(decode);
  }

  /** The private method that builds a stage's graph function. */
  String functionMethod(Stage stage) {
    return functionMethods.get(stage);
  }

  /**
   * The builder member that holds a file cache's path prefix, such as {@code cacheFile}; empty for
   * an in-memory cache.
   */
  Optional<String> cacheFile(Stage cache) {
    return Optional.ofNullable(cacheFiles.get(cache));
  }

  /** The parameter and builder field holding an in-memory source's component. */
  String sourceParameter(Component component) {
    return sourceParameters.get(component.name());
  }

  /** The stages with a file cache, in stage order. */
  List<Stage> fileCaches(PipelineModel pipeline) {
    return pipeline.stages().stream().filter(cacheFiles::containsKey).toList();
  }

  static String upperSnake(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }
}
