package dev.feedline.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The java command of a measured child JVM: this JVM's java, with the JavaCPP memory check set as
 * this JVM has it, so that a child measures what {@code ./feedline} runs
 * (docs/performance.md#javacpps-memory-check).
 */
public final class ChildJava {
  static final String MAX_PHYSICAL_BYTES = "org.bytedeco.javacpp.maxPhysicalBytes";

  private ChildJava() {}

  /** {@code java}, and the JavaCPP setting where this JVM was given one. */
  public static List<String> command() {
    List<String> command = new ArrayList<>(
        List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    String maxPhysicalBytes = System.getProperty(MAX_PHYSICAL_BYTES);
    if (maxPhysicalBytes != null) {
      command.add("-D" + MAX_PHYSICAL_BYTES + "=" + maxPhysicalBytes);
    }
    return command;
  }
}
