package dev.feedline.launcher;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a launcher command accepts: its usage line, its options ({@code --name value}, each with a
 * default or required), its flags ({@code --name}), and whether options written
 * {@code --name=value} that are not its own pass on to a library it runs, such as Beam.
 */
public final class CommandSpec {
  private final String usage;
  private final Map<String, String> options = new LinkedHashMap<>();
  private final Set<String> required = new LinkedHashSet<>();
  private final Set<String> flags = new LinkedHashSet<>();
  private String passingOnTo;
  private String operands;

  private CommandSpec(String usage) {
    this.usage = usage;
  }

  /** A command with no options yet; {@code usage} is printed under every usage error. */
  public static CommandSpec of(String usage) {
    return new CommandSpec(usage);
  }

  /**
   * An option with a value, {@code --name value} or {@code --name=value}, and its default; a null
   * default leaves it unset when it is not given.
   */
  public CommandSpec option(String name, String defaultValue) {
    options.put(name, defaultValue);
    return this;
  }

  /** An option the command cannot run without. */
  public CommandSpec required(String name) {
    options.put(name, null);
    required.add(name);
    return this;
  }

  /** A flag: {@code --name}, without a value. */
  public CommandSpec flag(String name) {
    flags.add(name);
    return this;
  }

  /**
   * Arguments that are no option ({@code FILE...}), in order, after or between the options;
   * {@code name} says what they are in errors. Without this, such an argument is a usage error.
   */
  public CommandSpec operands(String name) {
    this.operands = name;
    return this;
  }

  /** What the operands are; null when the command takes none. */
  String operands() {
    return operands;
  }

  /** Options written {@code --name=value} that are not the command's own go to {@code library}. */
  public CommandSpec passingOnTo(String library) {
    this.passingOnTo = library;
    return this;
  }

  String usage() {
    return usage;
  }

  Map<String, String> options() {
    return options;
  }

  Set<String> required() {
    return required;
  }

  Set<String> flags() {
    return flags;
  }

  /** The library that unknown {@code --name=value} options go to; null when none. */
  String passingOnTo() {
    return passingOnTo;
  }
}
