package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An annotation on a type, with its members in the order they were added. */
public final class AnnotationSpec {
  final ClassName type;
  final Map<String, List<CodeBlock>> members;

  private AnnotationSpec(Builder builder) {
    this.type = builder.type;
    this.members = builder.members;
  }

  public static Builder builder(ClassName type) {
    return new Builder(type);
  }

  public static Builder builder(Class<?> type) {
    return builder(ClassName.get(type));
  }

  /** Builds an {@link AnnotationSpec}. */
  public static final class Builder {
    private final ClassName type;
    private final Map<String, List<CodeBlock>> members = new LinkedHashMap<>();

    private Builder(ClassName type) {
      this.type = type;
    }

    public Builder addMember(String name, String format, Object... args) {
      members.computeIfAbsent(Names.checkIdentifier(name), n -> new ArrayList<>())
          .add(CodeBlock.of(format, args));
      return this;
    }

    public AnnotationSpec build() {
      return new AnnotationSpec(this);
    }
  }
}
