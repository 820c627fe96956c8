package dev.feedline.processor.model.kinds;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * A kind definition that leaves any question of {@link StageDefinition} unanswered does not
 * compile: {@code BatchStage}'s own source, compiled in its package against the processor's
 * classes, with one of its answers taken out at a time, fails naming that method; the whole source
 * compiles.
 */
class MissingAnswerTest {
  private static final Path SOURCE =
      Path.of("src/main/java/dev/feedline/processor/model/kinds/BatchStage.java");

  private static File location(Class<?> type) throws URISyntaxException {
    return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static Compilation compile(String source) throws Exception {
    return javac()
        .withClasspath(List.of(location(StageDefinition.class), location(dev.feedline.Batch.class)))
        .compile(JavaFileObjects.forSourceString(
            "dev.feedline.processor.model.kinds.BatchStage", source));
  }

  /** The questions: the interface's abstract methods, and those of Batching, which it implements. */
  private static List<Method> questions() {
    return Arrays.stream(new Class<?>[] {StageDefinition.class, StageDefinition.Batching.class})
        .flatMap(type -> Arrays.stream(type.getDeclaredMethods()))
        .filter(m -> Modifier.isAbstract(m.getModifiers()))
        .toList();
  }

  @Test
  void theWholeDefinitionCompiles() throws Exception {
    Compilation compilation = compile(Files.readString(SOURCE));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
  }

  @Test
  void aDefinitionWithoutAnyOneAnswerDoesNotCompile() throws Exception {
    String source = Files.readString(SOURCE);
    List<Method> questions = questions();
    assertTrue(questions.size() >= 8, questions.toString());
    int taken = 0;
    for (Method question : questions) {
      if (question.getDeclaringClass() == StageDefinition.Batching.class) {
        continue; // size() and dropRemainder() are the record's components
      }
      Matcher answer = Pattern.compile("\n  @Override\n  public [^\n]*\\b" + question.getName()
          + "\\((?s:.*?)\n  }\n").matcher(source);
      assertTrue(answer.find(), "BatchStage answers " + question.getName());
      Compilation compilation = compile(source.substring(0, answer.start())
          + source.substring(answer.end()));
      assertEquals(Compilation.Status.FAILURE, compilation.status(), question.getName());
      List<String> errors = compilation.errors().stream()
          .map(d -> d.getMessage(null)).toList();
      assertEquals(1, errors.size(), errors.toString());
      assertTrue(Pattern.compile("does not override abstract method (<R>)?"
          + question.getName() + "\\(").matcher(errors.get(0)).find(), errors.get(0));
      assertEquals(Diagnostic.Kind.ERROR, compilation.errors().get(0).getKind());
      taken++;
    }
    assertEquals(8, taken, "kind, traits, elements, outer, rank, passes, keeps, accept");
  }

  @Test
  void aKindWithoutItsCodeDoesNotCompile() throws Exception {
    String source = Files.readString(SOURCE).replace("return coder.batch(this);",
        "return coder.rebatchOf(this);");
    Compilation compilation = compile(source);
    assertEquals(Compilation.Status.FAILURE, compilation.status());
    assertTrue(compilation.errors().get(0).getMessage(null).contains("rebatchOf"),
        compilation.errors().toString());
  }
}
