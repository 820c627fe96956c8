package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
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
   * or a {@link Control}, in order. */
  final List<Object> parts;

  private CodeBlock(List<Object> parts) {
    this.parts = parts;
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
    return parts.isEmpty();
  }

  public static CodeBlock of(String format, Object... args) {
    return new Builder().add(format, args).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.parts.addAll(parts);
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

    private Builder() {}

    public boolean isEmpty() {
      return parts.isEmpty();
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
          text(format.substring(p, end));
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
      List<Object> more = block.parts;
      if (!more.isEmpty() && more.get(0) instanceof String text) {
        text(text); // may follow a type, as in JavaPoet's flat format parts
        parts.addAll(more.subList(1, more.size()));
      } else {
        parts.addAll(more);
      }
      return this;
    }

    public Builder addStatement(String format, Object... args) {
      parts.add(Control.STATEMENT_BEGIN);
      add(format, args);
      text(";\n");
      parts.add(Control.STATEMENT_END);
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
      text("}\n");
      return this;
    }

    public Builder indent() {
      parts.add(Control.INDENT);
      return this;
    }

    public Builder unindent() {
      parts.add(Control.UNINDENT);
      return this;
    }

    public CodeBlock build() {
      return new CodeBlock(parts.isEmpty() ? List.of() : Collections.unmodifiableList(
          new ArrayList<>(parts)));
    }

    /** Format text; after a class, text that starts with a dot may name a static import. */
    private void text(String text) {
      int last = parts.size() - 1;
      if (text.startsWith(".") && last >= 0 && parts.get(last) instanceof ClassName type) {
        parts.set(last, new TypeMember(type, text));
      } else {
        parts.add(text);
      }
    }

    private void control(char c) {
      switch (c) {
        case '$' -> parts.add("$");
        case '>' -> parts.add(Control.INDENT);
        case '<' -> parts.add(Control.UNINDENT);
        case '[' -> parts.add(Control.STATEMENT_BEGIN);
        case ']' -> parts.add(Control.STATEMENT_END);
        case 'W' -> parts.add(Control.WRAPPING_SPACE);
        default -> parts.add(Control.ZERO_WIDTH_SPACE);
      }
    }

    private void argument(String format, char c, Object arg) {
      switch (c) {
        case 'N' -> parts.add(name(arg));
        case 'L' -> {
          if (arg instanceof CodeBlock block) {
            parts.add(block);
          } else if (arg instanceof TypeSpec || arg instanceof AnnotationSpec) {
            throw new IllegalArgumentException("a type or annotation as $L is not supported: '"
                + format + "'");
          } else {
            parts.add(String.valueOf(arg));
          }
        }
        case 'S' -> parts.add(arg == null ? "null" : SourceWriter.stringLiteral(String.valueOf(arg)));
        case 'T' -> parts.add(type(arg));
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
