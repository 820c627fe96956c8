package dev.feedline.processor.writing.spec;

import javax.lang.model.SourceVersion;

/** Checks on the names the specs declare, so that a writer's bug fails where it is made. */
final class Names {
  private Names() {}

  static String checkIdentifier(String name) {
    if (!SourceVersion.isName(name)) {
      throw new IllegalArgumentException("not a valid name: " + name);
    }
    return name;
  }
}
