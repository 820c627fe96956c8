package dev.feedline.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One parser for every command: each wrong argument is named, with its value. */
class CommandOptionsTest {
  private static final CommandSpec SPEC = CommandSpec.of("usage: test")
      .required("input").option("epochs", "3").option("seed", "42").option("buffer", "2")
      .flag("replace");

  private static String refused(CommandSpec spec, String... args) {
    return assertThrows(IllegalArgumentException.class,
        () -> CommandOptions.parse(args, spec)).getMessage();
  }

  private static String refused(String... args) {
    return refused(SPEC, args);
  }

  private static String valueRefused(String reader, String... args) {
    CommandOptions options = CommandOptions.parse(args, SPEC);
    return assertThrows(IllegalArgumentException.class, () -> {
      switch (reader) {
        case "positive" -> options.positive("epochs");
        case "count" -> options.count("buffer");
        case "whole" -> options.wholeNumber("seed");
        default -> options.path("input");
      }
    }).getMessage();
  }

  @Test
  void valuesDefaultsAndFlagsAreRead() {
    CommandOptions options = CommandOptions.parse(
        new String[] {"--input", "in", "--seed=-7", "--replace", "--buffer", "0"}, SPEC);
    assertEquals(Path.of("in"), options.path("input"));
    assertEquals(3, options.positive("epochs"));
    assertEquals(-7, options.wholeNumber("seed"));
    assertEquals(0, options.count("buffer"));
    assertTrue(options.flag("replace"));
    assertFalse(CommandOptions.parse(new String[] {"--input", "in"}, SPEC).flag("replace"));
  }

  @Test
  void everyWrongArgumentIsNamed() {
    assertEquals("unknown option --bogus", refused("--input", "in", "--bogus", "1"));
    assertEquals("unknown option --runner=Nope", refused("--input", "in", "--runner=Nope"));
    assertEquals("unexpected argument extra", refused("--input", "in", "extra"));
    assertEquals("unexpected argument yes", refused("--input", "in", "--replace", "yes"));
    assertEquals("--replace is a flag and takes no value", refused("--input", "in", "--replace=1"));
    assertEquals("--epochs needs a value", refused("--input", "in", "--epochs"));
    assertEquals("--epochs is given twice", refused("--input", "a", "--epochs", "1", "--epochs", "2"));
    assertEquals("--input is required", refused("--epochs", "2"));
    assertEquals("unexpected argument --", refused("--"));
  }

  @Test
  void everyWrongValueIsNamedWithItsValue() {
    assertEquals("--epochs needs a positive whole number, not -1",
        valueRefused("positive", "--input", "in", "--epochs", "-1"));
    assertEquals("--epochs needs a positive whole number, not 0",
        valueRefused("positive", "--input", "in", "--epochs", "0"));
    assertEquals("--epochs needs a positive whole number, not x",
        valueRefused("positive", "--input", "in", "--epochs", "x"));
    assertEquals("--epochs needs a positive whole number, not 3000000000",
        valueRefused("positive", "--input", "in", "--epochs", "3000000000"));
    assertEquals("--buffer needs a whole number of 0 or more, not -1",
        valueRefused("count", "--input", "in", "--buffer", "-1"));
    assertEquals("--seed needs a whole number, not x", valueRefused("whole", "--input", "in", "--seed", "x"));
    assertEquals("--input needs a path, not an empty value", valueRefused("path", "--input", ""));
  }

  @Test
  void optionsForALibraryPassOnWhenTheCommandSaysSo() {
    CommandSpec beam = CommandSpec.of("usage: beam").required("input").passingOnTo("Beam");
    CommandOptions options = CommandOptions.parse(
        new String[] {"--runner=DirectRunner", "--input=in", "--targetParallelism=2"}, beam);
    assertEquals(Path.of("in"), options.path("input"), "its own options may use = too");
    assertEquals(List.of("--runner=DirectRunner", "--targetParallelism=2"), options.passedOn());
    assertEquals("unknown option --runner", refused(beam, "--input", "in", "--runner", "x"),
        "an option for the library is written --name=value");
  }

  @Test
  void operandsAreTheArgumentsThatAreNoOption() {
    CommandSpec predict = CommandSpec.of("usage: predict").required("model").flag("skew")
        .operands("FILE");
    CommandOptions options = CommandOptions.parse(
        new String[] {"a.jpg", "--model", "m", "b.jpg", "--skew", "c.jpg"}, predict);
    assertEquals(List.of("a.jpg", "b.jpg", "c.jpg"), options.operands());
    assertEquals(Path.of("m"), options.path("model"), "an option's value is no operand");
    assertTrue(options.flag("skew"));
    assertEquals("unexpected argument a.jpg", refused("--input", "in", "a.jpg"),
        "a command without operands refuses them");
    assertEquals("unknown option --size", refused(predict, "--model", "m", "--size", "2"));
  }
}
