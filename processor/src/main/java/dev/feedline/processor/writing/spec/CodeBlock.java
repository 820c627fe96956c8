package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collector;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/**
 * A fragment of generated code, built from JavaPoet's format strings ({@code $L $N $S $T $$ $> $<
 * $[ $] $W $Z}, relative or indexed) and written as JavaPoet writes it. Unlike JavaPoet's, the
 * arguments are resolved while the block is built: names, strings and literals become text, so
 * that writing a file is one pass over text, types and nested blocks.
 */
public final class CodeBlock {
  /** Format characters that take no argument. */
  private static final String NO_ARGUMENT = "$><[]WZ";

  /** Text ({@code String}), a {@link TypeName}, a nested {@code CodeBlock}, a {@link TypeMember}
   * or a {@link Control}, in order; no two texts in a row. */
  final Object[] parts;
  /**
   * The parts that name a type: types, members and nested blocks that name one. The walk that
   * decides a file's imports reads only these.
   */
  final Object[] references;

  private static final Object[] NONE = {};

  private CodeBlock(Object[] parts) {
    this.parts = parts;
    int n = 0;
    for (Object part : parts) {
      n += isReference(part) ? 1 : 0;
    }
    Object[] found = n == 0 ? NONE : new Object[n];
    n = 0;
    for (Object part : parts) {
      if (isReference(part)) {
        found[n++] = part;
      }
    }
    this.references = found;
  }

  private static boolean isReference(Object part) {
    return part instanceof TypeName || part instanceof TypeMember
        || part instanceof CodeBlock nested && nested.references.length > 0;
  }

  /** Layout marks a block carries between its text. */
  enum Control {
    INDENT, UNINDENT, STATEMENT_BEGIN, STATEMENT_END, WRAPPING_SPACE, ZERO_WIDTH_SPACE
  }

  /**
   * A class followed by text that starts with a dot, as in {@code $T.member(}: written as the
   * member alone where the file imports that member statically.
   */
  record TypeMember(ClassName type, String text) {}

  public boolean isEmpty() {
    return parts.length == 0;
  }

  public static CodeBlock of(String format, Object... args) {
    return new Builder().add(format, args).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder builder = new Builder();
    int n = parts.length;
    boolean endsInText = n > 0 && parts[n - 1] instanceof String;
    builder.parts.addAll(Arrays.asList(parts).subList(0, endsInText ? n - 1 : n));
    if (endsInText) {
      builder.text.append((String) parts[n - 1]); // text that follows joins it
    }
    return builder;
  }

  /** {@code blocks} with {@code separator} (a format string) between each two. */
  public static CodeBlock join(Iterable<CodeBlock> blocks, String separator) {
    Builder builder = new Builder();
    boolean first = true;
    for (CodeBlock block : blocks) {
      if (!first) {
        builder.add(separator);
      }
      first = false;
      builder.add(block);
    }
    return builder.build();
  }

  /** A collector that {@linkplain #join joins} blocks with {@code separator}. */
  public static Collector<CodeBlock, ?, CodeBlock> joining(String separator) {
    return Collector.<CodeBlock, List<CodeBlock>, CodeBlock>of(ArrayList::new, List::add,
        (a, b) -> {
          a.addAll(b);
          return a;
        }, blocks -> join(blocks, separator));
  }

  /** The code with every type fully qualified, as JavaPoet prints a block. */
  @Override
  public String toString() {
    return SourceWriter.toString(this);
  }

  /** Builds a {@link CodeBlock}. */
  public static final class Builder {
    private final List<Object> parts = new ArrayList<>();
    /** Text not yet added to {@link #parts}: text that follows joins it. */
    private final StringBuilder text = new StringBuilder();

    private Builder() {}

    public boolean isEmpty() {
      return parts.isEmpty() && text.isEmpty();
    }

    /** Adds {@code format} with its arguments; throws where they do not match. */
    public Builder add(String format, Object... args) {
      boolean relative = false;
      boolean indexed = false;
      int next = 0;
      boolean[] used = new boolean[args.length];
      int p = 0;
      while (p < format.length()) {
        if (format.charAt(p) != '$') {
          int end = format.indexOf('$', p + 1);
          end = end < 0 ? format.length() : end;
          formatText(format, p, end);
          p = end;
          continue;
        }
        int indexStart = ++p;
        char c;
        do {
          if (p >= format.length()) {
            throw new IllegalArgumentException("dangling format characters in '" + format + "'");
          }
          c = format.charAt(p++);
        } while (c >= '0' && c <= '9');
        int indexEnd = p - 1;
        if (NO_ARGUMENT.indexOf(c) >= 0) {
          if (indexStart != indexEnd) {
            throw new IllegalArgumentException("$" + c + " may not have an index: '" + format + "'");
          }
          control(c);
          continue;
        }
        int index;
        if (indexStart < indexEnd) {
          index = Integer.parseInt(format.substring(indexStart, indexEnd)) - 1;
          indexed = true;
        } else {
          index = next++;
          relative = true;
        }
        if (index < 0 || index >= args.length) {
          throw new IllegalArgumentException("index " + (index + 1) + " for '"
              + format.substring(indexStart - 1, indexEnd + 1) + "' not in range (received "
              + args.length + " arguments)");
        }
        if (indexed && relative) {
          throw new IllegalArgumentException("cannot mix indexed and positional parameters");
        }
        used[index] = true;
        argument(format, c, args[index]);
      }
      for (int i = 0; i < args.length; i++) {
        if (!used[i]) {
          throw new IllegalArgumentException("unused argument " + (i + 1) + " of " + args.length
              + " in '" + format + "'");
        }
      }
      return this;
    }

    /** Adds the parts of {@code block}. */
    public Builder add(CodeBlock block) {
      Object[] more = block.parts;
      for (int i = 0; i < more.length; i++) {
        Object part = more[i];
        if (part instanceof String text) {
          if (i == 0) {
            formatText(text, 0, text.length()); // may follow a type, as JavaPoet's format parts
          } else {
            this.text.append(text);
          }
        } else {
          part(part);
        }
      }
      return this;
    }

    public Builder addStatement(String format, Object... args) {
      part(Control.STATEMENT_BEGIN);
      add(format, args);
      text.append(";\n");
      part(Control.STATEMENT_END);
      return this;
    }

    public Builder addStatement(CodeBlock block) {
      return addStatement("$L", block);
    }

    public Builder beginControlFlow(String controlFlow, Object... args) {
      add(controlFlow + " {\n", args);
      return indent();
    }

    public Builder nextControlFlow(String controlFlow, Object... args) {
      unindent();
      add("} " + controlFlow + " {\n", args);
      return indent();
    }

    public Builder endControlFlow() {
      unindent();
      text.append("}\n");
      return this;
    }

    public Builder indent() {
      part(Control.INDENT);
      return this;
    }

    public Builder unindent() {
      part(Control.UNINDENT);
      return this;
    }

    public CodeBlock build() {
      int n = parts.size();
      if (n == 0 && text.isEmpty()) {
        return new CodeBlock(NONE);
      }
      Object[] all = parts.toArray(new Object[text.isEmpty() ? n : n + 1]);
      if (!text.isEmpty()) {
        all[n] = text.toString();
      }
      return new CodeBlock(all);
    }

    /** Adds a part that is not text, after the text before it. */
    private void part(Object part) {
      if (!text.isEmpty()) {
        parts.add(text.toString());
        text.setLength(0);
      }
      parts.add(part);
    }

    /**
     * Format text, {@code format} from {@code start} to {@code end}: right after a class, text that
     * starts with a dot may name a static import, as in {@code $T.member}.
     */
    private void formatText(String format, int start, int end) {
      int last = parts.size() - 1;
      if (text.isEmpty() && format.charAt(start) == '.' && last >= 0
          && parts.get(last) instanceof ClassName type) {
        parts.set(last, new TypeMember(type, format.substring(start, end)));
      } else {
        text.append(format, start, end);
      }
    }

    private void control(char c) {
      switch (c) {
        case '$' -> text.append('$');
        case '>' -> part(Control.INDENT);
        case '<' -> part(Control.UNINDENT);
        case '[' -> part(Control.STATEMENT_BEGIN);
        case ']' -> part(Control.STATEMENT_END);
        case 'W' -> part(Control.WRAPPING_SPACE);
        default -> part(Control.ZERO_WIDTH_SPACE);
      }
    }

    private void argument(String format, char c, Object arg) {
      switch (c) {
        case 'N' -> text.append(name(arg));
        case 'L' -> {
          if (arg instanceof CodeBlock block) {
            part(block);
          } else if (arg instanceof TypeSpec || arg instanceof AnnotationSpec) {
            throw new IllegalArgumentException("a type or annotation as $L is not supported: '"
                + format + "'");
          } else {
            text.append(arg);
          }
        }
        case 'S' -> {
          if (arg == null) {
            text.append("null");
          } else {
            SourceWriter.appendStringLiteral(text, String.valueOf(arg));
          }
        }
        case 'T' -> part(type(arg));
        default -> throw new IllegalArgumentException("invalid format string: '" + format + "'");
      }
    }

    private static String name(Object o) {
      if (o instanceof CharSequence name) {
        return name.toString();
      } else if (o instanceof ParameterSpec parameter) {
        return parameter.name();
      } else if (o instanceof FieldSpec field) {
        return field.name();
      } else if (o instanceof MethodSpec method) {
        return method.name();
      } else if (o instanceof TypeSpec type) {
        return type.name();
      }
      throw new IllegalArgumentException("expected name but was " + o);
    }

    private static TypeName type(Object o) {
      if (o instanceof TypeName type) {
        return type;
      } else if (o instanceof TypeMirror mirror) {
        return TypeName.get(mirror);
      } else if (o instanceof Element element) {
        return TypeName.get(element.asType());
      } else if (o instanceof Type type) {
        return TypeName.get(type);
      }
      throw new IllegalArgumentException("expected type but was " + o);
    }
  }
}
