package dev.feedline.processor.writing.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;

/**
 * The one-pass writer: JavaPoet's layout, imports and name resolution, character for character
 * (where a case is easy to get subtly wrong, JavaPoet writes the same declaration beside it), and
 * its format errors.
 */
class SourceWriterTest {
  private static final ClassName LIST = ClassName.get("java.util", "List");
  private static final ClassName AWT_LIST = ClassName.get("java.awt", "List");
  private static final ClassName INFO = ClassName.get("dev.feedline.runtime", "PipelineInfo");

  private static String lines(String... lines) {
    return String.join("\n", lines) + "\n";
  }

  @Test
  void importsAreSortedAndAClashingNameIsWrittenInFullAfterItsFirstUse() {
    TypeSpec type = TypeSpec.classBuilder("Tags")
        .addField(FieldSpec.builder(ParameterizedTypeName.get(LIST, ClassName.get(String.class)),
            "names", Modifier.PRIVATE, Modifier.FINAL).initializer("$T.of()", LIST).build())
        .addField(AWT_LIST, "widget", Modifier.PRIVATE)
        .build();
    String source = JavaFile.builder("p", type).build().toString();
    assertEquals(lines(
        "package p;",
        "",
        "import java.lang.String;",
        "import java.util.List;",
        "",
        "class Tags {",
        "  private final List<String> names = List.of();",
        "",
        "  private java.awt.List widget;",
        "}"), source);
    assertEquals(com.palantir.javapoet.JavaFile.builder("p", com.palantir.javapoet.TypeSpec
        .classBuilder("Tags")
        .addField(com.palantir.javapoet.FieldSpec.builder(ParameterizedTypeName.get(LIST,
            ClassName.get(String.class)), "names", Modifier.PRIVATE, Modifier.FINAL)
            .initializer("$T.of()", LIST).build())
        .addField(AWT_LIST, "widget", Modifier.PRIVATE)
        .build()).build().toString(), source);
  }

  @Test
  void aNestedTypeShadowsAnImportableClassOfItsName() {
    TypeSpec nested = TypeSpec.classBuilder("List").addModifiers(Modifier.STATIC).build();
    TypeSpec type = TypeSpec.classBuilder("Outer")
        .addMethod(MethodSpec.methodBuilder("make").returns(LIST)
            .addStatement("return new $T()", ClassName.get("p", "Outer", "List")).build())
        .addType(nested)
        .build();
    String source = JavaFile.builder("p", type).build().toString();
    assertTrue(source.contains("  java.util.List make() {\n    return new List();\n  }\n"),
        source);
    assertTrue(!source.contains("import java.util.List;"), source);
  }

  @Test
  void aClassOfThePackageKeepsItsSimpleNameFromAnImport() {
    TypeSpec type = TypeSpec.classBuilder("Uses")
        .addField(ClassName.get("p", "List"), "mine")
        .addField(LIST, "theirs")
        .build();
    String source = JavaFile.builder("p", type).build().toString();
    assertEquals(lines(
        "package p;",
        "",
        "class Uses {",
        "  List mine;",
        "",
        "  java.util.List theirs;",
        "}"), source);
  }

  @Test
  void aMemberOfAStaticImportIsWrittenAloneAndOnlyThatMember() {
    TypeSpec type = TypeSpec.classBuilder("Plan")
        .addMethod(MethodSpec.methodBuilder("plan")
            .addStatement("$T.stage($S)", INFO, "a")
            .addStatement("$T.source($S)", INFO, "b")
            .addStatement("$T$L", INFO, ".stage(\"c\")")
            .build())
        .build();
    String source = JavaFile.builder("p", type).addStaticImport(INFO, "stage").build().toString();
    assertEquals(lines(
        "package p;",
        "",
        "import static dev.feedline.runtime.PipelineInfo.stage;",
        "",
        "import dev.feedline.runtime.PipelineInfo;",
        "",
        "class Plan {",
        "  void plan() {",
        "    stage(\"a\");",
        "    PipelineInfo.source(\"b\");",
        "    PipelineInfo.stage(\"c\");",
        "  }",
        "}"), source);
  }

  @Test
  void aStatementsSecondLineIndentsTwoLevelsAndAControlFlowOne() {
    CodeBlock code = CodeBlock.builder()
        .beginControlFlow("if (ready)")
        .addStatement("call(\n$L)", "first")
        .nextControlFlow("else")
        .addStatement("wait()")
        .endControlFlow()
        .build();
    assertEquals(lines(
        "if (ready) {",
        "  call(",
        "      first);",
        "} else {",
        "  wait();",
        "}"), code.toString());
  }

  @Test
  void javadocLinesAreStarredBlankOnesTooAndAParameterGetsItsTag() {
    TypeSpec record = TypeSpec.recordBuilder("Pair")
        .addJavadoc("Two tensors.\n\nClosed together.\n")
        .recordConstructor(MethodSpec.constructorBuilder()
            .addParameter(ParameterSpec.builder(TypeName.INT, "a")
                .addJavadoc(CodeBlock.of("the first\n")).build())
            .addParameter(TypeName.LONG, "b").build())
        .build();
    String source = JavaFile.builder("", record).build().toString();
    assertEquals(lines(
        "/**",
        " * Two tensors.",
        " *",
        " * Closed together.",
        " *",
        " * @param a the first",
        " */",
        "record Pair(int a, long b) {",
        "}"), source);
    assertEquals(com.palantir.javapoet.JavaFile.builder("", com.palantir.javapoet.TypeSpec
        .recordBuilder("Pair")
        .addJavadoc("Two tensors.\n\nClosed together.\n")
        .recordConstructor(com.palantir.javapoet.MethodSpec.constructorBuilder()
            .addParameter(com.palantir.javapoet.ParameterSpec.builder(TypeName.INT, "a")
                .addJavadoc("the first\n").build())
            .addParameter(TypeName.LONG, "b").build())
        .build()).build().toString(), source);
  }

  @Test
  void anAnnotationOfSeveralMembersTakesALineEach() {
    TypeSpec type = TypeSpec.classBuilder("A")
        .addAnnotation(AnnotationSpec.builder(ClassName.get("javax.annotation.processing",
            "Generated")).addMember("value", "$S", "x").addMember("comments", "$S", "y").build())
        .addMethod(MethodSpec.methodBuilder("old")
            .addAnnotation(AnnotationSpec.builder(Deprecated.class).build()).build())
        .build();
    String source = JavaFile.builder("p", type).skipJavaLangImports(true).build().toString();
    assertEquals(lines(
        "package p;",
        "",
        "import javax.annotation.processing.Generated;",
        "",
        "@Generated(",
        "    value = \"x\",",
        "    comments = \"y\"",
        ")",
        "class A {",
        "  @Deprecated",
        "  void old() {",
        "  }",
        "}"), source);
  }

  @Test
  void aWrappingSpaceBreaksOnlyPastOneHundredColumns() {
    String fits = "x".repeat(90);
    assertEquals(lines("f(" + fits + ", b);"),
        CodeBlock.builder().addStatement("f($L,$Wb)", fits).build().toString());
    String fills = "x".repeat(97); // "f(" and "," make 100 columns
    assertEquals(lines("f(" + fills + ",", "    b);"),
        CodeBlock.builder().addStatement("f($L,$Wb)", fills).build().toString());
  }

  @Test
  void parametersWrapPastTheLimitAndVarargsAreWrittenAsDots() {
    MethodSpec method = MethodSpec.methodBuilder("f").addModifiers(Modifier.STATIC)
        .addParameter(ClassName.get(String.class), "a".repeat(50))
        .addParameter(ArrayTypeName.of(ParameterizedTypeName.get(LIST,
            WildcardTypeName.subtypeOf(Number.class))), "b".repeat(50))
        .varargs()
        .build();
    String source = JavaFile.builder("p", TypeSpec.classBuilder("V").addMethod(method).build())
        .build().toString();
    assertTrue(source.contains("  static void f(String " + "a".repeat(50) + ",\n"
        + "      List<? extends Number>... " + "b".repeat(50) + ") {\n"), source);
    assertEquals(com.palantir.javapoet.JavaFile.builder("p", com.palantir.javapoet.TypeSpec
        .classBuilder("V")
        .addMethod(com.palantir.javapoet.MethodSpec.methodBuilder("f")
            .addModifiers(Modifier.STATIC)
            .addParameter(ClassName.get(String.class), "a".repeat(50))
            .addParameter(ArrayTypeName.of(ParameterizedTypeName.get(LIST,
                WildcardTypeName.subtypeOf(Number.class))), "b".repeat(50))
            .varargs()
            .build())
        .build()).build().toString(), source);
  }

  @Test
  void aStringLiteralEscapesAndSplitsAtItsLineEnds() {
    assertEquals("\"a\\\"b\\\\c\\t'\\u0000\\n\"\n    + \"d\"", SourceWriter.stringLiteral(
        "a\"b\\c\t'\u0000\nd"));
    // in a statement, the continuation's own indentation comes on top of the statement's
    String statement = CodeBlock.builder().addStatement("x = $S", "a\nb").build().toString();
    assertEquals("x = \"a\\n\"\n        + \"b\";\n", statement);
    assertEquals(com.palantir.javapoet.CodeBlock.builder().addStatement("x = $S", "a\nb").build()
        .toString(), statement);
  }

  @Test
  void formatErrorsNameTheFormat() {
    assertEquals("unused argument 2 of 2 in '$L'", assertThrows(IllegalArgumentException.class,
        () -> CodeBlock.of("$L", 1, 2)).getMessage());
    assertEquals("index 2 for '$2L' not in range (received 1 arguments)",
        assertThrows(IllegalArgumentException.class, () -> CodeBlock.of("$2L", 1)).getMessage());
    assertEquals("dangling format characters in 'a$'",
        assertThrows(IllegalArgumentException.class, () -> CodeBlock.of("a$")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> CodeBlock.of("$T", "not a type"));
    assertThrows(IllegalStateException.class,
        () -> CodeBlock.builder().addStatement("$L", CodeBlock.builder().addStatement("x")
            .build()).build().toString());
  }

  @Test
  void joiningPutsTheSeparatorBetweenBlocksOnly() {
    CodeBlock joined = List.of(CodeBlock.of("a"), CodeBlock.of("$T", LIST), CodeBlock.of("c"))
        .stream().collect(CodeBlock.joining(", "));
    assertEquals("a, java.util.List, c", joined.toString());
    assertTrue(CodeBlock.join(List.of(), ", ").isEmpty());
  }
}
