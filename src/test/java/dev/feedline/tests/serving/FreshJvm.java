package dev.feedline.tests.serving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link ServedModelMain} in a JVM of its own whose class path holds TensorFlow's jars (and
 * those they need: ndarray, JavaCPP, protobuf) and that one class, nothing of Feedline: what a
 * service that loads an exported model has.
 */
final class FreshJvm {
  private FreshJvm() {}

  /**
   * Serves {@code input} of {@code files} with the SavedModel in {@code model}, writing
   * {@code outputs} to {@code model}/served.bin; fails the test unless the JVM ends well.
   */
  static void serve(Path work, Path model, String input, String outputs, List<Path> files)
      throws IOException, InterruptedException {
    Path main = work.resolve("main-class");
    String resource = ServedModelMain.class.getName().replace('.', '/') + ".class";
    Path classFile = main.resolve(resource);
    if (!Files.exists(classFile)) {
      Files.createDirectories(classFile.getParent());
      try (InputStream in = ServedModelMain.class.getClassLoader().getResourceAsStream(resource)) {
        Files.copy(in, classFile);
      }
    }
    List<String> classPath = new ArrayList<>(List.of(main.toString()));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String name = Path.of(entry).getFileName().toString();
      if (name.endsWith(".jar") && (name.startsWith("tensorflow-") || name.startsWith("ndarray-")
          || name.startsWith("javacpp-") || name.startsWith("protobuf-java-"))) {
        classPath.add(entry);
      }
    }
    assertTrue(classPath.stream().noneMatch(e -> e.contains("feedline")), classPath.toString());
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", String.join(File.pathSeparator, classPath),
        ServedModelMain.class.getName(), model.toString(), input, outputs));
    files.forEach(f -> command.add(f.toString()));
    Path log = model.resolve("fresh-jvm.log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the fresh JVM ended");
    assertEquals(0, process.exitValue(), Files.readString(log));
  }
}
