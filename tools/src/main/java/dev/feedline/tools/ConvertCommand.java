package dev.feedline.tools;

import dev.feedline.Compression;
import dev.feedline.launcher.CommandOptions;
import dev.feedline.launcher.CommandSpec;
import dev.feedline.launcher.LauncherCommand;
import dev.feedline.runtime.internal.examples.ExampleSchema;
import dev.feedline.runtime.ShardedTFRecordWriter;
import dev.feedline.runtime.TFRecordWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./feedline convert --csv FILE --element CLASS --output DIR --shards N [--classpath PATH]
 * [--prefix NAME] [--delimiter C] [--compression NONE|GZIP|ZLIB] [--replace]}: a CSV file whose
 * header names the columns of an element record becomes N TFRecord shards of its Examples, written
 * by the record's generated writer, so a pipeline that {@code @Decode}s the record reads them. The
 * header names each column as {@code @DecodeCsv} does: by the component's {@code @Feature} key,
 * its name where it has none ({@link CsvExamples}); {@code --delimiter} takes another character
 * than the comma between fields ({@code tab}, or {@code \t}, for TSV).
 *
 * <p>Row {@code i} (counting data rows from 0) goes to shard {@code i % N}: the same file writes
 * the same shards. A row whose values do not fit the record (a missing value, a word for a
 * number, a value list that does not fill the component's shape) is skipped and named with its
 * line and the reason, and the others go on. The shards appear in the output folder only when all
 * are complete and none is empty; a folder that holds TFRecord files already is refused unless
 * {@code --replace} is given ({@link ShardFolder}).
 */
public final class ConvertCommand {
  static final String USAGE = "usage: ./feedline convert --csv FILE --element CLASS --output DIR"
      + " --shards N [--classpath PATH] [--prefix NAME] [--delimiter C] [--compression"
      + " NONE|GZIP|ZLIB] [--replace]";

  /** What to convert. */
  record Options(Path csv, ExampleSchema schema, Path output, int shards, String prefix,
      char delimiter, Compression compression, boolean replace) {
    static Options read(CommandOptions options) {
      ExampleSchema schema =
          ElementWriters.schema(options.text("element"), options.text("classpath"));
      String prefix = options.text("prefix") == null
          ? schema.record().toLowerCase(Locale.ROOT) : options.text("prefix");
      return new Options(options.path("csv"), schema, options.path("output"),
          options.positive("shards"), prefix, delimiter(options.text("delimiter")),
          compression(options.text("compression")), options.flag("replace"));
    }

    /** One character; {@code tab} or {@code \t} for a tab. */
    static char delimiter(String text) {
      if (text.equals("tab") || text.equals("\\t")) {
        return '\t';
      }
      if (text.length() != 1 || text.equals("\"") || text.equals("\n") || text.equals("\r")) {
        throw new IllegalArgumentException("--delimiter needs one character other than a double"
            + " quote or a line end, or tab, not '" + text + "'");
      }
      return text.charAt(0);
    }

    private static Compression compression(String name) {
      try {
        return Compression.valueOf(name.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--compression needs NONE, GZIP or ZLIB, not " + name);
      }
    }
  }

  /** What a conversion wrote and skipped. */
  record Summary(long rows, List<Long> shardRecords, List<String> skipped, double seconds) {
    long records() {
      return shardRecords.stream().mapToLong(Long::longValue).sum();
    }

    void print(PrintStream out) {
      out.printf(Locale.ROOT, "%,d records in %d shards, in %.1f s (%,.0f rows/s)%n", records(),
          shardRecords.size(), seconds, rows / seconds);
      out.printf(Locale.ROOT, "%d bad row%s skipped%s%n", skipped.size(),
          skipped.size() == 1 ? "" : "s", skipped.isEmpty() ? "" : ":");
      skipped.forEach(line -> out.println("  " + line));
    }
  }

  private ConvertCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandSpec spec = CommandSpec.of(USAGE).required("csv").required("element")
        .required("output").required("shards").option("classpath", null).option("prefix", null)
        .option("delimiter", ",").option("compression", "NONE").flag("replace");
    return LauncherCommand.run(args, spec, err, parsed -> {
      Options options = Options.read(parsed);
      return () -> {
        if (!Files.isRegularFile(options.csv())) {
          throw new IllegalArgumentException("no file " + options.csv());
        }
        long rows;
        CsvExamples examples;
        try (CsvFile file = CsvFile.open(options.csv(), options.delimiter())) {
          CsvFile.Row header = file.next();
          if (header == null) {
            throw new IllegalArgumentException(options.csv() + " is empty: it needs a header"
                + " that names the columns of " + options.schema().record() + " by their"
                + " @Feature keys");
          }
          examples = new CsvExamples(options.schema(), options.csv(), header.fields());
          for (rows = 0; file.next() != null; rows++) {
            // counted for the progress bar, and to refuse shards the rows cannot fill
          }
        }
        ShardFolder.checkFill(rows, options.shards(), "row");
        out.printf(Locale.ROOT, "Converting %,d rows of %s into %d shards of %s records in %s%n",
            rows, options.csv(), options.shards(), options.schema().record(), options.output());
        try (ShardFolder folder = ShardFolder.open(options.output(), options.replace(), "row")) {
          Summary summary = convert(options, examples, rows, folder, err);
          folder.commit(options.prefix(), shardNames(options.prefix(), options.shards()));
          summary.print(out);
        }
      };
    });
  }

  private static List<String> shardNames(String prefix, int shards) {
    List<String> names = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      names.add(TFRecordWriter.shardName(prefix, s, shards));
    }
    return names;
  }

  /** Writes the rows into the folder's staging folder; row {@code i} into shard {@code i % N}. */
  static Summary convert(Options options, CsvExamples examples, long rows, ShardFolder folder,
      PrintStream progress) throws IOException {
    long start = System.nanoTime();
    List<String> skipped = new ArrayList<>();
    List<Long> shardRecords = new ArrayList<>();
    Progress bar = new Progress(progress, rows, "rows");
    try (CsvFile file = CsvFile.open(options.csv(), options.delimiter());
        ShardedTFRecordWriter writer = ShardedTFRecordWriter.byKey(folder.staging(),
            options.prefix(), options.shards(), options.compression())) {
      file.next(); // the header
      long row = 0;
      for (CsvFile.Row next = file.next(); next != null; next = file.next(), row++) {
        try {
          if (next.problem() != null) {
            throw new IllegalArgumentException(next.problem());
          }
          writer.write(row, examples.example(next.fields()));
        } catch (IllegalArgumentException e) {
          skipped.add("line " + next.line() + ": " + e.getMessage());
        }
        bar.update(row + 1);
      }
      List<String> empty = writer.emptyShards();
      if (!empty.isEmpty()) {
        throw folder.emptyShards(empty, options.shards());
      }
      for (int s = 0; s < options.shards(); s++) {
        shardRecords.add(writer.records(s));
      }
      writer.commit();
    }
    return new Summary(rows, shardRecords, skipped, (System.nanoTime() - start) / 1e9);
  }
}
