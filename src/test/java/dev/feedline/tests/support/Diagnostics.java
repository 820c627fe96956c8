package dev.feedline.tests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Exact assertions on a compilation's Feedline diagnostics. */
public final class Diagnostics {
  private Diagnostics() {}

  /** The Feedline diagnostics of a compilation, in order. */
  public static List<Diagnostic<? extends JavaFileObject>> feedline(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> feedline = new java.util.ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      if (d.getMessage(Locale.ROOT).startsWith("[feedline")) {
        feedline.add(d);
      }
    }
    return feedline;
  }

  /** The Feedline warnings and errors of a compilation, in order: everything but notes. */
  public static List<Diagnostic<? extends JavaFileObject>> warningsAndErrors(Compilation compilation) {
    return feedline(compilation).stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
        .collect(java.util.stream.Collectors.toList());
  }

  /**
   * Asserts that the compilation reported exactly one Feedline diagnostic besides notes of other
   * rules, with this kind and message, in {@code file} on the one line containing
   * {@code lineText}. (Notes of other rules, such as "cannot size this cache", may accompany it.)
   *
   * @return the diagnostic, for column checks
   */
  public static Diagnostic<? extends JavaFileObject> assertOnly(Compilation compilation,
      Diagnostic.Kind kind, String message, JavaFileObject file, String lineText) {
    String rule = message.substring(0, message.indexOf(']') + 1);
    List<Diagnostic<? extends JavaFileObject>> relevant = feedline(compilation).stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE || d.getMessage(Locale.ROOT).startsWith(rule))
        .collect(java.util.stream.Collectors.toList());
    if (relevant.size() != 1) {
      fail("expected one Feedline diagnostic, got " + relevant.size() + ": " + relevant);
    }
    return assertAt(relevant.get(0), kind, message, file, lineText);
  }

  /** Asserts one diagnostic's kind, message, file and line. */
  public static Diagnostic<? extends JavaFileObject> assertAt(Diagnostic<? extends JavaFileObject> d,
      Diagnostic.Kind kind, String message, JavaFileObject file, String lineText) {
    assertEquals(kind, d.getKind(), "kind of " + d.getMessage(Locale.ROOT));
    assertEquals(message, d.getMessage(Locale.ROOT));
    assertEquals(file.toUri(), d.getSource().toUri(), "file");
    assertEquals(lineOf(file, lineText), d.getLineNumber(), "line of " + message);
    return d;
  }

  /** The 1-based number of the one line of {@code file} containing {@code text}. */
  public static long lineOf(JavaFileObject file, String text) {
    List<String> lines;
    try {
      lines = file.getCharContent(true).toString().lines().toList();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    long found = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        if (found != -1) {
          throw new IllegalArgumentException("more than one line contains " + text);
        }
        found = i + 1;
      }
    }
    if (found == -1) {
      throw new IllegalArgumentException("no line contains " + text);
    }
    return found;
  }

  /** The 1-based column of the first {@code token} on the line containing {@code lineText}. */
  public static long columnOf(JavaFileObject file, String lineText, String token) {
    try {
      String line = file.getCharContent(true).toString().lines()
          .filter(l -> l.contains(lineText)).findFirst().orElseThrow();
      return line.indexOf(token) + 1;
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
