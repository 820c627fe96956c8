package dev.feedline.tools;

import dev.feedline.runtime.internal.examples.ExampleSchema;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the generated writer of an element record by the record's class name, on the tools' class
 * path or an extra one (the folders and jars of the user's compiled classes), and reads its
 * schema: {@code com.acme.Review} is written by {@code com.acme.FeedlineReviewWriter},
 * {@code com.acme.Data.Review} by {@code com.acme.FeedlineData_ReviewWriter}.
 */
final class ElementWriters {
  private ElementWriters() {}

  /**
   * The schema of the writer of {@code record}.
   *
   * @param classPath extra folders and jars, separated as on the platform ({@code :} on Linux);
   *     null for none
   * @throws IllegalArgumentException naming what is missing: the class path entry, the record, or
   *     its writer
   */
  static ExampleSchema schema(String record, String classPath) {
    ClassLoader loader = loader(classPath);
    Class<?> type = load(record, loader);
    if (type == null) {
      throw new IllegalArgumentException("--element names no class " + record + " on the class"
          + " path; give its qualified name" + (classPath == null
              ? ", and --classpath with the folder or jar of your compiled classes" : ""));
    }
    String writer = writerName(type);
    Class<?> generated;
    try {
      generated = Class.forName(writer, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(record + " has no generated writer " + writer
          + ": annotate the record with @Element and @Writable, or parse it with a @Decode"
          + " stage, and compile it with Feedline's annotation processor");
    }
    try {
      return (ExampleSchema) generated.getField("SCHEMA").get(null);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalArgumentException(writer + " is not a writer Feedline generated: it has no"
          + " SCHEMA of this runtime's ExampleSchema");
    }
  }

  /**
   * The class of a qualified name, nested classes written with dots as in source
   * ({@code com.acme.Data.Review}) or with {@code $}; null when there is none.
   */
  private static Class<?> load(String name, ClassLoader loader) {
    String binary = name;
    while (true) {
      try {
        return Class.forName(binary, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        int dot = binary.lastIndexOf('.');
        if (dot < 0) {
          return null;
        }
        binary = binary.substring(0, dot) + "$" + binary.substring(dot + 1);
      }
    }
  }

  /** The qualified name of the writer generated for {@code record}. */
  static String writerName(Class<?> record) {
    StringBuilder nested = new StringBuilder(record.getSimpleName());
    for (Class<?> outer = record.getEnclosingClass(); outer != null;
        outer = outer.getEnclosingClass()) {
      nested.insert(0, outer.getSimpleName() + "_");
    }
    String pkg = record.getPackageName();
    return (pkg.isEmpty() ? "" : pkg + ".") + "Feedline" + nested + "Writer";
  }

  private static ClassLoader loader(String classPath) {
    ClassLoader tools = ElementWriters.class.getClassLoader();
    if (classPath == null) {
      return tools;
    }
    List<URL> urls = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path path = Path.of(entry);
      if (!Files.exists(path)) {
        throw new IllegalArgumentException("--classpath names " + entry + ", which does not"
            + " exist");
      }
      try {
        urls.add(path.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("--classpath names " + entry + ", which is no path");
      }
    }
    // The user's classes see the tools' runtime and TensorFlow, so the schema is of their kind.
    return new URLClassLoader(urls.toArray(URL[]::new), tools);
  }
}
