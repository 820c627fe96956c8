package dev.feedline.tests.fuzz;

import dev.feedline.processor.writing.GeneratedNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Writes random pipeline declarations that are syntactically valid Java but may be wrong in every
 * other way: element types, stage signatures, annotation values, missing or conflicting
 * annotations, inherited and generic methods, stages shared through a group, nested and generic
 * records, types that do not exist (left, say, for another processor), pipelines that are
 * classes. Half of them start from a valid pipeline and mutate it a few times, so they stay
 * close to what users write.
 */
final class DeclarationGenerator {
  private static final String[] DTYPES =
      {"TFloat32", "TInt64", "TString", "TUint8", "TInt32", "TBool", "TFloat64"};
  private static final String[] ODD_TYPES =
      {"String", "int", "Operand<?>", "Operand", "java.util.List<Operand<TInt32>>", "Missing", "Object"};
  private static final String[] SHAPES = {"{}", "{}", "{3}", "{8, 8, 3}", "{-1}", "{-1, 4}", "{-2}",
      "{0}", "{Feedline.UNKNOWN, 2}", "{100000, 100000, 100000}"};
  private static final String[] NUMBERS = {"AUTO", "0", "1", "2", "4", "32", "-1", "-2", "-7",
      "1000", "Feedline.SEQUENTIAL", "Integer.MAX_VALUE"};
  /**
   * Names for components and stages that generated code also declares or uses, Java's contextual
   * keywords, and legal names that are awkward in generated source ({@code $}, underscores).
   * Object's own members are left out: javac rejects them as record components itself.
   */
  private static final List<String> NAMES = names();
  /** Cache prefixes that must reach generated comments and literals intact. */
  private static final String[] PREFIXES = {"", "c", "a*/b", "C:\\\\feedline\\\\users\\\\p",
      "quote\\\"d", "tab\\tnew\\nline", "\\\\u0041", "line\\u2028sep", "nel\\u0085",
      "vt\\013ff\\014", "bidi\\u202e", "lone\\ud800"};
  /**
   * What string members hold besides letters, as written in a declaration's literal: what ends a
   * line for JavaPoet or an editor, control and format characters, odd spaces, private use,
   * unpaired surrogates, noncharacters, a comment's ends, a quote, backslashes.
   */
  private static final String[] ODD = {"\\u2028", "\\u2029", "\\u0085", "\\013", "\\014",
      "\\r", "\\n", "\\000", "\\u007f", "\\u009f", "\\u200b", "\\u202e", "\\ufeff",
      "\\u00a0", "\\u3000", "\\ue000", "\\udb80\\udc00", "\\ud800", "\\udfff", "\\ufdd0",
      "\\uffff", "*/", "/*", "\\\"", "\\\\", "\\\\u000a", "'"};
  /** CSV delimiters: one byte, or more (an error). */
  private static final String[] DELIMITERS =
      {",", ";", "\\t", "\\013", "\\014", "\\001", "|", "\\\"", "\\u0085", "\\u2028"};
  /** Values javac rejects in an annotation (wrong type, no such constant): picked rarely. */
  private static final String[] BAD_VALUES = {"Long.MAX_VALUE", "UNDEFINED_CONSTANT"};
  /** Values of long members (size hints, workers), the largest included: estimates saturate. */
  private static final String[] LONGS = {"1", "4", "1000", "4096", "9223372036854775807L"};
  /** Inputs that two groups may both declare: alike is one input, unlike an error naming both. */
  private static final String[] WORDS = {"@Vocabulary dev.feedline.runtime.VocabularyTable words();",
      "@Vocabulary(oovBuckets = 4) dev.feedline.runtime.VocabularyTable words();",
      "@RunTimeValue Operand<TInt64> words();"};

  private static List<String> names() {
    Set<String> objectMembers = Set.of("equals", "hashCode", "toString", "getClass", "wait",
        "notify", "notifyAll", "clone", "finalize");
    List<String> names = new ArrayList<>(new TreeSet<>(GeneratedNames.reserved()));
    names.removeAll(objectMembers);
    names.addAll(List.of("var", "yield", "record", "sealed", "permits", "module", "open", "to",
        "with", "exports", "requires", "a$b", "$", "_x", "in", "out", "value", "features",
        "keep", "image", "fromIterator", "batch", "PIPELINE_ELEMENT", "Builder"));
    return List.copyOf(names);
  }

  private final SplittableRandom random;
  private final String name;
  private final Set<String> methodNames = new HashSet<>();
  private final List<String> records = new ArrayList<>();
  /** Records that a valid pipeline of strings declares, written after the others. */
  private final List<String> stringRecords = new ArrayList<>();
  private String source;

  DeclarationGenerator(long seed, String name) {
    this.random = new SplittableRandom(seed);
    this.name = name;
  }

  /** One compilation unit in package {@code fuzz}, declaring pipeline {@code name}. */
  String source() {
    if (source == null) {
      source = write();
    }
    return source;
  }

  /**
   * Whether javac may stop before annotation processing on this unit (an illegal modifier, a
   * class with bodiless methods, an annotation value of the wrong type, a type that does not
   * exist), which would hide the processor's answers on every unit compiled with it.
   */
  boolean stopsJavacEarly() {
    String text = source();
    return text.contains(" class " + name) || text.contains(" enum " + name)
        || text.contains("private interface " + name) || text.contains("Long.MAX_VALUE")
        || text.contains("UNDEFINED_CONSTANT") || text.contains("Missing");
  }

  private String write() {
    StringBuilder out = new StringBuilder("package fuzz;\n\n"
        + "import static dev.feedline.Feedline.AUTO;\n\n"
        + "import dev.feedline.*;\n"
        + "import org.tensorflow.Operand;\n"
        + "import org.tensorflow.op.Ops;\n"
        + "import org.tensorflow.types.*;\n\n");
    int recordCount = 1 + random.nextInt(3);
    for (int i = 0; i < recordCount; i++) {
      out.append(i == 0 && random.nextBoolean() ? validRecord(name + "R0") : record(name + "R" + i))
          .append('\n');
    }
    List<String> stages = random.nextBoolean() ? mutate(validStages()) : randomStages();
    stringRecords.forEach(r -> out.append(r).append('\n'));
    boolean base = random.nextInt(8) == 0;
    if (base && random.nextBoolean()) {
      shareFirstStages(out, stages);
    } else if (base) {
      out.append("interface ").append(name).append("Base {\n  ")
          .append(stages.isEmpty() ? "" : stages.remove(stages.size() - 1)).append("\n}\n");
    }
    String header = pipelineHeader(base, inputGroups(out));
    if (!header.contains("@Pipeline") && stages.stream().noneMatch(s -> s.startsWith("@"))) {
      stages.add(0, "@Cache " + records.get(0) + " kept(" + records.get(0) + " x);"); // still a declaration to judge
    }
    boolean nested = random.nextInt(8) == 0;
    if (nested) {
      out.append("class ").append(name).append("Outer {\n");
    }
    out.append(header).append(header.contains(" enum ") ? " {\n  ;\n" : " {\n");
    stages.forEach(s -> out.append("  ").append(s).append('\n'));
    out.append("}\n");
    if (nested) {
      out.append("}\n");
    }
    return out.toString();
  }

  /**
   * Moves the first stages into a {@code @StageGroup} the pipeline extends; now and then the
   * pipeline keeps one of them too, which then replaces the group's, or collides with it.
   */
  private void shareFirstStages(StringBuilder out, List<String> stages) {
    int shared = random.nextInt(stages.size() + 1);
    out.append("@StageGroup interface ").append(name).append("Base {\n");
    stages.subList(0, shared).forEach(s -> out.append("  ").append(s).append('\n'));
    out.append("}\n");
    String again = shared > 0 && random.nextInt(3) == 0 ? stages.get(random.nextInt(shared)) : null;
    stages.subList(0, shared).clear();
    if (again != null) {
      stages.add(random.nextInt(stages.size() + 1), again);
    }
  }

  /**
   * Now and then two groups, each declaring an input {@code words}, for the pipeline to extend
   * as well; returns their names.
   */
  private List<String> inputGroups(StringBuilder out) {
    if (random.nextInt(8) != 0) {
      return List.of();
    }
    List<String> groups = List.of(name + "WordsA", name + "WordsB");
    for (String group : groups) {
      out.append("@StageGroup interface ").append(group).append(" {\n  ").append(pick(WORDS))
          .append("\n}\n");
    }
    return groups;
  }

  private String pipelineHeader(boolean extendsBase, List<String> inputGroups) {
    String annotation = switch (random.nextInt(16)) {
      case 0 -> "";
      case 1 -> "@Pipeline(ramBudget = \"lots\")";
      case 2 -> "@Pipeline(ramBudget = \"1KiB\", reproducible = true, staticShapes = true)";
      case 3 -> "@Pipeline(ramBudget = \"8GiB\")";
      case 4 -> "@SuppressWarnings(\"feedline:map-not-parallel\") @Pipeline";
      case 5 -> "@Pipeline(ramBudget = \"2EiB\")";
      case 6 -> "@Pipeline(ramBudget = \"9223372036854775807\")";
      case 7 -> "@Pipeline(ramBudget = \"64EiB\")";
      default -> "@Pipeline";
    };
    String kind = switch (random.nextInt(16)) {
      case 0 -> "abstract class";
      case 1 -> "enum";
      case 2 -> "private interface";
      case 3 -> "interface /* generic */";
      default -> "interface";
    };
    String typeParameters = kind.contains("generic") ? "<T>" : "";
    if (kind.equals("enum")) {
      return annotation + " enum " + name + typeParameters;
    }
    return annotation + " " + kind.replace(" /* generic */", "") + " " + name + typeParameters
        + extendsClause(kind.contains("interface"), extendsBase, inputGroups);
  }

  private String extendsClause(boolean isInterface, boolean extendsBase, List<String> inputGroups) {
    List<String> parents = new ArrayList<>();
    if (extendsBase) {
      parents.add(name + "Base");
    }
    parents.addAll(inputGroups);
    return isInterface && !parents.isEmpty() ? " extends " + String.join(", ", parents) : "";
  }

  private String record(String recordName) {
    records.add(recordName);
    String annotation = random.nextInt(10) == 0 ? "" : "@Element ";
    String kind = random.nextInt(15) == 0 ? "class" : "record";
    String generic = random.nextInt(20) == 0 ? "<T>" : "";
    if (kind.equals("class")) {
      return annotation + "final class " + recordName + generic + " {}";
    }
    int components = random.nextInt(12) == 0 ? 0 : 1 + random.nextInt(3);
    List<String> parts = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (int c = 0; c < components; c++) {
      String component = random.nextInt(3) == 0 ? pick(NAMES) : "c" + c;
      component = used.add(component) ? component : "c" + c;
      String type = random.nextInt(8) == 0
          ? pick(ODD_TYPES)
          : "Operand<" + pick(DTYPES) + ">";
      String shape = random.nextInt(10) == 0 ? "" : "@Shape(" + pick(SHAPES) + ") ";
      String feature = random.nextInt(8) == 0 ? "@Feature(\"" + (random.nextBoolean() ? ""
          : "k" + c + (random.nextBoolean() ? odd() : "")) + "\") " : "";
      if (type.equals("Operand<TString>") && random.nextInt(4) == 0) {
        feature += "@DefaultValue(strings = \"" + odd() + "\") ";
      }
      parts.add(feature + shape + type + " " + component);
    }
    return annotation + "record " + recordName + generic + "(" + String.join(", ", parts) + ") {}";
  }

  /** A record any stage can use: numeric components of fixed shapes. */
  private String validRecord(String recordName) {
    records.add(recordName);
    boolean clash = random.nextBoolean();
    return "@Element record " + recordName + "(@Shape({4}) Operand<TFloat32> "
        + (clash ? pick(NAMES) : "x") + ", @Shape({}) Operand<TInt64> "
        + (clash ? pick(NAMES) + "2" : "label") + ") {}";
  }

  private String someRecord() {
    return random.nextInt(12) == 0 ? "Operand<TString>" : random.nextInt(20) == 0 ? pick(ODD_TYPES) : pick(records);
  }

  /** A valid-looking pipeline over this unit's first record, or one of strings. */
  private List<String> validStages() {
    if (random.nextInt(4) == 0) {
      return random.nextBoolean() ? validTextStages() : validCsvStages();
    }
    String r = records.get(0);
    List<String> stages = new ArrayList<>();
    if (random.nextBoolean()) {
      stages.add("@TFRecordSource(records = 1000) Operand<TString> files();");
      stages.add("@Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);");
      stages.add("@Decode(parallel = AUTO) " + r + " parse(Operand<TString> s);");
    } else {
      stages.add("@InMemorySource(records = 100) " + r + " " + stageName("data") + "();");
    }
    stages.add("@Map(parallel = AUTO) static " + r + " " + stageName("map") + "(Ops tf, " + r
        + " in) { return in; }");
    stages.add("@Cache" + (random.nextInt(4) == 0 ? "(file = \"" + pick(PREFIXES) + "\")" : "")
        + " " + r + " " + stageName("cache") + "(" + r + " in);");
    stages.add("@Shuffle(buffer = 100) " + r + " shuffle(" + r + " in);");
    if (random.nextInt(4) == 0) { // a window before a pad, whose leading dimension it pads
      stages.add("@Window(size = 3" + (random.nextBoolean() ? ", dropRemainder = true" : "")
          + ") " + r + " windows(" + r + " in);");
      stages.add(paddedBatch(r, "batch"));
    } else {
      stages.add("@Batch(size = 4) " + r + " batch(" + r + " in);");
    }
    stages.add("@Prefetch(AUTO) " + r + " prefetch(" + r + " in);");
    if (random.nextBoolean()) { // an un-batching stage anywhere after the source
      stages.add(1 + random.nextInt(stages.size()), unbatching(r, r, "split"));
    }
    return stages;
  }

  /** Some letters around one or two odd characters, as a declaration's literal holds them. */
  private String odd() {
    return "s" + pick(ODD) + (random.nextBoolean() ? pick(ODD) : "") + "t";
  }

  /**
   * Records with an odd feature key and default, cached or snapshotted in an odd folder, padded
   * with an odd text: a valid pipeline whose every string member is odd.
   */
  private List<String> validTextStages() {
    String r = name + "Text";
    stringRecords.add("@Element record " + r + "(@Feature(\"k" + odd() + "\") @Shape({}) Operand<TInt64> id,"
        + " @Shape({-1}) Operand<TString> words, @DefaultValue(strings = \"" + odd()
        + "\") @Shape({}) Operand<TString> tag) {}");
    List<String> stages = new ArrayList<>();
    stages.add("@TFRecordSource(records = 1000) Operand<TString> files();");
    stages.add("@Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);");
    stages.add("@Decode(parallel = AUTO) " + r + " parse(Operand<TString> s);");
    stages.add(random.nextBoolean()
        ? "@Cache(file = \"" + odd() + "\") " + r + " cache(" + r + " in);"
        : "@Snapshot(path = \"" + odd() + "\") " + r + " snapshot(" + r + " in);");
    stages.add("@PaddedBatch(size = 4, padding = @Pad(component = \"words\", text = \"" + odd()
        + "\")) " + r + " batch(" + r + " in);");
    stages.add("@Prefetch(AUTO) " + r + " prefetch(" + r + " in);");
    return stages;
  }

  /** CSV lines with an odd NA value and default, and a delimiter of one byte, or not. */
  private List<String> validCsvStages() {
    String r = name + "Line";
    stringRecords.add("@Element record " + r + "(@Shape({}) Operand<TString> name,"
        + " @DefaultValue(strings = \"" + odd() + "\") @Shape({}) Operand<TString> tag) {}");
    List<String> stages = new ArrayList<>();
    stages.add("@TextLineSource(records = 1000) Operand<TString> files();");
    stages.add("@Interleave(parallel = AUTO) Operand<TString> lines(Operand<TString> f);");
    stages.add("@DecodeCsv(delimiter = \"" + pick(DELIMITERS) + "\", naValue = \"" + odd()
        + "\", quoted = " + random.nextBoolean() + ", parallel = AUTO) " + r
        + " parse(Operand<TString> line);");
    stages.add("@Batch(size = 4) " + r + " batch(" + r + " in);");
    stages.add("@Prefetch(AUTO) " + r + " prefetch(" + r + " in);");
    return stages;
  }

  /**
   * An @Unbatch, a @FlatMap (the usual un-batching) or a @Rebatch, from {@code in} to
   * {@code out}.
   */
  private String unbatching(String in, String out, String m) {
    return switch (random.nextInt(3)) {
      case 0 -> "@Unbatch " + out + " " + m + "(" + in + " x);";
      case 1 -> "@FlatMap static " + out + " " + m + "(Ops tf, " + in + " x) { return "
          + (in.equals(out) ? "x" : "null") + "; }";
      default -> "@Rebatch(size = " + pick(NUMBERS) + ", dropRemainder = " + random.nextBoolean()
          + ") " + out + " " + m + "(" + in + " x);";
    };
  }

  /** A padded batch that pads a component of the valid record, or one that is not there. */
  private String paddedBatch(String r, String m) {
    String component = pick(new String[] {"x", "label", "c0", "nothing"});
    return "@PaddedBatch(size = " + pick(NUMBERS) + ", padding = @Pad(component = \"" + component
        + "\"" + (random.nextBoolean() ? ", length = " + pick(NUMBERS) : "")
        + (random.nextInt(4) == 0 ? ", truncate = true" : "") + ")) " + r + " " + m + "(" + r
        + " x);";
  }

  private List<String> mutate(List<String> stages) {
    int mutations = random.nextInt(3);
    for (int m = 0; m < mutations && !stages.isEmpty(); m++) {
      int i = random.nextInt(stages.size());
      switch (random.nextInt(6)) {
        case 0 -> stages.remove(i);
        case 1 -> stages.add(random.nextInt(stages.size() + 1), // a copy under another name
            stages.get(i).replaceFirst(" (\\w+)\\((?!.* \\w+\\()", " $1Again("));
        case 2 -> {
          int j = random.nextInt(stages.size());
          String swap = stages.get(i);
          stages.set(i, stages.get(j));
          stages.set(j, swap);
        }
        case 3 -> stages.set(i, stages.get(i).replaceFirst("(?<=(= |\\())(\\d+|AUTO)", pick(NUMBERS)));
        case 4 -> stages.set(i, stages.get(i).replace(records.get(0), someRecord()));
        default -> stages.set(i, randomStage(i));
      }
    }
    return stages;
  }

  private List<String> randomStages() {
    List<String> stages = new ArrayList<>();
    int count = random.nextInt(10);
    for (int i = 0; i < count; i++) {
      stages.add(randomStage(i));
    }
    return stages;
  }

  private String randomStage(int i) {
    String in = someRecord();
    String out = random.nextInt(3) == 0 ? someRecord() : in;
    String m = stageName("s" + i + random.nextInt(1000));
    String body = "{ return null; }";
    String extra = random.nextInt(6) == 0 ? randomAnnotation() + " " : "";
    return extra + switch (random.nextInt(24)) {
      case 0 -> "@TFRecordSource" + hints() + " Operand<TString> " + m + "();";
      case 1 -> "@InMemorySource " + out + " " + m + "();";
      case 2 -> "@Interleave(cycleLength = " + pick(NUMBERS) + ", parallel = " + pick(NUMBERS)
          + ") Operand<TString> " + m + "(Operand<TString> f);";
      case 3 -> "@Decode(parallel = " + pick(NUMBERS) + ") " + out + " " + m + "(" + in + " s);";
      case 4 -> "@Map(parallel = " + pick(NUMBERS) + ", random = " + random.nextBoolean()
          + ", vectorized = " + random.nextBoolean() + ") static " + out + " " + m + "(Ops tf, " + in
          + " x" + randomSources() + ") " + body;
      case 5 -> "@Filter static Operand<TBool> " + m + "(Ops tf, " + in + " x" + randomSources()
          + ") " + body;
      case 6 -> "@Shuffle(buffer = " + pick(NUMBERS) + ", seed = " + pick(NUMBERS) + ") " + out + " "
          + m + "(" + in + " x);";
      case 7 -> "@Cache(file = \"" + pick(PREFIXES) + "\") " + out + " " + m + "(" + in + " x);";
      case 8 -> "@Batch(size = " + pick(NUMBERS) + ", dropRemainder = " + random.nextBoolean() + ") "
          + out + " " + m + "(" + in + " x);";
      case 9 -> "@PaddedBatch(size = " + pick(NUMBERS) + ") " + out + " " + m + "(" + in + " x);";
      case 10 -> "@Repeat(count = " + pick(NUMBERS) + ") " + out + " " + m + "(" + in + " x);";
      case 11 -> "@Take(count = " + pick(NUMBERS) + ") " + out + " " + m + "(" + in + " x);";
      case 12 -> "@Shard(workers = " + pick(random.nextBoolean() ? NUMBERS : LONGS) + ") " + out + " "
          + m + "(" + in + " x);";
      case 13 -> "@Prefetch(" + pick(NUMBERS) + ") " + out + " " + m + "(" + in + " x);";
      case 14 -> "<T> " + out + " " + m + "(T x);"; // generic, unannotated
      case 15 -> "@Map default " + out + " " + m + "(" + in + " x) " + body;
      case 16 -> "@Snapshot(path = \"" + pick(random.nextBoolean() ? PREFIXES : ODD) + "\") " + out
          + " " + m + "(" + in + " x);";
      case 17 -> "@DecodeCsv(delimiter = \"" + pick(DELIMITERS) + "\", naValue = \"" + odd()
          + "\") " + out + " " + m + "(Operand<TString> s);";
      case 18 -> "@PaddedBatch(size = 4, padding = @Pad(component = \"" + (random.nextBoolean()
          ? "c0" : pick(NAMES)) + "\", text = \"" + odd() + "\")) " + out + " " + m + "(" + in
          + " x);";
      case 19, 20 -> unbatching(in, out, m); // in every position a random chain has
      case 21 -> "@Window(size = " + pick(NUMBERS) + ", dropRemainder = " + random.nextBoolean()
          + ") " + out + " " + m + "(" + in + " x);";
      case 22 -> paddedBatch(in, m);
      default -> out + " " + m + "(" + in + " x);"; // forgotten annotation
    };
  }

  /** Now and then one per-element random source after a body's element, or two. */
  private String randomSources() {
    return switch (random.nextInt(8)) {
      case 0, 1 -> ", dev.feedline.runtime.ElementRandom r";
      case 2 -> ", dev.feedline.runtime.ElementRandom r, dev.feedline.runtime.ElementRandom q";
      default -> "";
    };
  }

  /** A stage method name: now and then one that generated code uses itself, else {@code usual}. */
  private String stageName(String usual) {
    String picked = random.nextInt(4) == 0 ? pick(NAMES) : usual;
    return methodNames.add(picked) ? picked : methodNames.add(usual) ? usual : usual + methodNames.size();
  }

  private String randomAnnotation() {
    return switch (random.nextInt(4)) {
      case 0 -> "@Cache";
      case 1 -> "@SuppressWarnings(\"feedline:healthy-order\")";
      case 2 -> "@Deprecated";
      default -> "@Skip(count = 1)";
    };
  }

  private String hints() {
    return random.nextBoolean() ? "" : "(files = " + pick(LONGS) + ", records = " + pick(LONGS)
        + ", bytesPerFile = " + pick(LONGS) + ")";
  }

  private String pick(String[] values) {
    if (values == NUMBERS && random.nextInt(40) == 0) {
      return BAD_VALUES[random.nextInt(BAD_VALUES.length)];
    }
    return values[random.nextInt(values.length)];
  }

  private String pick(List<String> values) {
    return values.get(random.nextInt(values.size()));
  }
}
