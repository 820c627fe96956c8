package dev.feedline.tests.chaos;

import dev.feedline.launcher.CommandOptions;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.launcher.ScratchFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code ./feedline chaos [--trials N] [--kills N] [--seed S] [--trial I] [--kill I]}: the chaos
 * test's trials ({@link ChaosTrial}) for runs longer than a build's, or one trial replayed alone.
 * It prints each run's outcome tables, and each failed trial with the command that replays it;
 * a failed trial makes the exit status 1. Trials' files live in a scratch folder, removed at the
 * end.
 */
public final class ChaosCommand {
  static final String USAGE = "usage: ./feedline chaos [--trials N] [--kills N] [--sources N]"
      + " [--seed S] [--trial I] [--kill I] [--source I]";

  private ChaosCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Which trials to run. */
  private record Selection(long seed, List<Integer> trials, List<Integer> kills,
      List<Integer> sources) {
    static Selection read(CommandOptions options) {
      long seed = options.wholeNumber("seed");
      if (options.text("trial") != null || options.text("kill") != null
          || options.text("source") != null) {
        return new Selection(seed, one(options, "trial"), one(options, "kill"),
            one(options, "source"));
      }
      Selection selection = new Selection(seed, upTo(options.count("trials")),
          upTo(options.count("kills")), upTo(options.count("sources")));
      if (selection.trials().isEmpty() && selection.kills().isEmpty()
          && selection.sources().isEmpty()) {
        throw new IllegalArgumentException("--trials, --kills and --sources are all 0: nothing"
            + " to run");
      }
      return selection;
    }

    private static List<Integer> one(CommandOptions options, String name) {
      return options.text(name) == null ? List.of() : List.of(options.count(name));
    }

    private static List<Integer> upTo(int count) {
      return IntStream.range(0, count).boxed().toList();
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).option("trials", "250").option("kills", "12")
        .option("sources", "750").option("seed", "15").option("trial", null).option("kill", null)
        .option("source", null);
    int[] failed = {0};
    int status = LauncherCommand.run(args, spec, err, options -> {
      Selection selection = Selection.read(options);
      return () -> {
        try (ScratchFolder scratch = ScratchFolder.create("chaos")) {
          for (boolean kills : new boolean[] {false, true}) {
            List<Integer> indexes = kills ? selection.kills() : selection.trials();
            if (indexes.isEmpty()) {
              continue;
            }
            ChaosRun.Report report = ChaosRun.run(selection.seed(), indexes, kills,
                scratch.path(), index -> "./feedline chaos --seed " + selection.seed()
                    + (kills ? " --kill " : " --trial ") + index);
            out.println(report.summary());
            report.failures().forEach(err::println);
            failed[0] += report.failures().size();
          }
          if (!selection.sources().isEmpty()) {
            ChaosRun.Report report = ChaosRun.runSources(selection.seed(), selection.sources(),
                scratch.path(), index -> "./feedline chaos --seed " + selection.seed()
                    + " --source " + index);
            out.println(report.summary());
            report.failures().forEach(err::println);
            failed[0] += report.failures().size();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      };
    });
    if (status == 0 && failed[0] > 0) {
      err.println("error: " + failed[0] + " trials failed; each is above, with the command that"
          + " replays it");
      return LauncherCommand.FAILED;
    }
    return status;
  }
}
