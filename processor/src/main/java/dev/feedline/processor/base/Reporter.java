package dev.feedline.processor.base;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Prints findings through javac's {@link Messager}: at the build's severity for each rule, minus
 * suppressed warnings and notes, and each one once, however many rounds or paths report it.
 */
public final class Reporter {
  private final Messager messager;
  private final Options options;
  private final Set<Finding> printed = new HashSet<>();

  public Reporter(Messager messager, Options options) {
    this.messager = messager;
    this.options = options;
  }

  /** A finding as this build reports it. */
  public record Reported(Finding finding, Severity severity) {}

  /**
   * Prints the report's findings that this build reports: at their severity or the one an option
   * sets, minus those switched off or suppressed.
   *
   * @return what the build reports, including findings printed by an earlier call
   */
  public List<Reported> print(Report report) {
    List<Reported> reported = new ArrayList<>();
    for (Finding finding : report.findings()) {
      Severity severity = options.severity(finding.rule()).orElse(finding.message().severity());
      if (severity == Severity.OFF || isSuppressed(finding, severity, report)) {
        continue;
      }
      reported.add(new Reported(finding, severity));
      if (printed.add(finding)) {
        print(severity.kind().orElseThrow(), finding);
      }
    }
    return reported;
  }

  /** Whether any of the reported findings is an error, which stops generation. */
  public static boolean hasErrors(List<Reported> reported) {
    return reported.stream().anyMatch(r -> r.severity() == Severity.ERROR);
  }

  /** Prints a message that belongs to no declaration, such as a bad processor option. */
  public void printGlobal(Diagnostic.Kind kind, String message) {
    messager.printMessage(kind, message);
  }

  /**
   * Prints a failure inside the processor as an error at the declaration it was processing, with
   * its stack trace: reported, never thrown into javac.
   */
  public void printInternalError(Element element, Exception e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    Report report = new Report();
    report.at(element).report(Message.INTERNAL_ERROR, element.getSimpleName(), trace);
    print(report);
  }

  private void print(Diagnostic.Kind kind, Finding finding) {
    AnnotationMirror annotation = finding.annotation();
    AnnotationValue value = finding.value();
    if (annotation != null && value != null) {
      messager.printMessage(kind, finding.text(), finding.element(), annotation, value);
    } else if (annotation != null) {
      messager.printMessage(kind, finding.text(), finding.element(), annotation);
    } else {
      messager.printMessage(kind, finding.text(), finding.element());
    }
  }

  /**
   * Suppressed on the element, a type around it, or the pipeline the finding arises in, which
   * for a stage inherited from a group lies elsewhere.
   */
  private static boolean isSuppressed(Finding finding, Severity severity, Report report) {
    if (!finding.rule().configurable() || severity == Severity.ERROR) {
      return false;
    }
    String key = "feedline:" + finding.rule().id();
    return suppressedAround(finding.element(), key)
        || report.pipeline().filter(p -> suppressedAround(p, key)).isPresent();
  }

  private static boolean suppressedAround(Element element, String key) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings suppress = e.getAnnotation(SuppressWarnings.class);
      if (suppress != null && List.of(suppress.value()).contains(key)) {
        return true;
      }
    }
    return false;
  }
}
