package dev.feedline.tests.determinism;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor writes the same bytes, and so the same checkpoint fingerprints, on any machine:
 * run in JVMs whose default locale writes other digits or lower-cases I differently, and whose
 * line separator is CRLF, it generates exactly what it generates under en_US with LF.
 */
class LocaleIndependenceTest {
  private static final Path EXAMPLE = Path.of(System.getProperty("feedline.root", "../.."))
      .resolve("example-app/src/main/java/dev/feedline/example");

  @TempDir Path dir;

  /** Every file the processor wrote in a JVM started with {@code settings}, by relative path. */
  private Map<String, String> generate(String name, List<String> settings)
      throws IOException, InterruptedException {
    Path out = dir.resolve(name);
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(settings);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        GenerateExample.class.getName(), EXAMPLE.toString(), out.toString()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile()).start();
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new AssertionError(name + ": " + Files.readString(dir.resolve(name + ".log")));
    }
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> written = Files.walk(out)) {
      for (Path file : written.filter(Files::isRegularFile).toList()) {
        files.put(out.relativize(file).toString(), Files.readString(file));
      }
    }
    return files;
  }

  @Test
  void generatedSourcesAndReportsAreTheSameUnderEveryLocaleAndLineSeparator() throws Exception {
    Map<String, String> reference = generate("en_US", List.of("-Duser.language=en",
        "-Duser.country=US", "-Dline.separator=\n"));
    assertEquals(true, reference.keySet().stream().anyMatch(f -> f.endsWith("FeedlinePhotoPipeline.java")),
        reference.keySet().toString());
    Map<String, List<String>> variants = Map.of(
        "tr_TR", List.of("-Duser.language=tr", "-Duser.country=TR"),
        "th_TH_TH", List.of("-Duser.language=th", "-Duser.country=TH", "-Duser.variant=TH"),
        "ar_EG", List.of("-Duser.language=ar", "-Duser.country=EG"),
        "crlf", List.of("-Duser.language=en", "-Duser.country=US", "-Dline.separator=\r\n"));
    for (Map.Entry<String, List<String>> variant : new TreeMap<>(variants).entrySet()) {
      Map<String, String> files = generate(variant.getKey(), variant.getValue());
      assertEquals(reference.keySet(), files.keySet(), variant.getKey());
      for (String file : reference.keySet()) {
        assertEquals(reference.get(file), files.get(file), variant.getKey() + ": " + file);
      }
    }
  }
}
