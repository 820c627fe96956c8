package dev.feedline.processor.writing.spec;

import com.palantir.javapoet.ClassName;
import java.util.Set;
import java.util.TreeSet;

/** A top-level type in its package, with the static imports its code may use. */
public final class JavaFile {
  final String packageName;
  final TypeSpec typeSpec;
  final CodeBlock fileComment;
  final boolean skipJavaLangImports;
  /** Sorted. */
  final Set<String> staticImports;

  private JavaFile(Builder builder) {
    this.packageName = builder.packageName;
    this.typeSpec = builder.typeSpec;
    this.fileComment = builder.fileComment.build();
    this.skipJavaLangImports = builder.skipJavaLangImports;
    this.staticImports = new TreeSet<>(builder.staticImports);
  }

  public String packageName() {
    return packageName;
  }

  public TypeSpec typeSpec() {
    return typeSpec;
  }

  public static Builder builder(String packageName, TypeSpec typeSpec) {
    return new Builder(packageName, typeSpec);
  }

  /** The file's source: imports, then the type, as JavaPoet lays them out. */
  @Override
  public String toString() {
    return SourceWriter.write(this);
  }

  /** Builds a {@link JavaFile}. */
  public static final class Builder {
    private final String packageName;
    private final TypeSpec typeSpec;
    private final CodeBlock.Builder fileComment = CodeBlock.builder();
    private boolean skipJavaLangImports;
    /** Sorted: the order the file lists them in. */
    private final Set<String> staticImports = new TreeSet<>();

    private Builder(String packageName, TypeSpec typeSpec) {
      this.packageName = packageName;
      this.typeSpec = typeSpec;
    }

    public Builder addFileComment(String format, Object... args) {
      fileComment.add(format, args);
      return this;
    }

    public Builder addStaticImport(ClassName type, String... names) {
      if (names.length == 0) {
        throw new IllegalArgumentException("no names to import from " + type);
      }
      for (String name : names) {
        staticImports.add(type.canonicalName() + "." + name);
      }
      return this;
    }

    public Builder addStaticImport(Class<?> type, String... names) {
      return addStaticImport(ClassName.get(type), names);
    }

    public Builder skipJavaLangImports(boolean skip) {
      skipJavaLangImports = skip;
      return this;
    }

    public JavaFile build() {
      return new JavaFile(this);
    }
  }
}
