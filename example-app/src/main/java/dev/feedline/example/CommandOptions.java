package dev.feedline.example;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code --name value} options of a launcher command, each with its default. */
final class CommandOptions {
  private final Map<String, String> values;

  private CommandOptions(Map<String, String> values) {
    this.values = values;
  }

  /**
   * @param defaults every option the command knows, without its dashes, with its default
   * @throws IllegalArgumentException naming an unknown option or one without a value
   */
  static CommandOptions parse(String[] args, Map<String, String> defaults) {
    Map<String, String> values = new LinkedHashMap<>(defaults);
    for (int i = 0; i < args.length; i += 2) {
      String name = args[i].startsWith("--") ? args[i].substring(2) : "";
      if (!defaults.containsKey(name)) {
        throw new IllegalArgumentException("unknown option " + args[i]);
      }
      if (i + 1 == args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      values.put(name, args[i + 1]);
    }
    return new CommandOptions(values);
  }

  Path path(String name) {
    return Path.of(values.get(name));
  }

  int positive(String name) {
    return number(name, 1);
  }

  /** A count that may be zero, such as a buffer that 0 turns off. */
  int count(String name) {
    return number(name, 0);
  }

  private int number(String name, int min) {
    String value = values.get(name);
    try {
      int n = Integer.parseInt(value);
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--" + name + " needs " + (min > 0 ? "a positive" : "a")
        + " whole number" + (min > 0 ? "" : " of 0 or more") + ", not " + value);
  }
}
