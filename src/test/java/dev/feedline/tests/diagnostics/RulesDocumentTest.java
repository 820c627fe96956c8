package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.base.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/rules.md documents exactly the rules the processor has, and the README counts them. */
class RulesDocumentTest {
  private static final Path ROOT = Path.of(System.getProperty("feedline.root", "../.."));
  private static final Path DOC = ROOT.resolve("docs/rules.md");

  @Test
  void everyRuleIdHasItsSectionAndEverySectionARule() throws IOException {
    Matcher headings = Pattern.compile("(?m)^### `([a-z-]+)`").matcher(Files.readString(DOC));
    Set<String> documented = new TreeSet<>();
    while (headings.find()) {
      documented.add(headings.group(1));
    }
    Set<String> implemented =
        Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(implemented, documented);
  }

  @Test
  void theReadmeCountsTheRulesOfEachCategory() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md")).replaceAll("\\s+", " ");
    long declarations =
        Arrays.stream(Rule.values()).filter(r -> r.category() == Rule.Category.DECLARATION).count();
    long checks = Rule.values().length - declarations;
    String expected = "The processor checks " + Rule.values().length + " rules: " + declarations
        + " on whether the declarations fit together";
    assertTrue(readme.contains(expected), "README.md should say: " + expected);
    assertTrue(readme.contains("and " + checks + " checks: "), "README.md should count " + checks
        + " checks");
  }
}
