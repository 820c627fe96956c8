package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.feedline.runtime.BuiltPipeline;
import dev.feedline.runtime.EpochIterator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * {@code convert} reads a CSV file by the names {@code @DecodeCsv} reads it by: the header names
 * each column by its component's {@code @Feature} key. The same file, read by a {@code @DecodeCsv}
 * pipeline and converted into shards read by a {@code @Decode} pipeline, gives the same values;
 * a TSV file too, with {@code --delimiter tab} and {@code @DecodeCsv(delimiter = "\t")}.
 */
class ConvertByFeatureKeysTest {
  private static final String WINE = "dev.feedline.tools.Wines.Wine";

  @TempDir Path dir;

  private record Run(int status, String out, String err) {}

  private static Run convert(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ConvertCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Each wine of one epoch, as "class malic_acid region alcohol". */
  private static List<String> wines(Function<Graph, BuiltPipeline<Wines.Wine, ?>> build) {
    List<String> wines = new ArrayList<>();
    try (Graph graph = new Graph();
        Session session = new Session(graph);
        BuiltPipeline<Wines.Wine, ?> pipeline = build.apply(graph)) {
      Wines.Wine wine = pipeline.output();
      try (EpochIterator<Result> epoch = pipeline.steps(session, run -> run.fetch(wine.label())
          .fetch(wine.malicAcid()).fetch(wine.origin()).fetch(wine.alcohol()))) {
        for (Result row : epoch) {
          wines.add(String.format(Locale.ROOT, "%d %.2f %s %.2f", ((TInt64) row.get(0)).getLong(),
              ((TFloat32) row.get(1)).getFloat(),
              new String(((TString) row.get(2)).asBytes().getObject(), StandardCharsets.UTF_8),
              ((TFloat32) row.get(3)).getFloat()));
        }
      }
    }
    return wines;
  }

  /** Rows in another column order than the record's; a region with the delimiter, quoted. */
  private static final List<String> EXPECTED = List.of(
      "1 1.71 Barolo, Piedmont 14.23",
      "2 0.94 Rioja 12.37",
      "3 5.80 Douro \"Alto\" 13.71");

  @Test
  void aCsvFileReadByDecodeCsvAndConvertedByItsFeatureKeysGivesTheSameValues() throws Exception {
    Path csv = Files.writeString(dir.resolve("wines.csv"), String.join("\n",
        "class,malic_acid,region,alcohol",
        "1,1.71,\"Barolo, Piedmont\",14.23",
        "2,0.94,Rioja,12.37",
        "3,5.8,\"Douro \"\"Alto\"\"\",13.71") + "\n");
    assertEquals(EXPECTED, wines(graph -> FeedlineWines_Csv.builder().files(csv.toString())
        .build(graph)), "@DecodeCsv reads the columns by their keys");

    Path out = dir.resolve("csv-shards");
    Run run = convert("--csv", csv.toString(), "--element", WINE, "--output", out.toString(),
        "--shards", "1");
    assertEquals(0, run.status(), run.err());
    assertEquals(EXPECTED, wines(graph -> FeedlineWines_Shards.builder()
        .files(out.resolve("wine-*.tfrecord").toString()).build(graph)),
        "convert reads them by the same keys");
  }

  @Test
  void aTsvFileConvertsWithDelimiterTabAsDecodeCsvWithATabReadsIt() throws Exception {
    // In TSV a comma is text; a tab inside a value needs quotes.
    Path tsv = Files.writeString(dir.resolve("wines.tsv"), String.join("\n",
        "class\tmalic_acid\tregion\talcohol",
        "1\t1.71\tBarolo, Piedmont\t14.23",
        "2\t0.94\t\"Rio\tja\"\t12.37",
        "3\t5.8\t\"Douro \"\"Alto\"\"\"\t13.71") + "\n");
    List<String> expected = List.of(EXPECTED.get(0), "2 0.94 Rio\tja 12.37", EXPECTED.get(2));
    assertEquals(expected, wines(graph -> FeedlineWines_Tsv.builder().files(tsv.toString())
        .build(graph)));

    for (String tab : List.of("tab", "\\t", "\t")) {
      Path out = dir.resolve("tsv-shards-" + (int) tab.charAt(0));
      Run run = convert("--csv", tsv.toString(), "--element", WINE, "--output", out.toString(),
          "--shards", "2", "--delimiter", tab);
      assertEquals(0, run.status(), run.err());
      assertEquals("3 records in 2 shards", run.out().lines().filter(l -> l.matches("\\d+ records in .*"))
          .findFirst().orElseThrow().replaceAll(", in .*", ""), run.out());
      // Row i in shard i % 2: rows 0 and 2, then row 1.
      assertEquals(List.of(expected.get(0), expected.get(2), expected.get(1)),
          wines(graph -> FeedlineWines_Shards.builder()
              .files(out.resolve("wine-*.tfrecord").toString()).build(graph)), tab);
    }

    Run asCsv = convert("--csv", tsv.toString(), "--element", WINE, "--output",
        dir.resolve("none").toString(), "--shards", "1");
    assertEquals(1, asCsv.status());
    assertEquals("error: " + tsv + " has a column 'class\tmalic_acid\tregion\talcohol', but Wine"
        + " has no component of that key that is written; its keys: alcohol, malic_acid, region,"
        + " class\n", asCsv.err(), "read with commas, the header is one column");
  }

  @Test
  void aHeaderThatNamesAComponentInsteadOfItsKeyIsRefusedNamingTheKey() throws Exception {
    Path csv = Files.writeString(dir.resolve("names.csv"),
        "alcohol,malicAcid,region,class\n14.23,1.71,Barolo,1\n");
    Path out = dir.resolve("out");
    Run run = convert("--csv", csv.toString(), "--element", WINE, "--output", out.toString(),
        "--shards", "1");
    assertEquals(1, run.status());
    assertEquals("error: " + csv + " has a column 'malicAcid', but Wine reads its component"
        + " malicAcid from the key 'malic_acid', as @DecodeCsv reads its column: name the column"
        + " 'malic_acid'\n", run.err());

    Path missing = Files.writeString(dir.resolve("missing.csv"), "alcohol,class\n14.23,1\n");
    Run short_ = convert("--csv", missing.toString(), "--element", WINE, "--output",
        out.toString(), "--shards", "1");
    assertEquals("error: " + missing + " has no column for 'malic_acid' (malicAcid), 'region'"
        + " (origin) of Wine, which have no default; its header names alcohol, class\n",
        short_.err());
    assertFalse(Files.exists(out), "nothing written");
  }

  @Test
  void aDelimiterOfMoreThanOneCharacterOrAQuoteIsAUsageError() {
    for (String bad : List.of(";;", "\"", "")) {
      Run run = convert("--csv", "x.csv", "--element", WINE, "--output", "out", "--shards", "1",
          "--delimiter", bad);
      assertEquals(2, run.status(), bad);
      assertEquals("error: --delimiter needs one character other than a double quote or a line"
          + " end, or tab, not '" + bad + "'\n" + ConvertCommand.USAGE + "\n", run.err(), bad);
    }
  }
}
