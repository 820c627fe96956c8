package dev.feedline.processor.base;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The processor options ({@code -Afeedline.<optionName>=error|warning|note|off}, the rule id in
 * camel case), parsed once per build.
 * Option mistakes are collected as messages instead of failing the build.
 */
public final class Options {
  /** The prefix of every Feedline option. */
  public static final String PREFIX = "feedline.";

  private final Map<Rule, Severity> severities = new EnumMap<>(Rule.class);
  private final List<String> problems = new ArrayList<>();

  public Options(Map<String, String> raw) {
    for (Map.Entry<String, String> option : raw.entrySet()) {
      if (option.getKey().startsWith(PREFIX)) {
        parse(option.getKey().substring(PREFIX.length()), String.valueOf(option.getValue()));
      }
    }
  }

  private void parse(String id, String value) {
    Rule rule = ruleWithOptionName(id);
    if (rule == null) {
      problems.add(
          "[feedline] Unknown option -A" + PREFIX + id + "; options name a rule id in camel case,"
              + " such as -A" + PREFIX + Rule.MAP_NOT_PARALLEL.optionName() + "=error (docs/rules.md).");
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

  /** The severity this build reports {@code rule} at. */
  public Severity severity(Rule rule) {
    return severities.getOrDefault(rule, rule.defaultSeverity());
  }

  /** Messages about options that were not understood. */
  public List<String> problems() {
    return List.copyOf(problems);
  }

  /** Every option name the processor accepts, for {@code getSupportedOptions()}. */
  public static Set<String> supported() {
    Set<String> names = new TreeSet<>();
    for (Rule rule : Rule.values()) {
      if (rule.configurable()) {
        names.add(PREFIX + rule.optionName());
      }
    }
    return names;
  }
}
