package dev.feedline.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import dev.feedline.processor.model.Component;
import dev.feedline.processor.model.Stage;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the record of tensors the epoch iterator hands out: the last stage's element, fetched
 * into Java, one tensor per component.
 */
final class TensorsRecordWriter {
  private TensorsRecordWriter() {}

  /** {@code PhotoTensors} for an element record {@code Photo}. */
  static ClassName name(ClassName generated, Stage last) {
    String base = last.output().isRecord() ? last.output().displayName() : "Value";
    return generated.nestedClass(base + "Tensors");
  }

  static TypeSpec write(ClassName name, Stage last) {
    List<ParameterSpec> components = new ArrayList<>();
    List<CodeBlock> fromResult = new ArrayList<>();
    CodeBlock.Builder close = CodeBlock.builder();
    List<Component> all = last.output().components();
    for (int i = 0; i < all.size(); i++) {
      Component c = all.get(i);
      ClassName dtype = Names.dtype(c.dtype());
      components.add(ParameterSpec.builder(dtype, c.name())
          .addJavadoc("shape $L\n", last.shapeOf(c)).build());
      fromResult.add(CodeBlock.of("($T) result.get($L)", dtype, i));
      close.addStatement("$N.close()", c.name());
    }
    return TypeSpec.recordBuilder(name)
        .addJavadoc("One element of the last stage, $N, fetched as tensors. The epoch iterator\n"
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
