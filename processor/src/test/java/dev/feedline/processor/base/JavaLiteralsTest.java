package dev.feedline.processor.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.feedline.processor.writing.spec.CodeBlock;
import dev.feedline.processor.writing.spec.FieldSpec;
import dev.feedline.processor.writing.spec.JavaFile;
import dev.feedline.processor.writing.spec.MethodSpec;
import dev.feedline.processor.writing.spec.TypeSpec;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strings from declarations as Java source: every class of character that ends a line, ends a
 * comment or hides itself is escaped, and javac reads each literal back as the very string.
 */
class JavaLiteralsTest {
  /** What JavaPoet, Java's {@code \R} and editors take for a line end. */
  private static final Pattern LINE_END = Pattern.compile("\\R");

  @TempDir Path dir;

  @Test
  void everyClassOfCharacterHasItsEscape() {
    assertEquals("\"plain image/encoded é 编码 😀\"", JavaLiterals.quoted("plain image/encoded é 编码 😀"));
    assertEquals("\"\\\" \\\\ \\n \\t \\r\"", JavaLiterals.quoted("\" \\ \n \t \r"));
    // control characters (Cc), C0 and C1, as octal: vertical tab, form feed, NUL, NEL, DEL
    assertEquals("\"\\013\\014\\000\\205\\177\\237\\010\"",
        JavaLiterals.quoted("\u000b\u000c\u0000\u0085\u007f\u009f\b"));
    // line and paragraph separators (Zl, Zp)
    assertEquals("\"a\\u2028b\\u2029c\"", JavaLiterals.quoted("a\u2028b\u2029c"));
    // format characters (Cf): soft hyphen, zero-width space, right-to-left override, BOM, a tag
    assertEquals("\"\\u00ad\\u200b\\u202e\\ufeff\\udb40\\udc41\"",
        JavaLiterals.quoted("\u00ad\u200b\u202e\ufeff" + new String(Character.toChars(0xE0041))));
    // spaces other than U+0020 (Zs): no-break, em, ideographic
    assertEquals("\" \\u00a0\\u2003\\u3000\"", JavaLiterals.quoted(" \u00a0\u2003\u3000"));
    // private use (Co), in the BMP and in plane 16
    assertEquals("\"\\ue000\\udbff\\udffd\"",
        JavaLiterals.quoted("\ue000" + new String(Character.toChars(0x10FFFD))));
    // unpaired surrogates (Cs), high and low, beside a paired one, which stays
    assertEquals("\"\\ud800x\\udfff😀\"", JavaLiterals.quoted("\ud800x\udfff\ud83d\ude00"));
    // noncharacters
    assertEquals("\"\\ufdd0\\ufffe\\uffff\\ud83f\\udffe\"",
        JavaLiterals.quoted("\ufdd0\ufffe\uffff" + new String(Character.toChars(0x1FFFE))));
    // a backslash before an escape, and a written unicode escape, stay what they are
    assertEquals("\"\\\\\\u2028 \\\\u0041\"", JavaLiterals.quoted("\\\u2028 \\u0041"));
  }

  @Test
  void theCommentFormCannotEndABlockComment() {
    assertEquals("\"a*\\057b\"", JavaLiterals.inComment("a*/b"));
    assertEquals("\"*\\0571 **\\057\"", JavaLiterals.inComment("*/1 **/"));
    assertEquals("\"/* a */ \\u2028\"".replace("*/", "*\\057"), JavaLiterals.inComment("/* a */ \u2028"));
    assertEquals("@Cache(file = \"x*\\057\")", JavaLiterals.commentSafe("@Cache(file = \"x*/\")"));
  }

  /**
   * The escaped set is exactly the classes the class comment names, as the running JDK knows
   * them, and the fixed list of format characters holds every one this JDK knows: a code point
   * escaped beyond them is one that this JDK's Unicode has not assigned yet.
   */
  @Test
  void theEscapedCodePointsAreExactlyTheNamedClasses() {
    List<String> wrong = new ArrayList<>();
    for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
      int type = Character.getType(c);
      boolean noncharacter = (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
      boolean named = type == Character.CONTROL || type == Character.FORMAT
          || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
          || type == Character.PRIVATE_USE || type == Character.SURROGATE
          || (type == Character.SPACE_SEPARATOR && c != ' ') || noncharacter
          || c == '"' || c == '\\';
      boolean escaped = JavaLiterals.escapes(c);
      if (named != escaped && !(escaped && type == Character.UNASSIGNED)) {
        wrong.add(String.format(Locale.ROOT, "U+%04X (type %d): escaped %b", c, type, escaped));
      }
    }
    assertEquals(List.of(), wrong);
  }

  @Test
  void noLiteralOrCommentHoldsALineEndOrAnotherEscapedCharacter() {
    StringBuilder all = new StringBuilder();
    for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
      all.appendCodePoint(c); // U+D800 to U+DBFF unpaired, then U+DBFF U+DC00 a pair
    }
    for (String text : List.of(JavaLiterals.quoted(all.toString()),
        JavaLiterals.inComment(all.toString()))) {
      assertFalse(LINE_END.matcher(text).find(), "a line end");
      text.substring(1, text.length() - 1).codePoints()
          .filter(c -> c != '"' && c != '\\')
          .forEach(c -> assertFalse(JavaLiterals.escapes(c),
              () -> String.format(Locale.ROOT, "U+%04X written as itself", c)));
      assertTrue(StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
          .canEncode(text), "UTF-8 without a replacement character");
    }
    assertFalse(JavaLiterals.inComment(all.toString()).contains("*/"));
  }

  /**
   * Every code point of the BMP, every unpaired surrogate and every sixteenth code point above it
   * (all of them in plane 14's tags and at the end of each plane), each in a literal, a line
   * comment, a block comment and a Javadoc comment that JavaPoet writes, as generated code is
   * written: javac compiles the file from UTF-8 and reads each literal back as its string.
   */
  @Test
  void javacReadsEveryLiteralBackAsItsStringThroughJavaPoet() throws Exception {
    List<String> values = new ArrayList<>();
    StringBuilder chunk = new StringBuilder();
    for (int c = 0; c <= Character.MAX_CODE_POINT;
        c += c < 0x10000 || (c >= 0xE0000 && c < 0xE0100) || (c & 0xFFFF) >= 0xFFF0 ? 1 : 16) {
      chunk.appendCodePoint(c);
      if (chunk.length() >= 2048) {
        values.add(chunk.toString());
        chunk.setLength(0);
      }
    }
    values.add(chunk.toString());
    values.add("\\u000a \\\\u000a \\\u2028 */ /* \"");

    TypeSpec.Builder type = TypeSpec.classBuilder("Literals").addModifiers(Modifier.PUBLIC);
    MethodSpec.Builder method = MethodSpec.methodBuilder("comments").addModifiers(Modifier.STATIC);
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i);
      type.addField(FieldSpec.builder(String.class, "V" + i, Modifier.PUBLIC, Modifier.STATIC,
              Modifier.FINAL)
          .addJavadoc("Holds $L.\n", JavaLiterals.inComment(value))
          .initializer("$L", JavaLiterals.quoted(value))
          .build());
      method.addCode("// $L\n", JavaLiterals.inComment(value))
          .addCode(CodeBlock.of("/* $L */ int a$L = $L;\n", JavaLiterals.inComment(value), i, i));
    }
    String source = JavaFile.builder("literals", type.addMethod(method.build()).build()).build()
        .toString();
    assertEquals(4 * values.size(), source.lines().filter(l -> l.contains("\"")).count(),
        "each literal and comment on one line");

    Path file = Files.createDirectories(dir.resolve("src/literals")).resolve("Literals.java");
    Files.writeString(file, source, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      boolean compiled = javac.getTask(null, files, diagnostics,
          List.of("-encoding", "UTF-8", "-d", classes.toString(), "-proc:none"), null,
          files.getJavaFileObjects(file)).call();
      if (!compiled) {
        fail(diagnostics.getDiagnostics().toString());
      }
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()})) {
      Class<?> literals = loader.loadClass("literals.Literals");
      for (int i = 0; i < values.size(); i++) {
        Field field = literals.getField("V" + i);
        assertEquals(values.get(i), field.get(null), "literal " + i);
      }
    }
  }
}
