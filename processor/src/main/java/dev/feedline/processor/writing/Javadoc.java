package dev.feedline.processor.writing;

/**
 * Text from declarations made safe for a generated Javadoc comment: a {@code *}{@code /} in a
 * string value would end the comment. Backslashes are safe once strings are written as Java
 * literals ({@link AnnotationText}), which double them, so no {@code \}{@code u} escape forms.
 */
final class Javadoc {
  private Javadoc() {}

  static String safe(String text) {
    return text.replace("*/", "*&#47;");
  }
}
