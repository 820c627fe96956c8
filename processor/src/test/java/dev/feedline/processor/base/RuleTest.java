package dev.feedline.processor.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import org.junit.jupiter.api.Test;

class RuleTest {
  @Test
  void idsAreUniqueKebabCase() {
    Set<String> ids = Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.toSet());
    assertEquals(Rule.values().length, ids.size());
    ids.forEach(id -> assertTrue(id.matches("[a-z]+(-[a-z]+)*"), id));
  }

  @Test
  void optionNamesAreIdentifiersJavacAccepts() {
    assertEquals("cacheBeforeExpensiveMap", Rule.CACHE_BEFORE_EXPENSIVE_MAP.optionName());
    for (Rule rule : Rule.values()) {
      assertTrue(SourceVersion.isIdentifier(rule.optionName()), rule.optionName());
    }
  }

  @Test
  void messagesStartWithTheirRuleIdAndEndWithASentence() {
    assertEquals("[feedline:missing-source] Pipeline P has no source stage; add @TFRecordSource or"
        + " @InMemorySource as its first stage.", Message.MISSING_SOURCE.format("P"));
    for (Message message : Message.values()) {
      String text = message.format(new Object[20]);
      assertTrue(text.startsWith("[feedline:" + message.rule().id() + "] "), text);
    }
  }

  @Test
  void everyRuleHasAMessageAndDeclarationsAreErrors() {
    for (Rule rule : Rule.values()) {
      List<Message> messages = Arrays.stream(Message.values()).filter(m -> m.rule() == rule).toList();
      assertTrue(!messages.isEmpty(), rule + " has no message");
      if (rule.category() == Rule.Category.DECLARATION) {
        messages.forEach(m -> assertEquals(Severity.ERROR, m.severity(), m.name()));
      }
    }
  }

  @Test
  void onlyChecksAreConfigurable() {
    assertTrue(Rule.MAP_NOT_PARALLEL.configurable());
    assertTrue(!Rule.CHAIN_TYPE_MISMATCH.configurable());
    Options options = new Options(Map.of("feedline.mapNotParallel", "ERROR",
        "feedline.chainTypeMismatch", "off", "other.option", "x"));
    assertEquals(Optional.of(Severity.ERROR), options.severity(Rule.MAP_NOT_PARALLEL));
    assertEquals(Optional.empty(), options.severity(Rule.CHAIN_TYPE_MISMATCH));
    assertEquals(Optional.empty(), options.severity(Rule.TERMINAL_PREFETCH_AUTOTUNE));
    assertEquals(1, options.problems().size(), options.problems().toString());
  }
}
