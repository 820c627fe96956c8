package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The processor spells the runtime's and TensorFlow's class names as strings (it must not depend
 * on either), in {@code Names}; these tests load every one of them, and check every member and op
 * the writers call on them, against the jars the generated code compiles with. A class moved or
 * renamed, or a method renamed, fails here by name instead of in a user's build.
 */
class GeneratedCodeNamesTest {
  private static final Path PROCESSOR = Path.of(System.getProperty("feedline.root", "../.."))
      .resolve("processor/src/main/java/dev/feedline/processor");
  /** {@code Names.dataOp("MapDataset")}: an op class of {@code org.tensorflow.op.data}. */
  private static final Pattern DATA_OP = Pattern.compile("dataOp\\(\"(\\w+)\"\\)");

  /** Every {@code ClassName} constant of {@code Names}, by field name. */
  private static final Map<String, ClassName> NAMES = new LinkedHashMap<>();

  @BeforeAll
  static void readNames() throws ReflectiveOperationException {
    Class<?> names = Class.forName("dev.feedline.processor.writing.Names");
    for (Field field : names.getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == ClassName.class) {
        field.setAccessible(true);
        NAMES.put(field.getName(), (ClassName) field.get(null));
      }
    }
  }

  @Test
  void everyClassNamesSpellsLoads() {
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, ClassName> name : NAMES.entrySet()) {
      if (load(name.getValue()) == null) {
        missing.add(name.getKey() + " = " + name.getValue().reflectionName());
      }
    }
    assertEquals(List.of(), missing, "classes generated code refers to that do not exist");
    assertTrue(NAMES.keySet().containsAll(List.of("DATASET_ITERATOR", "BUILT_PIPELINE", "OPS")),
        "Names read: " + NAMES.keySet());
  }

  @Test
  void everyOpClassHasItsOpName() throws IOException {
    Set<String> ops = new TreeSet<>();
    for (String source : writers().values()) {
      Matcher op = DATA_OP.matcher(source);
      while (op.find()) {
        ops.add("org.tensorflow.op.data." + op.group(1));
      }
    }
    NAMES.values().stream().map(ClassName::reflectionName)
        .filter(name -> name.startsWith("org.tensorflow.op.data.")).forEach(ops::add);
    List<String> missing = new ArrayList<>();
    for (String op : ops) {
      try {
        Field opName = Class.forName(op).getField("OP_NAME");
        if (!Modifier.isStatic(opName.getModifiers()) || opName.getType() != String.class) {
          missing.add(op + ".OP_NAME is not a static String");
        }
      } catch (ClassNotFoundException | NoSuchFieldException e) {
        missing.add(op + ": " + e);
      }
    }
    assertEquals(List.of(), missing, "op classes the stage table names, by OP_NAME");
    assertTrue(ops.contains("org.tensorflow.op.data.TensorSliceDataset") && ops.size() > 20,
        "ops found: " + ops);
  }

  /**
   * Every {@code $T.member} in a writer's format string whose {@code $T} is a {@code Names}
   * constant: the class has a public method, field or nested class of that name.
   */
  @Test
  void everyMemberTheWritersCallExists() throws IOException {
    Set<String> checked = new TreeSet<>();
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> file : writers().entrySet()) {
      for (Call call : formatCalls(file.getValue())) {
        for (int i = 0; i < call.placeholders().size(); i++) {
          String member = call.placeholders().get(i);
          ClassName type = i < call.arguments().size() ? constant(call.arguments().get(i)) : null;
          if (member == null || member.equals("class") || type == null) {
            continue;
          }
          String use = type.simpleName() + "." + member;
          checked.add(use);
          Class<?> loaded = load(type);
          if (loaded != null && !hasMember(loaded, member)) {
            missing.add(file.getKey() + ": " + type.reflectionName() + "." + member);
          }
        }
      }
    }
    assertEquals(List.of(), missing, "members generated code calls that do not exist");
    assertTrue(checked.containsAll(List.of("DatasetOps.fileSegments", "DataFiles.resolve")),
        "members checked: " + checked);
  }

  /** A format call: for each placeholder in order, the member after a {@code $T.}, or null. */
  private record Call(List<String> placeholders, List<String> arguments) {}

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$(?:\\$|([TNLS])(?:\\.(\\w+))?)");

  /**
   * The calls of a writer whose first argument is a format string literal (or literals joined by
   * {@code +}), with their other arguments' source text, split at top-level commas.
   */
  private static List<Call> formatCalls(String source) {
    List<Call> calls = new ArrayList<>();
    int at = 0;
    while ((at = source.indexOf("(\"", at)) >= 0) {
      int[] end = {at + 1};
      String format = literals(source, end);
      List<String> arguments = arguments(source, end[0]);
      List<String> placeholders = new ArrayList<>();
      Matcher p = PLACEHOLDER.matcher(format);
      while (p.find()) {
        if (p.group(1) != null) {
          placeholders.add(p.group(1).equals("T") ? p.group(2) : null);
        }
      }
      if (placeholders.stream().anyMatch(m -> m != null)) {
        calls.add(new Call(placeholders, arguments));
      }
      at = end[0];
    }
    return calls;
  }

  /** The string literals from {@code end[0]} joined by {@code +}; leaves end[0] after them. */
  private static String literals(String source, int[] end) {
    StringBuilder text = new StringBuilder();
    int i = end[0];
    while (true) {
      while (Character.isWhitespace(source.charAt(i))) {
        i++;
      }
      if (source.charAt(i) != '"') {
        break;
      }
      int j = i + 1;
      while (source.charAt(j) != '"') {
        j += source.charAt(j) == '\\' ? 2 : 1;
      }
      text.append(source, i + 1, j);
      i = j + 1;
      int k = i;
      while (Character.isWhitespace(source.charAt(k))) {
        k++;
      }
      if (source.charAt(k) != '+') {
        break;
      }
      i = k + 1;
    }
    end[0] = i;
    return text.toString();
  }

  /** The arguments after the format, up to the call's closing parenthesis. */
  private static List<String> arguments(String source, int from) {
    List<String> arguments = new ArrayList<>();
    int depth = 0;
    StringBuilder argument = null;
    for (int i = from; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '"') {
        int j = i + 1;
        while (source.charAt(j) != '"') {
          j += source.charAt(j) == '\\' ? 2 : 1;
        }
        if (argument != null) {
          argument.append(source, i, j + 1);
        }
        i = j;
        continue;
      }
      if (depth == 0 && (c == ',' || c == ')')) {
        if (argument != null) {
          arguments.add(argument.toString().strip());
        }
        if (c == ')') {
          break;
        }
        argument = new StringBuilder();
        continue;
      }
      depth += c == '(' || c == '{' || c == '[' ? 1 : c == ')' || c == '}' || c == ']' ? -1 : 0;
      if (argument != null) {
        argument.append(c);
      }
    }
    return arguments;
  }

  /** The {@code Names} constant an argument is, {@code Names.DATASET_OPS}; else null. */
  private static ClassName constant(String argument) {
    return argument.matches("Names\\.[A-Z_]+") ? NAMES.get(argument.substring(6)) : null;
  }

  private static boolean hasMember(Class<?> type, String member) {
    return Stream.of(type.getMethods()).anyMatch(m -> m.getName().equals(member))
        || Stream.of(type.getFields()).anyMatch(f -> f.getName().equals(member))
        || Stream.of(type.getClasses()).anyMatch(c -> c.getSimpleName().equals(member))
        || (type.isEnum() && Arrays.stream(type.getEnumConstants())
            .anyMatch(e -> ((Enum<?>) e).name().equals(member)));
  }

  private static Class<?> load(ClassName name) {
    try {
      return Class.forName(name.reflectionName());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  /** The processor's sources, by path: the writers, and whatever else names ops. */
  private static Map<String, String> writers() throws IOException {
    Map<String, String> sources = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(PROCESSOR)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        sources.put(PROCESSOR.relativize(file).toString(), Files.readString(file));
      }
    }
    assertTrue(sources.containsKey("writing/Names.java"),
        "sources read from " + PROCESSOR.toAbsolutePath());
    return sources;
  }
}
