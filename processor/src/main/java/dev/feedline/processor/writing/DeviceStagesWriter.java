package dev.feedline.processor.writing;

import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.ElementType;
import dev.feedline.processor.model.PipelineModel;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.model.kinds.MapStage;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.MethodSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code onDevice}: the {@code @Map(onDevice = true)} stages, built in the consumer's graph
 * on the batch the iterator hands out, with ops the runtime places on the training device.
 */
final class DeviceStagesWriter {
  private DeviceStagesWriter() {}

  static Optional<MethodSpec> write(PipelineModel pipeline) {
    List<Stage> maps = pipeline.deviceStages().stream()
        .filter(s -> s.kind() == MapStage.KIND).toList();
    if (maps.isEmpty()) {
      return Optional.empty();
    }
    TypeName outputs = ParameterizedTypeName.get(Names.LIST,
        ParameterizedTypeName.get(Names.OUTPUT, WildcardTypeName.subtypeOf(Object.class)));
    MethodSpec.Builder method = MethodSpec.methodBuilder("onDevice")
        .addJavadoc(
            "The device stages, $L to $L: graph code on each batch after the iterator, on ops\n"
                + "that {@code tf} places on the training device.\n",
            maps.get(0).position(), maps.get(maps.size() - 1).position())
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(outputs)
        .addParameter(Names.OPS, "tf")
        .addParameter(outputs, "batch");
    NameScope variables = NameScope.empty();
    variables.newName("tf");
    variables.newName("batch");
    ElementType input = maps.get(0).input();
    String previous = variables.newName("fromIterator");
    method.addStatement("$T $N = $L", TypeName.get(input.type()), previous, fromOutputs(input));
    for (Stage map : maps) {
      String out = variables.newName(map.name());
      method.addCode("\n// $L. $L $L\n", map.position(), map.name(), AnnotationText.of(map));
      method.addStatement("$T $N = $T.$N(tf.withSubScope($S), $N)",
          TypeName.get(map.output().type()),
          out, TypeName.get(map.declaringType().asType()), map.name(), map.name(), previous);
      previous = out;
    }
    ElementType last = maps.get(maps.size() - 1).output();
    List<CodeBlock> components = new ArrayList<>();
    for (Component c : last.components()) {
      components.add(CodeBlock.of("$L.asOutput()", accessor(previous, last, c)));
    }
    method.addStatement("return $T.of($L)", Names.LIST, CodeBlock.join(components, ", "));
    return Optional.of(method.build());
  }

  /** The record, or single operand, from the iterator's components in order. */
  private static CodeBlock fromOutputs(ElementType element) {
    List<CodeBlock> operands = new ArrayList<>();
    List<Component> components = element.components();
    for (int i = 0; i < components.size(); i++) {
      operands.add(CodeBlock.of("batch.get($L).expect($T.class)", i,
          Names.dtype(components.get(i).dtype())));
    }
    return element.isRecord()
        ? CodeBlock.of("new $T(\n$L)", TypeName.get(element.type()),
            CodeBlock.join(operands, ",\n"))
        : operands.get(0);
  }

  private static String accessor(String variable, ElementType element, Component component) {
    return element.isRecord() ? variable + "." + component.name() + "()" : variable;
  }
}
