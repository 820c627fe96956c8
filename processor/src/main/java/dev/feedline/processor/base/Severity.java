package dev.feedline.processor.base;

import java.util.Locale;
import java.util.Optional;
import javax.tools.Diagnostic;

/** How a rule's findings are reported; {@link #OFF} drops them. */
public enum Severity {
  ERROR(Diagnostic.Kind.ERROR),
  WARNING(Diagnostic.Kind.WARNING),
  NOTE(Diagnostic.Kind.NOTE),
  OFF(null);

  private final Diagnostic.Kind kind;

  Severity(Diagnostic.Kind kind) {
    this.kind = kind;
  }

  /** The javac diagnostic kind; absent for {@link #OFF}. */
  public Optional<Diagnostic.Kind> kind() {
    return Optional.ofNullable(kind);
  }

  /** Parses an option value such as {@code warning}; empty when it is not a severity. */
  public static Optional<Severity> parse(String value) {
    for (Severity severity : values()) {
      if (severity.name().equals(value.trim().toUpperCase(Locale.ROOT))) {
        return Optional.of(severity);
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
