package dev.feedline.processor.writing;

import dev.feedline.processor.writing.spec.JavaFile;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.JavaFileObject;

/**
 * Writes a generated file with its lines wrapped at {@value #LIMIT} characters, as a reviewer reads
 * it: JavaPoet breaks lines only where a writer asks, and the writers state their code, not its
 * layout. A code line breaks after the comma of the outermost argument list that fits, else before
 * {@code extends}, after an opening parenthesis, before a chained call, or inside a string
 * literal at a space (written {@code "a " + "b"}, the same constant); its continuation lines are
 * indented 4 more. A comment breaks at a space, outside its string literals and {@code {@...}}
 * tags; a Javadoc paragraph carries what is left over into its next line; a Javadoc of one line of
 * prose that fits is written on one line. What has no such place
 * (an import, one long name) stays as it is. Deterministic, and a file already wrapped is left
 * as it is.
 */
public final class GeneratedSource {
  /** The longest line the wrapped file has, where it has a place to break. */
  public static final int LIMIT = 100;

  private GeneratedSource() {}

  /**
   * A generated file, written and wrapped, to be created through the Filer: its type's qualified
   * name, the elements it originates from, and its text.
   */
  public record Rendered(String name, List<Element> originatingElements, String text) {
    /** Creates the file through {@code filer}; a file that fails half-written is deleted. */
    public void writeTo(Filer filer) throws IOException {
      JavaFileObject source = filer.createSourceFile(name,
          originatingElements.toArray(Element[]::new));
      try (Writer writer = source.openWriter()) {
        writer.write(text);
      } catch (IOException | RuntimeException e) {
        source.delete();
        throw e;
      }
    }
  }

  /** {@code file}, written out and wrapped. */
  public static Rendered render(JavaFile file) {
    String name = file.packageName().isEmpty() ? file.typeSpec().name()
        : file.packageName() + "." + file.typeSpec().name();
    return new Rendered(name, List.copyOf(file.typeSpec().originatingElements()),
        wrap(file.toString()));
  }

  /** {@code source}, lines separated by {@code \n}, with its long lines wrapped. */
  public static String wrap(String source) {
    String[] split = source.split("\n", -1);
    List<String> lines = new ArrayList<>(split.length + split.length / 16);
    Collections.addAll(lines, split);
    List<String> out = new ArrayList<>(split.length + split.length / 8);
    boolean javadoc = false;
    boolean pre = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int text = indentOf(line); // where the line's text starts; generated lines end in none
      if (!javadoc && line.startsWith("/**", text)) {
        String oneLine = oneLineJavadoc(lines, i);
        if (oneLine != null) {
          out.add(oneLine);
          i += 2;
          continue;
        }
        javadoc = !line.endsWith("*/");
        out.add(line);
        continue;
      }
      if (javadoc) {
        if (line.length() - text == 2 && line.startsWith("*/", text)) {
          javadoc = false;
          pre = false;
          out.add(line);
          continue;
        }
        boolean inPre = pre || line.contains("<pre>");
        pre = inPre && !line.contains("</pre>");
        if (line.length() <= LIMIT) {
          out.add(line); // the common case, without the work of a break
          continue;
        }
        String rest = wrapComment(line, javadocHead(line), inPre, out);
        if (rest != null && !inPre && i + 1 < lines.size() && isProse(lines.get(i + 1))) {
          String next = lines.get(i + 1); // the paragraph goes on: carry the rest into it
          lines.set(i + 1, javadocHead(next) + rest + " "
              + next.substring(javadocHead(next).length()));
        } else if (rest != null) {
          lines.add(i + 1, javadocHead(line) + rest); // wrapped again if still too long
        }
        continue;
      }
      if (line.length() <= LIMIT) {
        out.add(line);
      } else if (line.startsWith("//", text)) {
        String head = line.substring(0, line.indexOf("//")) + "// ";
        String rest = line;
        while (rest != null) {
          String next = wrapComment(rest, head, false, out);
          rest = next == null ? null : head + next;
        }
      } else {
        wrapCode(line, out);
      }
    }
    return String.join("\n", out);
  }

  /**
   * The Javadoc opened at line {@code i} as one line, {@code /** text *}{@code /}, where it is one
   * line of prose that fits; else null. JavaPoet writes every Javadoc in three lines or more.
   */
  private static String oneLineJavadoc(List<String> lines, int i) {
    if (i + 2 >= lines.size() || !lines.get(i).strip().equals("/**")
        || !lines.get(i + 2).strip().equals("*/")) {
      return null;
    }
    String text = lines.get(i + 1).strip();
    if (!text.startsWith("* ") || text.startsWith("* @")) {
      return null;
    }
    String line = lines.get(i).substring(0, lines.get(i).indexOf('/')) + "/** " + text.substring(2)
        + " */";
    return line.length() <= LIMIT ? line : null;
  }

  /** The {@code "   * "} a Javadoc line starts with, or {@code "   *"} for a blank one. */
  private static String javadocHead(String line) {
    int star = line.indexOf('*');
    return line.startsWith(" ", star + 1) ? line.substring(0, star + 2)
        : line.substring(0, star + 1);
  }

  /** A Javadoc line that continues the paragraph before it. */
  private static boolean isProse(String line) {
    String text = line.strip();
    if (!text.startsWith("* ")) {
      return false;
    }
    text = text.substring(2);
    return !text.startsWith("<") && !text.startsWith("@") && !text.startsWith("}")
        && !text.startsWith(" ");
  }

  /**
   * Adds the part of comment line {@code line} (starting with {@code head}) that fits to
   * {@code out}; returns what is left over, without a head, or null when all of it fit. In a
   * {@code <pre>} block what is left over is indented 4 more than the line's text.
   */
  private static String wrapComment(String line, String head, boolean pre, List<String> out) {
    if (line.length() <= LIMIT || line.length() <= head.length()) {
      out.add(line);
      return null;
    }
    String text = line.substring(head.length());
    Split split = commentSplit(text, LIMIT - head.length());
    if (split == null) {
      out.add(line);
      return null;
    }
    String rest = (pre ? " ".repeat(indentOf(text) + 4) : "") + split.rest();
    if (head.length() + rest.length() >= line.length()) {
      out.add(line); // no shorter for it
      return null;
    }
    out.add((head + split.first()).stripTrailing());
    return rest;
  }

  /** A line cut in two: what stays, and what goes on the next line. */
  private record Split(String first, String rest) {}

  /**
   * Where comment text breaks to fit {@code width}: at its last space that fits outside string
   * literals and {@code {@...}} tags, else in a tag, else inside a literal ({@code "a" + "b"}, as
   * Java would write it), else at the first space past the width; null where none is.
   */
  private static Split commentSplit(String text, int width) {
    int plain = -1;
    int inTag = -1;
    int literal = -1;
    int past = -1;
    int tags = 0;
    int from = indentOf(text);
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        int close = closingQuote(text, i);
        if (close < 0) {
          break;
        }
        for (int p : literalBoundaries(text, i, close)) {
          if (p + 1 <= width && (literal < 0 || !inWord(text, p) || inWord(text, literal))) {
            literal = p;
          }
        }
        i = close;
      } else if (c == '{' && text.startsWith("{@", i)) {
        tags++;
      } else if (c == '}' && tags > 0) {
        tags--;
      } else if (c == ' ' && i > from) {
        if (i <= width) {
          inTag = i;
          plain = tags == 0 ? i : plain;
        } else if (tags == 0 && past < 0) {
          past = i;
        }
      }
    }
    int at = plain >= 0 ? plain : inTag;
    if (at >= 0) {
      return new Split(text.substring(0, at), text.substring(at + 1));
    }
    if (literal >= 0) {
      return new Split(text.substring(0, literal) + "\"", "+ \"" + text.substring(literal));
    }
    return past < 0 ? null : new Split(text.substring(0, past), text.substring(past + 1));
  }

  /** Whether {@code p} falls between two letters or digits of {@code text}. */
  private static boolean inWord(String text, int p) {
    return Character.isLetterOrDigit(text.charAt(p - 1))
        && Character.isLetterOrDigit(text.charAt(p));
  }

  /** The index of the quote that closes the literal opened at {@code open}, or -1. */
  private static int closingQuote(String text, int open) {
    for (int i = open + 1; i < text.length(); i++) {
      if (text.charAt(i) == '\\') {
        i++;
      } else if (text.charAt(i) == '"') {
        return i;
      }
    }
    return -1;
  }

  /**
   * The places inside the literal from quote {@code open} to quote {@code close} where it can be
   * cut into {@code "a" + "b"}: between its characters and escapes, never inside an escape or a
   * surrogate pair, and neither half empty.
   */
  private static List<Integer> literalBoundaries(String text, int open, int close) {
    List<Integer> boundaries = new ArrayList<>();
    int i = open + 1;
    while (i < close) {
      i += tokenLength(text, i);
      if (i < close) {
        boundaries.add(i);
      }
    }
    return boundaries;
  }

  /** The length of the character or escape at {@code i} of a literal, as javac reads it. */
  private static int tokenLength(String text, int i) {
    char c = text.charAt(i);
    if (c != '\\' || i + 1 >= text.length()) {
      return Character.isHighSurrogate(c) && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1)) ? 2 : 1;
    }
    char e = text.charAt(i + 1);
    if (e == 'u') {
      int j = i + 1;
      while (j < text.length() && text.charAt(j) == 'u') {
        j++;
      }
      return j + 4 - i;
    }
    if (e >= '0' && e <= '7') {
      int digits = e <= '3' ? 3 : 2;
      int j = i + 1;
      while (j < text.length() && j < i + 1 + digits && text.charAt(j) >= '0'
          && text.charAt(j) <= '7') {
        j++;
      }
      return j - i;
    }
    return 2;
  }

  private static int indentOf(String text) {
    int i = 0;
    while (i < text.length() && text.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  /** Where a code line may break, and how good a place it is. */
  private enum Kind {
    CLAUSE, COMMA, PAREN, DOT, ASSIGN,
    /** In a literal, after a space. */
    LITERAL,
    /** In a literal, beside an escape or a sign. */
    ANYWHERE,
    /** In a literal, between two letters or digits. */
    INSIDE;

    boolean splitsLiteral() {
      return this == LITERAL || this == ANYWHERE || this == INSIDE;
    }
  }

  /**
   * A place to break: the first part ends at {@code end} (with a {@code "} after it for a
   * literal), the rest starts at {@code resume} (with {@code + "} before it for a literal).
   */
  private record Break(Kind kind, int end, int resume, int depth) {
    int firstLength() {
      return kind.splitsLiteral() ? end + 1 : end; // and its '"'
    }
  }

  /**
   * Adds code line {@code line}, wrapped, to {@code out}: its rest indented 4 more, or as much as
   * the line itself where the line continues a list of the statement before it and breaks between
   * two of that list's items.
   */
  private static void wrapCode(String line, List<String> out) {
    String previous = out.isEmpty() ? "" : out.get(out.size() - 1).strip();
    boolean continues = !previous.isEmpty() && !previous.endsWith(";") && !previous.endsWith("{")
        && !previous.endsWith("}") && !previous.startsWith("//") && !previous.startsWith("*")
        && !previous.startsWith("/*") && !previous.startsWith("@")
        && !line.strip().startsWith(".");
    int indent = indentOf(line);
    int continuation = -1;
    String rest = line;
    while (rest.length() > LIMIT) {
      Break at = best(rest, continuation < 0 ? indent : continuation);
      if (at == null) {
        break;
      }
      if (continuation < 0) {
        continuation = indent + (continues && at.depth() == 0 && at.kind() == Kind.COMMA ? 0 : 4);
      }
      String next = " ".repeat(continuation);
      if (at.kind().splitsLiteral()) {
        out.add(rest.substring(0, at.end()) + "\"");
        rest = next + "+ \"" + rest.substring(at.resume());
      } else {
        out.add(rest.substring(0, at.end()).stripTrailing());
        rest = next + rest.substring(at.resume()).stripLeading();
      }
    }
    out.add(rest);
  }

  /**
   * The best place to break {@code line} whose rest is indented {@code continuation}, of those
   * whose first part fits and holds more than the indentation: of the best kind, the last; of
   * commas, the last of the outermost list; an opening parenthesis outside that list before them.
   */
  private static Break best(String line, int continuation) {
    Break best = null;
    Break paren = null;
    for (Break b : breaks(line)) {
      if (b.firstLength() > LIMIT || b.end() <= continuation + 1) {
        continue;
      }
      if (b.kind() == Kind.PAREN && (paren == null || b.depth() <= paren.depth())) {
        paren = b; // the outermost
      }
      if (best == null || b.kind().compareTo(best.kind()) < 0
          || (b.kind() == best.kind() && (b.kind() != Kind.COMMA || b.depth() <= best.depth()))) {
        best = b;
      }
    }
    if (best != null && best.kind() == Kind.COMMA && paren != null
        && paren.depth() < best.depth() - 1) {
      return paren;
    }
    return best;
  }

  /** Every place a code line may break, in order; none in a comment or character literal. */
  private static List<Break> breaks(String line) {
    List<Break> breaks = new ArrayList<>();
    int depth = 0;
    int n = line.length();
    for (int i = indentOf(line); i < n; i++) {
      char c = line.charAt(i);
      char next = i + 1 < n ? line.charAt(i + 1) : 0;
      if (c == '"') {
        int close = closingQuote(line, i);
        if (close < 0) {
          break;
        }
        if (isOperand(line, i, close)) {
          for (int p : literalBoundaries(line, i, close)) {
            Kind kind = line.charAt(p - 1) == ' ' ? Kind.LITERAL
                : inWord(line, p) ? Kind.INSIDE : Kind.ANYWHERE;
            breaks.add(new Break(kind, p, p, depth));
          }
        }
        i = close;
      } else if (c == '\'') {
        i = next == 0 ? -1 : line.indexOf('\'', next == '\\' ? i + 3 : i + 2);
        if (i < 0) {
          break;
        }
      } else if (c == '/' && next == '*') {
        i = line.indexOf("*/", i + 2);
        if (i < 0) {
          break;
        }
        i++;
      } else if (c == '/' && next == '/') {
        break;
      } else if (c == '(') {
        if (next != ')') {
          breaks.add(new Break(Kind.PAREN, i + 1, i + 1, depth));
        }
        depth++;
      } else if (c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && next == ' ') {
        breaks.add(new Break(Kind.COMMA, i + 1, i + 2, depth));
      } else if (c == ' ' && (line.startsWith(" extends ", i)
          || line.startsWith(" implements ", i))) {
        breaks.add(new Break(Kind.CLAUSE, i, i + 1, depth));
      } else if (c == ' ' && line.startsWith(" = ", i)) {
        breaks.add(new Break(Kind.ASSIGN, i + 2, i + 3, depth));
      } else if (c == '.' && i > 0 && line.charAt(i - 1) == ')') {
        breaks.add(new Break(Kind.DOT, i, i, depth));
      }
    }
    return breaks;
  }

  /**
   * Whether the string literal from {@code start} to {@code end} (its quotes) stands alone as an
   * operand, so that {@code "a " + "b"} is the same value: after {@code (}, {@code ,},
   * {@code =}, {@code +} or {@code return}, and before {@code )}, {@code ,}, {@code ;},
   * {@code +} or the line's end; not before a {@code .}, which would call a method on its half.
   */
  private static boolean isOperand(String line, int start, int end) {
    if (end >= line.length()) {
      return false; // not closed on this line
    }
    String before = line.substring(0, start).stripTrailing();
    String after = line.substring(end + 1).stripLeading();
    boolean opens = before.isEmpty() || before.endsWith("(") || before.endsWith(",")
        || before.endsWith("=")
        || before.endsWith("+") || before.endsWith(" return") || before.equals("return");
    boolean closes = after.isEmpty() || after.startsWith(")") || after.startsWith(",")
        || after.startsWith(";") || after.startsWith("+");
    return opens && closes && !before.endsWith("==") && !before.endsWith("!=");
  }
}
