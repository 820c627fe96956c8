package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import dev.feedline.processor.base.Message;
import dev.feedline.tests.support.FinishedTestClasses;
import dev.feedline.tests.support.SeenMessages;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Every wording of the processor's catalogue is asserted by some diagnostics test: a message
 * added without its test fails here. It checks what the tests of this package saw in this JVM:
 * ordered last (junit-platform.properties orders classes), it finds them all run; run alone or
 * with a few, it first runs those that have not.
 */
@Order(Integer.MAX_VALUE)
class MessageCatalogueTest {
  private static final Pattern PLACEHOLDER = Pattern.compile("%(?:\\d+\\$)?[sd]");

  /** The texts a message can print: its wording, any value in each placeholder. */
  static Pattern pattern(Message message) {
    StringBuilder regex = new StringBuilder(Pattern.quote("[feedline:" + message.rule().id() + "] "));
    String wording = message.wording().replace("%%", "%");
    Matcher placeholder = PLACEHOLDER.matcher(wording);
    int at = 0;
    while (placeholder.find()) {
      regex.append(Pattern.quote(wording.substring(at, placeholder.start()))).append("(?s:.+?)");
      at = placeholder.end();
    }
    return Pattern.compile(regex.append(Pattern.quote(wording.substring(at))).toString());
  }

  /** Runs the tests of this package that have not run in this JVM; fails if one fails. */
  private static void runTheDiagnosticsTestsNotRunYet() {
    Set<String> finished = FinishedTestClasses.all();
    String[] skipped = Stream.concat(finished.stream(),
            Stream.of(MessageCatalogueTest.class.getName()))
        .map(Pattern::quote).toArray(String[]::new);
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(selectPackage(MessageCatalogueTest.class.getPackageName()))
        .filters(excludeClassNamePatterns(skipped))
        .build(), summary);
    List<String> failed = summary.getSummary().getFailures().stream()
        .map(TestExecutionSummary.Failure::getTestIdentifier)
        .map(test -> test.getDisplayName() + " " + test.getUniqueId()).toList();
    assertEquals(List.of(), failed, "diagnostics tests that failed, so their messages may be"
        + " missing below");
  }

  @Test
  void everyMessageIsReportedByAtLeastOneTest() {
    runTheDiagnosticsTestsNotRunYet();
    Set<String> seen = SeenMessages.all();
    List<Message> untested = new ArrayList<>();
    for (Message message : Message.values()) {
      Pattern pattern = pattern(message);
      if (message != Message.INTERNAL_ERROR
          && seen.stream().noneMatch(text -> pattern.matcher(text).matches())) {
        untested.add(message);
      }
    }
    assertEquals(List.of(), untested, "messages no diagnostics test reports");
  }
}
