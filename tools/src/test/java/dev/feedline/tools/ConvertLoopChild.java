package dev.feedline.tools;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The conversion a kill trial kills, in a JVM of its own: {@code <output> <shards> <csv>...}. It
 * converts the CSV files in turn into {@code output} with {@code --replace}, round and round,
 * until it is killed, printing "converted N" after each.
 */
public final class ConvertLoopChild {
  private ConvertLoopChild() {}

  public static void main(String[] args) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    for (int n = 0; ; n++) {
      String csv = args[2 + n % (args.length - 2)];
      int status = ConvertCommand.run(new String[] {"--csv", csv, "--element",
          ConvertKillTest.REVIEW, "--output", args[0], "--shards", args[1], "--replace"}, quiet,
          quiet);
      if (status != 0) {
        System.exit(status);
      }
      System.out.println("converted " + n);
      System.out.flush();
    }
  }
}
