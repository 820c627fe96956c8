package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.feedline.processor.base.Message;
import dev.feedline.tests.support.SeenMessages;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Every wording of the processor's catalogue is asserted by some diagnostics test: a message
 * added without its test fails here. It runs last in this module's JVM (junit-platform.properties
 * orders classes), over what the tests before it saw.
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

  @Test
  void everyMessageIsReportedByAtLeastOneTest() {
    Set<String> seen = SeenMessages.all();
    assumeTrue(seen.size() > 100, "checks only after the diagnostics tests, in the same run");
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
