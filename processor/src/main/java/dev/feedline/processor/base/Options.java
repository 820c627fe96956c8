package dev.feedline.processor.base;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The processor options ({@code -Afeedline.<optionName>=error|warning|note|off}, the rule id in
 * camel case), parsed once per build.
 * Option mistakes are collected as messages instead of failing the build.
 */
public final class Options {
  /** The prefix of every Feedline option. */
  public static final String PREFIX = "feedline.";

  /** {@code -Afeedline.ramBudget=16GiB}: the RAM budget of pipelines that declare none. */
  public static final String RAM_BUDGET = PREFIX + "ramBudget";
  /** {@code -Afeedline.report=DIR}: where to write one Markdown review report per pipeline. */
  public static final String REPORT = PREFIX + "report";

  private final Map<Rule, Severity> severities = new EnumMap<>(Rule.class);
  private final List<String> problems = new ArrayList<>();
  private Optional<Long> ramBudget = Optional.empty();
  private Optional<Path> reportDirectory = Optional.empty();

  public Options(Map<String, String> raw) {
    for (Map.Entry<String, String> option : new TreeMap<>(raw).entrySet()) {
      String key = option.getKey();
      String value = String.valueOf(option.getValue());
      if (key.equals(RAM_BUDGET)) {
        ramBudget = ByteSize.parse(value);
        if (ramBudget.isEmpty()) {
          problems.add("[feedline] -A" + RAM_BUDGET + "=" + value + " is not a positive size;"
              + " write a number and one of the units " + ByteSize.UNITS + ", such as 16GiB.");
        }
      } else if (key.equals(REPORT)) {
        reportDirectory = Optional.of(Path.of(value));
      } else if (key.startsWith(PREFIX)) {
        parse(key.substring(PREFIX.length()), value);
      }
    }
  }

  /** The build's RAM budget, for pipelines that declare none. */
  public Optional<Long> ramBudget() {
    return ramBudget;
  }

  /** Where review reports go, if they are wanted. */
  public Optional<Path> reportDirectory() {
    return reportDirectory;
  }

  private void parse(String id, String value) {
    Rule rule = ruleWithOptionName(id);
    if (rule == null) {
      problems.add(
          "[feedline] Unknown option -A" + PREFIX + id + "; options name a rule id in camel case,"
              + " such as -A" + PREFIX + Rule.MAP_NOT_PARALLEL.optionName()
                  + "=error (docs/rules.md).");
    } else if (!rule.configurable()) {
      problems.add(
          "[feedline] -A" + PREFIX + id + " is ignored: " + id + " finds declarations that cannot"
              + " be generated and is always an error.");
    } else {
      Severity.parse(value)
          .ifPresentOrElse(
              s -> severities.put(rule, s),
              () ->
                  problems.add(
                      "[feedline] -A" + PREFIX + id + "=" + value
                          + " is not a severity; use error, warning, note or off."));
    }
  }

  private static Rule ruleWithOptionName(String name) {
    for (Rule rule : Rule.values()) {
      if (rule.optionName().equals(name)) {
        return rule;
      }
    }
    return null;
  }

  /** The severity this build sets for every finding of {@code rule}, if it sets one. */
  public Optional<Severity> severity(Rule rule) {
    return Optional.ofNullable(severities.get(rule));
  }

  /** Messages about options that were not understood. */
  public List<String> problems() {
    return List.copyOf(problems);
  }

  /** Every option name the processor accepts, for {@code getSupportedOptions()}. */
  public static Set<String> supported() {
    Set<String> names = new TreeSet<>(List.of(RAM_BUDGET, REPORT));
    for (Rule rule : Rule.values()) {
      if (rule.configurable()) {
        names.add(PREFIX + rule.optionName());
      }
    }
    return names;
  }
}
