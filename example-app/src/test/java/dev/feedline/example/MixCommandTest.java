package dev.feedline.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./feedline mix}: it writes the two photo data sets, mixes them at the weights given and
 * prints shares within a binomial tolerance of those weights; bad weights are refused up front.
 */
class MixCommandTest {
  @TempDir static Path dir;

  private static final Pattern EPOCH =
      Pattern.compile("Epoch 1: (\\d+) photos in [0-9.]+ s, until one source ran out");
  private static final Pattern SHARES = Pattern.compile(
      "source city: ([0-9.]+)%, source flower: ([0-9.]+)% \\(declared (\\S+)% / (\\S+)%\\)");

  private record Run(int status, List<String> out, String err) {}

  private static Run mix(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] all = Stream.concat(Stream.of("--data", dir.resolve("data").toString(),
        "--photos", "300"), Stream.of(args)).toArray(String[]::new);
    int status = MixCommand.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8).lines().toList(),
        err.toString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @CsvSource({"0.7,0.3, 70, 30", "1,1, 50, 50", "1,2, 33.3, 66.7"})
  void theObservedSharesAreTheDeclaredWeightsWithinBinomialNoise(String city, String flower,
      String cityDeclared, String flowerDeclared) {
    Run run = mix("--weights", city + "," + flower);

    assertEquals(0, run.status(), run.err());
    Matcher epoch = EPOCH.matcher(run.out().get(run.out().size() - 2));
    Matcher shares = SHARES.matcher(run.out().get(run.out().size() - 1));
    assertTrue(epoch.matches() && shares.matches(), run.out().toString());
    assertEquals(cityDeclared, shares.group(3));
    assertEquals(flowerDeclared, shares.group(4));
    int photos = Integer.parseInt(epoch.group(1));
    double expected = Double.parseDouble(city) / (Double.parseDouble(city)
        + Double.parseDouble(flower));
    double observed = Double.parseDouble(shares.group(1)) / 100;
    assertTrue(Math.abs(observed - expected) < 4 * Math.sqrt(expected * (1 - expected) / photos),
        observed + " of " + photos + " photos, declared " + expected);
    assertEquals(100.0, observed * 100 + Double.parseDouble(shares.group(2)), 0.11);
    // The epoch ends when the first source runs out: at most 300 + 300 photos.
    assertTrue(photos > 300 && photos < 600, "photos: " + photos);
    assertTrue(Files.isDirectory(dir.resolve("data/city"))
        && Files.isDirectory(dir.resolve("data/flower")));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "0.7         | --weights 0.7: give 2 weights, city then flower, such as 0.7,0.3",
      "0.7,0.3,0.1 | --weights 0.7,0.3,0.1: give 2 weights, city then flower, such as 0.7,0.3",
      "0.7,x       | --weights 0.7,x: 'x' is not a number",
      "0.5,0       | --weights 0.5,0: the weight of flower is not a positive, finite number",
      "-1,1        | --weights -1,1: the weight of city is not a positive, finite number",
      "NaN,1       | --weights NaN,1: the weight of city is not a positive, finite number",
  })
  void badWeightsAreOneLineAndStatusTwoBeforeAnythingRuns(String weights, String message) {
    Path untouched = dir.resolve("untouched");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = MixCommand.run(new String[] {"--weights", weights, "--data", untouched.toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
            StandardCharsets.UTF_8));

    assertEquals(2, status);
    assertEquals("error: " + message, err.toString(StandardCharsets.UTF_8).lines().findFirst()
        .orElseThrow());
    assertTrue(Files.notExists(untouched), "nothing written");
  }
}
