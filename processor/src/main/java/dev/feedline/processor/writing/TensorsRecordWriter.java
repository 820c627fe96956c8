package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Stage;
import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.ParameterSpec;
import dev.feedline.processor.writing.spec.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the record of tensors the epoch iterator hands out: the last stage's element, fetched
 * into Java, one tensor per component, named after the components (a component named like one of
 * the record's own members, such as {@code close}, gets a trailing underscore).
 */
final class TensorsRecordWriter {
  private TensorsRecordWriter() {}

  static TypeSpec write(GeneratedNames names, Stage last) {
    ClassName name = names.tensors();
    List<ParameterSpec> components = new ArrayList<>();
    List<CodeBlock> fromResult = new ArrayList<>();
    CodeBlock.Builder close = CodeBlock.builder();
    List<Component> all = last.output().components();
    for (int i = 0; i < all.size(); i++) {
      Component c = all.get(i);
      ClassName dtype = Names.dtype(c.dtype());
      String field = names.tensorComponent(c);
      components.add(ParameterSpec.builder(dtype, field)
          .addJavadoc(field.equals(c.name())
              ? CodeBlock.of("shape $L\n", last.shapeOf(c))
              : CodeBlock.of("component $L, shape $L\n", c.name(), last.shapeOf(c)))
          .build());
      fromResult.add(CodeBlock.of("($T) result.get($L)", dtype, i));
      close.addStatement("$N.close()", field);
    }
    return TypeSpec.recordBuilder(name)
        .addJavadoc("One element of the last stage, $L, fetched as tensors. The epoch iterator\n"
            + "closes it when it moves on; copy out what must outlive the step.\n", last.name())
        .addModifiers(Modifier.PUBLIC)
        .addSuperinterface(AutoCloseable.class)
        .recordConstructor(MethodSpec.constructorBuilder().addParameters(components).build())
        .addMethod(MethodSpec.methodBuilder("of")
            .addModifiers(Modifier.STATIC)
            .returns(name)
            .addParameter(Names.RESULT, "result")
            .addStatement("return new $T(\n$L)", name, CodeBlock.join(fromResult, ",\n"))
            .build())
        .addMethod(MethodSpec.methodBuilder("close")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .addCode(close.build())
            .build())
        .build();
  }
}
