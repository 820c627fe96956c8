package dev.feedline.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options a launcher command was given, read against its {@link CommandSpec}. Every problem is
 * an {@link IllegalArgumentException} naming the option and the value: an unknown option or flag,
 * one given twice, one without its value, a required one missing, a value of the wrong kind.
 */
public final class CommandOptions {
  private final Map<String, String> values;
  private final Set<String> flags;
  private final List<String> passedOn;
  private final List<String> operands;

  private CommandOptions(Map<String, String> values, Set<String> flags, List<String> passedOn,
      List<String> operands) {
    this.values = values;
    this.flags = flags;
    this.passedOn = passedOn;
    this.operands = operands;
  }

  /** @throws IllegalArgumentException naming the first argument that is wrong */
  public static CommandOptions parse(String[] args, CommandSpec spec) {
    Map<String, String> values = new LinkedHashMap<>(spec.options());
    Set<String> given = new HashSet<>();
    Set<String> flags = new HashSet<>();
    List<String> passedOn = new ArrayList<>();
    List<String> operands = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--") && spec.operands() != null) {
        operands.add(arg);
        continue;
      }
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new IllegalArgumentException("unexpected argument " + arg);
      }
      int equals = arg.indexOf('=');
      String name = arg.substring(2, equals < 0 ? arg.length() : equals);
      if (spec.flags().contains(name)) {
        if (equals >= 0) {
          throw new IllegalArgumentException("--" + name + " is a flag and takes no value");
        }
        once(given, name);
        flags.add(name);
      } else if (spec.options().containsKey(name)) {
        String value;
        if (equals >= 0) {
          value = arg.substring(equals + 1);
        } else if (i + 1 < args.length) {
          value = args[++i];
        } else {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        once(given, name);
        values.put(name, value);
      } else if (equals >= 0 && spec.passingOnTo() != null) {
        passedOn.add(arg);
      } else {
        throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    for (String name : spec.required()) {
      if (!given.contains(name)) {
        throw new IllegalArgumentException("--" + name + " is required");
      }
    }
    return new CommandOptions(values, flags, List.copyOf(passedOn), List.copyOf(operands));
  }

  private static void once(Set<String> given, String name) {
    if (!given.add(name)) {
      throw new IllegalArgumentException("--" + name + " is given twice");
    }
  }

  /** The arguments that are no option, in order, for a command that takes them. */
  public List<String> operands() {
    return operands;
  }

  /** The value as it was written; null for an option that was not given and has no default. */
  public String text(String name) {
    return values.get(name);
  }

  /** The value as a path; null for an option that was not given and has no default. */
  public Path path(String name) {
    String value = values.get(name);
    if (value == null) {
      return null;
    }
    if (value.isEmpty()) {
      throw new IllegalArgumentException("--" + name + " needs a path, not an empty value");
    }
    return Path.of(value);
  }

  /** A whole number of 1 or more, such as a count of epochs. */
  public int positive(String name) {
    return (int) number(name, 1, Integer.MAX_VALUE, "a positive whole number");
  }

  /** A count that may be zero, such as a buffer that 0 turns off. */
  public int count(String name) {
    return (int) number(name, 0, Integer.MAX_VALUE, "a whole number of 0 or more");
  }

  /** Any whole number, such as a seed. */
  public long wholeNumber(String name) {
    return number(name, Long.MIN_VALUE, Long.MAX_VALUE, "a whole number");
  }

  /** Whether the flag was given. */
  public boolean flag(String name) {
    return flags.contains(name);
  }

  /** The {@code --name=value} options for the library the spec passes them on to, in order. */
  public List<String> passedOn() {
    return List.copyOf(passedOn);
  }

  private long number(String name, long min, long max, String kind) {
    String value = values.get(name);
    try {
      long n = Long.parseLong(value);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("--" + name + " needs " + kind + ", not " + value);
  }
}
