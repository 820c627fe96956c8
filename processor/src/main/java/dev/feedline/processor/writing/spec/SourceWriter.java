package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.feedline.processor.writing.spec.CodeBlock.Control;
import dev.feedline.processor.writing.spec.CodeBlock.TypeMember;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes a {@link JavaFile} in JavaPoet's layout, character for character, at a fraction of its
 * cost: JavaPoet writes every file twice (the first time to find its imports) and splits every
 * string it writes with a regular expression. Here the first walk over the specs writes nothing
 * and only decides the imports, and text is scanned for line ends once, as it is written.
 *
 * <p>Layout: members in JavaPoet's order (static fields, fields, constructors, methods, types),
 * a blank line between two; two spaces a level; a statement's continuation lines indented two
 * levels more; {@code $W} and {@code $Z} break a line past {@value #COLUMN_LIMIT} columns, else are
 * a space and nothing. Imports: a class is written by its simple name where that resolves to it
 * (a nested type in scope, the file's own type, an import, its package), imported where its
 * simple name is free (the first class of a name wins), else in full.
 */
final class SourceWriter {
  private static final int COLUMN_LIMIT = 100;
  private static final String INDENT = "  ";
  private static final int MATCH = 1;
  private static final int OTHER = 2;
  /** Indentation by level, so that a line's costs no allocation. */
  private static final String[] INDENTS = new String[32];

  /** Each modifier's keyword and a space, by ordinal ({@code Modifier.toString} lower-cases). */
  private static final String[] MODIFIERS = new String[Modifier.values().length];

  static {
    for (int i = 0; i < INDENTS.length; i++) {
      INDENTS[i] = INDENT.repeat(i);
    }
    for (Modifier modifier : Modifier.values()) {
      MODIFIERS[modifier.ordinal()] = modifier + " ";
    }
  }

  /** The text written; null in the walk that decides the imports. */
  private final StringBuilder out;
  /** The file's package; null for a block on its own, whose types are all written in full. */
  private final String packageName;
  private final Set<String> staticImports;
  /** The members each class's static imports name, {@code *} for all, by the class's name. */
  private final Map<String, Set<String>> staticMembers = new HashMap<>();
  /** By simple name: the classes the file imports. */
  private final Map<String, ClassName> imported;
  /** What the first walk finds: classes it could import, and simple names taken by the package. */
  private final Map<String, ClassName> importable = new LinkedHashMap<>();
  private final Set<String> packageNames = new HashSet<>();
  /** The types being written, outermost first, each with the names of its nested types. */
  private final List<Scope> scopes = new ArrayList<>();

  private int indentLevel;
  private boolean javadoc;
  private boolean comment;
  private boolean trailingNewline;
  /** The line of the statement being written, from 0; -1 outside a statement. */
  private int statementLine = -1;

  /** Text held back after a {@code $W} or {@code $Z}, until it is known whether the line breaks. */
  private final StringBuilder held = new StringBuilder();
  private Flush pending;
  private int pendingIndent;
  private int column;

  private record Scope(String name, Set<String> nestedTypes) {}

  private enum Flush { WRAP, SPACE, EMPTY }

  private SourceWriter(StringBuilder out, String packageName, Set<String> staticImports,
      Map<String, ClassName> imported) {
    this.out = out;
    this.packageName = packageName;
    this.staticImports = staticImports;
    this.imported = imported;
    for (String signature : staticImports) {
      int dot = signature.lastIndexOf('.');
      staticMembers.computeIfAbsent(signature.substring(0, dot), k -> new HashSet<>())
          .add(signature.substring(dot + 1));
    }
  }

  /** The source of {@code file}. */
  static String write(JavaFile file) {
    SourceWriter walk = new SourceWriter(null, file.packageName, file.staticImports, Map.of());
    walk.file(file);
    Map<String, ClassName> imports = new LinkedHashMap<>(walk.importable);
    imports.keySet().removeAll(walk.packageNames);
    SourceWriter writer = new SourceWriter(new StringBuilder(8_192), file.packageName,
        file.staticImports, imports);
    writer.file(file);
    writer.flushPending();
    return writer.out.toString();
  }

  /** {@code block} with its types in full. */
  static String toString(CodeBlock block) {
    SourceWriter writer = new SourceWriter(new StringBuilder(), null, Set.of(), Map.of());
    writer.code(block, false);
    writer.flushPending();
    return writer.out.toString();
  }

  /** {@code value} as a Java string literal, as JavaPoet's {@code $S} writes it. */
  static String stringLiteral(String value) {
    StringBuilder literal = new StringBuilder(value.length() + 2);
    appendStringLiteral(literal, value);
    return literal.toString();
  }

  /** Appends {@code value} as a Java string literal to {@code literal}. */
  static void appendStringLiteral(StringBuilder literal, String value) {
    literal.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> literal.append("\\\"");
        case '\\' -> literal.append("\\\\");
        case '\b' -> literal.append("\\b");
        case '\t' -> literal.append("\\t");
        case '\n' -> literal.append("\\n");
        case '\f' -> literal.append("\\f");
        case '\r' -> literal.append("\\r");
        default -> {
          if (Character.isISOControl(c)) {
            literal.append("\\u").append(String.format("%04x", (int) c));
          } else {
            literal.append(c);
          }
        }
      }
      if (c == '\n' && i + 1 < value.length()) {
        literal.append("\"\n").append(INDENT).append(INDENT).append("+ \"");
      }
    }
    literal.append('"');
  }

  private void file(JavaFile file) {
    if (!file.fileComment.isEmpty()) {
      trailingNewline = true;
      comment = true;
      code(file.fileComment, false);
      text("\n");
      comment = false;
    }
    if (!packageName.isEmpty()) {
      text("package " + packageName + ";\n");
      text("\n");
    }
    if (!staticImports.isEmpty()) {
      for (String signature : staticImports) {
        text("import static " + signature + ";\n");
      }
      text("\n");
    }
    int imports = 0;
    List<ClassName> sorted = new ArrayList<>(imported.values());
    sorted.sort(null);
    for (ClassName type : sorted) {
      if (file.skipJavaLangImports && type.packageName().equals("java.lang")) {
        continue;
      }
      text("import " + type.canonicalName() + ";\n");
      imports++;
    }
    if (imports > 0) {
      text("\n");
    }
    type(file.typeSpec);
  }

  private void type(TypeSpec type) {
    int outerStatementLine = statementLine; // a nested type interrupts a statement's indentation
    statementLine = -1;
    scopes.add(new Scope(type.name, Set.of())); // its header does not see its nested types
    MethodSpec constructor = type.recordConstructor;
    javadoc(type.javadoc, constructor == null ? List.of() : constructor.parameters);
    annotations(type.annotations, false);
    modifiers(type.modifiers);
    text(type.record ? "record" : "class");
    text(" ");
    text(type.name);
    if (type.record) {
      parameters(constructor == null ? List.of() : constructor.parameters,
          constructor != null && constructor.varargs);
    }
    if (!type.superclass.equals(ClassName.OBJECT)) {
      text(" extends");
      text(" ");
      typeName(type.superclass);
    }
    if (!type.superinterfaces.isEmpty()) {
      text(" implements");
      for (int i = 0; i < type.superinterfaces.size(); i++) {
        text(i == 0 ? " " : ", ");
        typeName(type.superinterfaces.get(i));
      }
    }
    scopes.set(scopes.size() - 1, new Scope(type.name, type.nestedTypeNames));
    text(" {\n");
    indentLevel++;
    boolean first = true;
    for (boolean statics : new boolean[] {true, false}) {
      for (FieldSpec field : type.fields) {
        if (field.modifiers.contains(Modifier.STATIC) == statics) {
          first = separate(first);
          field(field);
        }
      }
    }
    for (boolean constructors : new boolean[] {true, false}) {
      for (MethodSpec method : type.methods) {
        if (method.isConstructor() == constructors) {
          first = separate(first);
          method(method, type.name);
        }
      }
    }
    for (TypeSpec nested : type.types) {
      first = separate(first);
      type(nested);
    }
    indentLevel--;
    scopes.remove(scopes.size() - 1);
    text("}");
    text("\n");
    statementLine = outerStatementLine;
  }

  /** A blank line before every member but the first; returns false. */
  private boolean separate(boolean first) {
    if (!first) {
      text("\n");
    }
    return false;
  }

  private void field(FieldSpec field) {
    javadoc(field.javadoc);
    modifiers(field.modifiers);
    typeName(field.type);
    text(" ");
    text(field.name);
    if (!field.initializer.isEmpty()) {
      text(" = ");
      code(field.initializer, false);
    }
    text(";\n");
  }

  private void method(MethodSpec method, String enclosingName) {
    javadoc(method.javadoc, method.parameters);
    annotations(method.annotations, false);
    modifiers(method.modifiers);
    if (method.isConstructor()) {
      text(enclosingName);
    } else {
      typeName(method.returnType);
      text(" ");
      text(method.name);
    }
    parameters(method.parameters, method.varargs);
    if (method.modifiers.contains(Modifier.ABSTRACT)) {
      text(";\n");
    } else {
      text(" {\n");
      indentLevel++;
      code(method.code, true);
      indentLevel--;
      text("}\n");
    }
  }

  private void parameters(List<ParameterSpec> parameters, boolean varargs) {
    text("(");
    zeroWidthSpace();
    for (int i = 0; i < parameters.size(); i++) {
      if (i > 0) {
        text(",");
        wrappingSpace();
      }
      ParameterSpec parameter = parameters.get(i);
      modifiers(parameter.modifiers());
      if (varargs && i == parameters.size() - 1) {
        array((ArrayTypeName) parameter.type(), true);
      } else {
        typeName(parameter.type());
      }
      text(" ");
      text(parameter.name());
    }
    text(")");
  }

  private void modifiers(Set<Modifier> modifiers) {
    for (Modifier modifier : modifiers) { // an EnumSet: in the order Java recommends
      text(MODIFIERS[modifier.ordinal()]);
    }
  }

  /** {@code block}, then an {@code @param} line for each parameter with a Javadoc of its own. */
  private void javadoc(CodeBlock block, List<ParameterSpec> parameters) {
    CodeBlock.Builder withParameters = null;
    for (ParameterSpec parameter : parameters) {
      if (!parameter.javadoc().isEmpty()) {
        if (withParameters == null) {
          withParameters = block.toBuilder();
          if (!block.isEmpty()) {
            withParameters.add("\n");
          }
        }
        withParameters.add("@param $L $L", parameter.name(), parameter.javadoc());
      }
    }
    javadoc(withParameters == null ? block : withParameters.build());
  }

  private void javadoc(CodeBlock block) {
    if (block.isEmpty()) {
      return;
    }
    text("/**\n");
    javadoc = true;
    code(block, true);
    javadoc = false;
    text(" */\n");
  }

  private void annotations(List<AnnotationSpec> annotations, boolean inline) {
    for (AnnotationSpec annotation : annotations) {
      annotation(annotation, inline);
      text(inline ? " " : "\n");
    }
  }

  /** {@code @A}, {@code @A(value)}, or its members one a line (inline: on one line). */
  private void annotation(AnnotationSpec annotation, boolean inline) {
    String lineEnd = inline ? "" : "\n";
    String separator = inline ? ", " : ",\n";
    text("@");
    typeName(annotation.type);
    Map<String, List<CodeBlock>> members = annotation.members;
    if (members.isEmpty()) {
      return;
    }
    if (members.size() == 1 && members.containsKey("value")) {
      text("(");
      annotationValues(members.get("value"), lineEnd, separator);
      text(")");
      return;
    }
    text("(" + lineEnd);
    indentLevel += 2;
    boolean first = true;
    for (Map.Entry<String, List<CodeBlock>> member : members.entrySet()) {
      if (!first) {
        text(separator);
      }
      first = false;
      text(member.getKey());
      text(" = ");
      annotationValues(member.getValue(), lineEnd, separator);
    }
    indentLevel -= 2;
    text(lineEnd + ")");
  }

  private void annotationValues(List<CodeBlock> values, String lineEnd, String separator) {
    if (values.size() == 1) {
      indentLevel += 2;
      code(values.get(0), false);
      indentLevel -= 2;
      return;
    }
    text("{" + lineEnd);
    indentLevel += 2;
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        text(separator);
      }
      code(values.get(i), false);
    }
    indentLevel -= 2;
    text(lineEnd + "}");
  }

  private void code(CodeBlock block, boolean endWithNewline) {
    if (out == null) { // the walk that decides the imports: only the types matter
      for (Object part : block.references) {
        if (part instanceof TypeName type) {
          typeName(type);
        } else if (part instanceof CodeBlock nested) {
          code(nested, false);
        } else {
          member((TypeMember) part);
        }
      }
      return;
    }
    for (Object part : block.parts) {
      if (part instanceof String text) {
        text(text);
      } else if (part instanceof TypeName type) {
        typeName(type);
      } else if (part instanceof CodeBlock nested) {
        code(nested, false);
      } else if (part instanceof TypeMember member) {
        member(member);
      } else {
        control((Control) part);
      }
    }
    if (endWithNewline && out != null && (out.isEmpty() || out.charAt(out.length() - 1) != '\n')) {
      text("\n");
    }
  }

  private void control(Control control) {
    switch (control) {
      case INDENT -> indentLevel++;
      case UNINDENT -> {
        if (indentLevel == 0) {
          throw new IllegalStateException("$< below the first indentation level");
        }
        indentLevel--;
      }
      case STATEMENT_BEGIN -> {
        if (statementLine != -1) {
          throw new IllegalStateException("statement enter $[ followed by statement enter $[");
        }
        statementLine = 0;
      }
      case STATEMENT_END -> {
        if (statementLine == -1) {
          throw new IllegalStateException("statement exit $] has no matching statement enter $[");
        }
        if (statementLine > 0) {
          indentLevel -= 2;
        }
        statementLine = -1;
      }
      case WRAPPING_SPACE -> wrappingSpace();
      case ZERO_WIDTH_SPACE -> zeroWidthSpace();
    }
  }

  /** {@code Type.member}, or {@code member} alone where it is imported statically. */
  private void member(TypeMember member) {
    Set<String> members = staticMembers.get(member.type().canonicalName());
    String text = member.text();
    if (members != null && text.length() > 1 && Character.isJavaIdentifierStart(text.charAt(1))) {
      int end = 2;
      while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
        end++;
      }
      if (members.contains(text.substring(1, end)) || members.contains("*")) {
        text(text.substring(1));
        return;
      }
    }
    typeName(member.type());
    text(member.text());
  }

  private void typeName(TypeName type) {
    if (!type.annotations().isEmpty()) { // Feedline writes no type annotations
      throw new IllegalArgumentException("annotated types are not supported: " + type);
    }
    if (type instanceof ClassName name) {
      text(lookupName(name));
    } else if (type instanceof ParameterizedTypeName parameterized) {
      if (parameterized.enclosingType() != null) {
        typeName(parameterized.enclosingType());
        text(".");
        text(parameterized.rawType().simpleName());
      } else {
        typeName(parameterized.rawType());
      }
      List<TypeName> arguments = parameterized.typeArguments();
      if (!arguments.isEmpty()) {
        text("<");
        for (int i = 0; i < arguments.size(); i++) {
          if (i > 0) {
            text(", ");
          }
          typeName(arguments.get(i));
        }
        text(">");
      }
    } else if (type instanceof ArrayTypeName array) {
      array(array, false);
    } else if (type instanceof WildcardTypeName wildcard) {
      if (wildcard.lowerBounds().size() == 1) {
        text("? super ");
        typeName(wildcard.lowerBounds().get(0));
      } else if (wildcard.upperBounds().get(0).equals(ClassName.OBJECT)) {
        text("?");
      } else {
        text("? extends ");
        typeName(wildcard.upperBounds().get(0));
      }
    } else if (type instanceof TypeVariableName variable) {
      text(variable.name());
    } else {
      text(type.toString()); // a primitive type or void: its keyword
    }
  }

  /** {@code T[][]}, or {@code T[]...} as a method's varargs. */
  private void array(ArrayTypeName array, boolean varargs) {
    TypeName leaf = array;
    int dimensions = 0;
    while (leaf instanceof ArrayTypeName a) {
      leaf = a.componentType();
      dimensions++;
    }
    typeName(leaf);
    for (int i = 0; i < dimensions; i++) {
      text(varargs && i == dimensions - 1 ? "..." : "[]");
    }
  }

  /**
   * The shortest name of {@code type} here: the suffix that resolves to it (a nested type in
   * scope, the file's type, an import), its name in its package, or its canonical name, which in
   * the first walk makes it a candidate import. JavaPoet's {@code simpleNames()} copies a list a
   * call, so nested names are walked through their enclosing classes instead.
   */
  private String lookupName(ClassName type) {
    int resolved = 0;
    for (ClassName k = type; k != null; k = k.enclosingClassName()) {
      resolved = resolve(k);
      if (resolved == MATCH) {
        return k == type ? type.simpleName() : suffix(type, k);
      }
    }
    if (resolved == OTHER) {
      return type.canonicalName(); // its simple name means another class here
    }
    ClassName top = type.topLevelClassName();
    if (Objects.equals(packageName, type.packageName())) {
      packageNames.add(top.simpleName());
      return top == type ? type.simpleName() : suffix(type, top);
    }
    if (out == null && !type.packageName().isEmpty()) {
      importable.putIfAbsent(top.simpleName(), top);
    }
    return type.canonicalName();
  }

  /** {@code type}'s simple names from {@code outer}'s on, as in {@code Outer.Inner}. */
  private static String suffix(ClassName type, ClassName outer) {
    List<String> names = type.simpleNames();
    return String.join(".", names.subList(outer.simpleNames().size() - 1, names.size()));
  }

  /** What {@code type}'s simple name resolves to here: 0 nothing, {@link #MATCH}, {@link #OTHER}. */
  private int resolve(ClassName type) {
    String simpleName = type.simpleName();
    for (int i = scopes.size() - 1; i >= 0; i--) {
      if (scopes.get(i).nestedTypes().contains(simpleName)) {
        return nestedIn(type, i) ? MATCH : OTHER;
      }
    }
    if (!scopes.isEmpty() && scopes.get(0).name().equals(simpleName)) {
      return type.enclosingClassName() == null && packageName.equals(type.packageName()) ? MATCH
          : OTHER;
    }
    ClassName importedType = imported.get(simpleName);
    if (importedType != null) {
      return importedType.canonicalName().equals(type.canonicalName()) ? MATCH : OTHER;
    }
    return 0;
  }

  /** Whether {@code type} is the type nested in the scope at {@code depth} by its simple name. */
  private boolean nestedIn(ClassName type, int depth) {
    ClassName k = type.enclosingClassName();
    for (int i = depth; i >= 0; i--, k = k.enclosingClassName()) {
      if (k == null || !k.simpleName().equals(scopes.get(i).name())) {
        return false;
      }
    }
    return k == null && packageName.equals(type.packageName());
  }

  /**
   * Writes {@code text}: a line end ({@code \R}, as JavaPoet splits) starts a new line, indented
   * and, in a comment, prefixed; a statement's second line indents the rest two levels more.
   */
  private void text(String text) {
    if (out == null) {
      return;
    }
    int n = text.length();
    int start = 0;
    boolean first = true;
    while (true) {
      int end = start;
      while (end < n && !isLineEnd(text.charAt(end))) {
        end++;
      }
      if (!first) {
        newline();
      }
      first = false;
      if (end > start) {
        if (trailingNewline) {
          append(indentation(indentLevel));
          if (javadoc) {
            append(" * ");
          } else if (comment) {
            append("// ");
          }
        }
        append(text, start, end);
        trailingNewline = false;
      }
      if (end >= n) {
        return;
      }
      start = end + (text.charAt(end) == '\r' && end + 1 < n && text.charAt(end + 1) == '\n' ? 2
          : 1);
    }
  }

  private static String indentation(int level) {
    return level < INDENTS.length ? INDENTS[level] : INDENT.repeat(level);
  }

  private static boolean isLineEnd(char c) {
    return c <= '\r' ? c >= '\n' : c == '\u0085' || c == '\u2028' || c == '\u2029';
  }

  private void newline() {
    if ((javadoc || comment) && trailingNewline) {
      append(indentation(indentLevel));
      append(javadoc ? " *" : "//");
    }
    if (pending != null) {
      flush(column > COLUMN_LIMIT ? Flush.WRAP : pending);
    }
    out.append('\n');
    column = 0;
    trailingNewline = true;
    if (statementLine != -1) {
      if (statementLine == 0) {
        indentLevel += 2;
      }
      statementLine++;
    }
  }

  private void append(String text) {
    append(text, 0, text.length());
  }

  /** Appends text without line ends, held back while a pending break may still be taken. */
  private void append(String text, int from, int to) {
    int length = to - from;
    if (length == 0) {
      return;
    }
    StringBuilder target = out;
    if (pending != null) {
      if (column + length <= COLUMN_LIMIT) {
        target = held;
      } else {
        flush(Flush.WRAP);
      }
    }
    if (length == text.length()) {
      target.append(text); // a copy of the whole; a range is appended a character at a time
    } else {
      target.append(text, from, to);
    }
    column += length;
  }

  private void wrappingSpace() {
    if (out == null) {
      return;
    }
    flushPending();
    column++; // the space, written when the line does not break
    pending = Flush.SPACE;
    pendingIndent = indentLevel + 2;
  }

  private void zeroWidthSpace() {
    if (out == null || column == 0) {
      return;
    }
    flushPending();
    pending = Flush.EMPTY;
    pendingIndent = indentLevel + 2;
  }

  private void flushPending() {
    if (pending != null) {
      flush(pending);
    }
  }

  private void flush(Flush flush) {
    if (flush == Flush.WRAP) {
      out.append('\n').append(indentation(pendingIndent));
      column = pendingIndent * INDENT.length() + held.length();
    } else if (flush == Flush.SPACE) {
      out.append(' ');
    }
    out.append(held);
    held.setLength(0);
    pending = null;
  }
}
