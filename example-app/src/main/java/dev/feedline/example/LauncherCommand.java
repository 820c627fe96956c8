package dev.feedline.example;

import dev.feedline.runtime.FeedlineException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/**
 * How a launcher command runs: its options first, where a bad one is a usage error (status 2);
 * then its work, where a pipeline or file error ends it with status 1, said on standard error.
 */
final class LauncherCommand {
  /** A command's work, once its options are read. */
  @FunctionalInterface
  interface Work {
    void run() throws IOException;
  }

  /** Reads a command's options into the work to do. */
  @FunctionalInterface
  interface Parser {
    /** @throws IllegalArgumentException naming the option that is wrong */
    Work parse(CommandOptions options);
  }

  private LauncherCommand() {}

  /** Runs the command; returns the process exit status. */
  static int run(String[] args, Map<String, String> defaults, String usage, PrintStream err,
      Parser parser) {
    Work work;
    try {
      work = parser.parse(CommandOptions.parse(args, defaults));
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(usage);
      return 2;
    }
    try {
      work.run();
      return 0;
    } catch (FeedlineException | IOException e) {
      err.println("error: " + e.getMessage());
      return 1;
    }
  }
}
