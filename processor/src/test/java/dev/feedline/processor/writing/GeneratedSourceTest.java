package dev.feedline.processor.writing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.palantir.javapoet.ClassName;
import dev.feedline.processor.base.JavaLiterals;
import dev.feedline.processor.writing.spec.FieldSpec;
import dev.feedline.processor.writing.spec.JavaFile;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.TypeSpec;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated files wrapped at 100 characters: where each kind of line breaks, and that a wrapped
 * file compiles to the same values.
 */
class GeneratedSourceTest {
  @TempDir Path dir;

  private static String wrap(String... lines) {
    return GeneratedSource.wrap(String.join("\n", lines));
  }

  private static String lines(String... lines) {
    return String.join("\n", lines);
  }

  @Test
  void aCallBreaksAfterTheLastCommaThatFitsIndented4More() {
    assertEquals(lines(
        "    dataset = tf.data.prefetchDataset(dataset, tf.constant(-1L) /* buffer: AUTOTUNE */,",
        "        BATCH.types(), BATCH.shapes());"),
        wrap("    dataset = tf.data.prefetchDataset(dataset, tf.constant(-1L) /* buffer: AUTOTUNE */,"
            + " BATCH.types(), BATCH.shapes());"));
  }

  @Test
  void ofNestedListsTheOutermostBreaks() {
    assertEquals(lines(
        "        .output(\"label\",",
        "            tf.withName(\"shape_of_label_checked\").ensureShape(out.label(), Shape.scalar()))"),
        wrap("        .output(\"label\", tf.withName(\"shape_of_label_checked\").ensureShape(out.label(),"
            + " Shape.scalar()))"));
  }

  @Test
  void aLineThatContinuesAListBreaksBetweenItsItemsAtItsOwnIndentation() {
    assertEquals(lines(
        "    dataset = tf.data.parallelInterleaveDataset(dataset, List.of(),",
        "        tf.constant(-1L) /* bufferOutputElements: AUTOTUNE */,",
        "        tf.constant(-1L) /* prefetchInputElements: AUTOTUNE */,",
        "        readFile);"),
        wrap("    dataset = tf.data.parallelInterleaveDataset(dataset, List.of(),",
            "        tf.constant(-1L) /* bufferOutputElements: AUTOTUNE */,"
                + " tf.constant(-1L) /* prefetchInputElements: AUTOTUNE */,",
            "        readFile);"));
  }

  @Test
  void aClassBreaksBeforeExtendsAndACallWithoutCommasAfterItsParenthesis() {
    assertEquals(lines(
        "public final class FeedlineAugmentedPhotoPipelineWithALongerName",
        "    extends BuiltPipeline<Photo, FeedlineAugmentedPhotoPipeline.PhotoTensors> {",
        "    try (ConcreteFunction function = ConcreteFunction.create(",
        "        FeedlineAugmentedPhotoPipelineWithALongerName::parseFunction)) {"),
        wrap("public final class FeedlineAugmentedPhotoPipelineWithALongerName extends"
                + " BuiltPipeline<Photo, FeedlineAugmentedPhotoPipeline.PhotoTensors> {",
            "    try (ConcreteFunction function = ConcreteFunction.create("
                + "FeedlineAugmentedPhotoPipelineWithALongerName::parseFunction)) {"));
  }

  @Test
  void aLongStringLiteralIsCutAtASpaceIntoAConcatenation() {
    assertEquals(lines(
        "        throw new IllegalStateException(",
        "            \"Pipeline AugmentedPhotoPipeline: call seed(value) before build(graph): the pipeline \"",
        "            + \"is reproducible, and its random stages draw from that seed\");"),
        wrap("        throw new IllegalStateException(\"Pipeline AugmentedPhotoPipeline: call seed(value)"
            + " before build(graph): the pipeline is reproducible, and its random stages draw from"
            + " that seed\");"));
  }

  @Test
  void aLiteralThatCallsAMethodIsNotCut() {
    String line = "    int n = \"a string literal long enough to pass the limit of one hundred characters\""
        + ".length() + other;";
    assertEquals(line.substring(0, line.indexOf(" = ") + 2) + "\n        "
        + line.substring(line.indexOf(" = ") + 3), wrap(line));
  }

  @Test
  void commentsBreakAtASpaceOutsideLiteralsAndImportsStay() {
    String tooLong = "import static dev.feedline.runtime.internal.a.very.long.package.name.that.goes.on"
        + ".and.on.Names.NAME;";
    assertEquals(lines(
        tooLong,
        "    // 4. cache @Cache(file = \"a folder of a name with spaces, long enough\", parallel =",
        "    // \"a literal that stays whole\")"),
        wrap(tooLong, "    // 4. cache @Cache(file = \"a folder of a name with spaces, long enough\","
            + " parallel = \"a literal that stays whole\")"));
  }

  @Test
  void aJavadocOfOneLineThatFitsIsWrittenOnOneLine() {
    assertEquals(lines(
        "  /** Elements after stage 2, read. */",
        "  /**",
        "   * @param image shape [?,224,224,3]",
        "   */",
        "  /**",
        "   * A line of prose that would not fit on the opening line once it is joined to it, as it is"
            + " here.",
        "   */",
        "  /** Already one line. */"),
        wrap("  /**",
            "   * Elements after stage 2, read.",
            "   */",
            "  /**",
            "   * @param image shape [?,224,224,3]",
            "   */",
            "  /**",
            "   * A line of prose that would not fit on the opening line once it is joined to it, as it"
                + " is here.",
            "   */",
            "  /** Already one line. */"));
  }

  @Test
  void aJavadocParagraphCarriesWhatIsLeftIntoItsNextLineAndAPreBlockIndentsIt() {
    assertEquals(lines(
        "  /**",
        "   * Sets the folder of stage cache's file caches, instead of {@code \"target/feedline-tests\"}. Each",
        "   * is kept in a sub-folder named by its key, a fingerprint of the graph up to the stage, the files",
        "   * read.",
        "   *",
        "   * <pre>{@code",
        "   *              -> Clashing: ramBudget int64[], options float32[], close float32[], dataset",
        "   *                  int64[], epoch int64[]",
        "   * }</pre>",
        "   */"),
        wrap("  /**",
            "   * Sets the folder of stage cache's file caches, instead of {@code \"target/feedline-tests\"}."
                + " Each is kept in a",
            "   * sub-folder named by its key, a fingerprint of the graph up to the stage, the files",
            "   * read.",
            "   *",
            "   * <pre>{@code",
            "   *              -> Clashing: ramBudget int64[], options float32[], close float32[],"
                + " dataset int64[], epoch int64[]",
            "   * }</pre>",
            "   */"));
  }

  /**
   * A class as the writers make it, with long lines of every kind: wrapped, every line fits, it
   * wraps to itself, and javac compiles it to the same constants as the unwrapped class.
   */
  @Test
  void aWrappedClassCompilesToTheSameValues() throws Exception {
    List<String> values = List.of(
        "Pipeline AugmentedPhotoPipeline: call seed(value) before build(graph): the pipeline is"
            + " reproducible, and its random stages draw from that seed",
        "target/escaped-strings/cache\u000b\u000c\u0085\u2028\u2029\u200b\u202e\u00a0\ue000"
            + "\ufdd0*/\"\\u0041\\",
        "\\".repeat(60) + "0".repeat(50) + "\u0000" + "1".repeat(40) + "😀".repeat(30),
        "x".repeat(250));
    TypeSpec.Builder type = TypeSpec.classBuilder("Wrapped").addModifiers(Modifier.PUBLIC)
        .addJavadoc("Holds $L and $L, which are longer than one line of a hundred characters.\n",
            JavaLiterals.inComment(values.get(0)), JavaLiterals.inComment(values.get(1)));
    MethodSpec.Builder concat = MethodSpec.methodBuilder("concatenated")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(String.class);
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      type.addField(FieldSpec.builder(String.class, "V" + i, Modifier.PUBLIC, Modifier.STATIC,
              Modifier.FINAL)
          .addJavadoc("$L\n", JavaLiterals.inComment(values.get(i)))
          .initializer("$L", JavaLiterals.quoted(values.get(i))).build());
      concat.addComment("$L", JavaLiterals.inComment(values.get(i)));
      parts.add("String.valueOf(" + JavaLiterals.quoted(values.get(i)) + ")");
    }
    concat.addStatement("return String.join($S, $L)", ", ", String.join(", ", parts));
    type.addMethod(concat.build());
    String source = JavaFile.builder("wrapped", type.build()).build().toString();
    String wrapped = GeneratedSource.wrap(source);

    assertEquals(wrapped, GeneratedSource.wrap(wrapped), "wrapped once");
    for (String line : wrapped.split("\n")) {
      assertTrue(line.length() <= GeneratedSource.LIMIT, line);
    }
    Object[] unwrapped = run(source, "plain");
    Object[] rewrapped = run(wrapped, "wrapped");
    assertEquals(List.of(unwrapped), List.of(rewrapped));
    assertEquals(values, List.of(unwrapped).subList(0, values.size()));
  }

  /** Compiles {@code source} in its own folder; returns its constants, then {@code concatenated()}. */
  private Object[] run(String source, String name) throws Exception {
    Path file = Files.createDirectories(dir.resolve(name + "/src/wrapped")).resolve("Wrapped.java");
    Files.writeString(file, source, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(dir.resolve(name + "/classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      if (!javac.getTask(null, files, diagnostics, List.of("-encoding", "UTF-8", "-d",
          classes.toString(), "-proc:none"), null, files.getJavaFileObjects(file)).call()) {
        fail(diagnostics.getDiagnostics() + "\n" + source);
      }
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()})) {
      Class<?> wrapped = loader.loadClass(ClassName.get("wrapped", "Wrapped").canonicalName());
      List<Object> out = new ArrayList<>();
      for (int i = 0; wrapped.getFields().length > i; i++) {
        Field field = wrapped.getField("V" + i);
        out.add(field.get(null));
      }
      out.add(wrapped.getMethod("concatenated").invoke(null));
      return out.toArray();
    }
  }
}
