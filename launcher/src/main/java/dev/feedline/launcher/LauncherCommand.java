package dev.feedline.launcher;

import dev.feedline.runtime.FeedlineException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * How every launcher command runs: its options first, where a bad one is a usage error (one line
 * and the usage, status 2) and nothing has started yet; then its work, where a pipeline error, a
 * file error or a bad value found on the way (such as an image folder without images) ends it
 * with one line on standard error and status 1. Anything else is a bug and keeps its stack trace.
 */
public final class LauncherCommand {
  /** A command's work, once its options are read. */
  @FunctionalInterface
  public interface Work {
    void run() throws IOException;
  }

  /** Reads a command's options into the work to do. */
  @FunctionalInterface
  public interface Parser {
    /** @throws IllegalArgumentException naming the option that is wrong */
    Work parse(CommandOptions options);
  }

  /** Status of a run that went wrong: a pipeline, file or data error. */
  public static final int FAILED = 1;
  /** Status of a run refused for its arguments. */
  public static final int USAGE = 2;

  private LauncherCommand() {}

  /** Runs the command; returns the process exit status. */
  public static int run(String[] args, CommandSpec spec, PrintStream err, Parser parser) {
    Work work;
    try {
      work = parser.parse(CommandOptions.parse(args, spec));
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(spec.usage());
      return USAGE;
    }
    try {
      work.run();
      return 0;
    } catch (FeedlineException | IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return FAILED;
    } catch (IOException e) {
      err.println("error: " + FileErrors.describe(e));
      return FAILED;
    } catch (UncheckedIOException e) {
      err.println("error: " + e.getMessage() + ": " + FileErrors.describe(e.getCause()));
      return FAILED;
    }
  }
}
