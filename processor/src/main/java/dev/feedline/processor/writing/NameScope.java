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

  /** {@code suggestion} with every character that an identifier cannot hold replaced by '_'. */
  private static String javaIdentifier(String suggestion) {
    StringBuilder result = null;
    for (int i = 0; i < suggestion.length(); ) {
      int c = suggestion.codePointAt(i);
      boolean part = Character.isJavaIdentifierPart(c);
      if (result == null && (!part || i == 0 && !Character.isJavaIdentifierStart(c))) {
        result = new StringBuilder(suggestion.length() + 1).append(suggestion, 0, i);
      }
      if (result != null) {
        if (i == 0 && part && !Character.isJavaIdentifierStart(c)) {
          result.append('_'); // a digit first: kept, after an underscore
        }
        result.appendCodePoint(part ? c : '_');
      }
      i += Character.charCount(c);
    }
    return result == null ? suggestion : result.toString();
  }
}
