package dev.feedline.processor.writing;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The names taken in one scope of a generated class: a new name is the suggestion made a Java
 * identifier, with {@code _} appended until it is neither a keyword nor taken (JavaPoet's
 * {@code NameAllocator} rule). The fixed names a scope starts with are shared, not copied: each
 * class allocates only its own names.
 */
final class NameScope {
  private final Set<String> fixed;
  private final Set<String> taken = new HashSet<>();

  private NameScope(Set<String> fixed) {
    this.fixed = fixed;
  }

  /** A scope that starts with {@code fixed} taken. */
  static NameScope startingWith(Set<String> fixed) {
    return new NameScope(fixed);
  }

  /** A scope that starts with nothing taken. */
  static NameScope empty() {
    return new NameScope(Set.of());
  }

  /** The fixed names of a scope, in a set that every scope starting with them shares. */
  static Set<String> fixed(List<String> names) {
    NameScope scope = empty();
    names.forEach(scope::newName);
    return Set.copyOf(scope.taken);
  }

  /** A new name like {@code suggestion}, taken from now on. */
  String newName(String suggestion) {
    String name = javaIdentifier(suggestion);
    while (SourceVersion.isKeyword(name) || fixed.contains(name) || !taken.add(name)) {
      name = name + "_";
    }
    return name;
  }

  /**
   * {@code suggestion} as an identifier, as JavaPoet makes one: {@code _} first where it cannot
   * start one, characters an identifier ignores dropped, any other it cannot hold replaced by
   * {@code _}.
   */
  private static String javaIdentifier(String suggestion) {
    int i = 0;
    while (i < suggestion.length()) { // most suggestions are identifiers already
      int c = suggestion.codePointAt(i);
      if (i == 0 ? !Character.isJavaIdentifierStart(c) : !Character.isJavaIdentifierPart(c)
          || Character.isIdentifierIgnorable(c)) {
        break;
      }
      i += Character.charCount(c);
    }
    if (i == suggestion.length()) {
      return suggestion;
    }
    StringBuilder result = new StringBuilder(suggestion.length() + 1).append(suggestion, 0, i);
    for (; i < suggestion.length(); i += Character.charCount(suggestion.codePointAt(i))) {
      int c = suggestion.codePointAt(i);
      if (i == 0 && !Character.isJavaIdentifierStart(c)) {
        result.append('_');
      }
      if (Character.isIdentifierIgnorable(c)) {
        continue;
      }
      if (Character.isJavaIdentifierPart(c)) {
        result.appendCodePoint(c);
      } else if (i > 0) {
        result.append('_');
      }
    }
    return result.toString();
  }
}
