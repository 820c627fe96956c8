package dev.feedline.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Features;

/**
 * {@code ./feedline convert}: a CSV file the test writes becomes shards of a record's Examples,
 * which the record's generated pipeline reads back value for value; bad rows are named and
 * skipped; a record of the user's own, compiled apart, is found with {@code --classpath}.
 */
class ConvertCommandTest {
  private static final String REVIEW = "dev.feedline.tools.Reviews.Review";

  @TempDir Path dir;

  private record Run(int status, String out, String err) {}

  private static Run convert(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ConvertCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  /** Columns in another order than the record's; quoted text; empty cells; five bad rows. */
  private Path reviews() throws IOException {
    return Files.writeString(dir.resolve("reviews.csv"), String.join("\n",
        "text,id,xy,tokens,rating",
        "great,0,1 2,4 8 15,5",                          // row 0
        "\"a, \"\"quoted\"\"\nline\",1,0.5 -0.5,,",      // row 1: no tokens, default rating
        "bad id,x,1 2,1,1",                              // row 2: bad
        "three xy,3,1 2 3,1,1",                          // row 3: bad
        "short,4,1 2",                                   // row 4: bad
        ",5,0 0,16 23 42,2.5",                           // row 5: empty text
        "no id,,0 0,1,1",                                // row 6: bad
        "\"closed\"x,7,0 0,1,1",                         // row 7: bad
        "last,8,9 9,7,") + "\r\n");                      // row 8
  }

  private static List<String> expected() {
    return List.of(
        ReviewsRead.describe(0, new long[] {4, 8, 15}, 5, "great", 1, 2),
        ReviewsRead.describe(1, new long[0], 3, "a, \"quoted\"\nline", 0.5f, -0.5f),
        ReviewsRead.describe(5, new long[] {16, 23, 42}, 2.5f, "", 0, 0),
        ReviewsRead.describe(8, new long[] {7}, 3, "last", 9, 9));
  }

  @Test
  void everyGoodRowIsOneRecordInItsShardAndTheBadOnesAreNamed() throws IOException {
    Path out = dir.resolve("out");
    Run run = convert("--csv", reviews().toString(), "--element", REVIEW, "--output",
        out.toString(), "--shards", "2");

    assertEquals(0, run.status(), run.err());
    assertEquals(List.of("review-00000-of-00002.tfrecord", "review-00001-of-00002.tfrecord",
        "review.feedline-shards"), listing(out), "no partial file, no scratch folder");
    assertTrue(run.out().startsWith("Converting 9 rows of " + dir.resolve("reviews.csv")
        + " into 2 shards of Review records in " + out), run.out());
    assertTrue(run.out().contains("4 records in 2 shards"), run.out());
    String lines = String.join("\n",
        "5 bad rows skipped:",
        "  line 5: column 'id': 'x' is not a whole number",
        "  line 6: column 'xy': Component 'xy' of Review has shape [2], which holds 2 values; it"
            + " was given 3 values, shape [3]",
        "  line 7: it has 3 fields, the header 5",
        "  line 9: column 'id': the cell is empty, and id has no default",
        "  line 10: text after a closing quote in field 1");
    assertTrue(run.out().contains(lines), run.out());
    assertTrue(run.err().contains("100% 9/9 rows"), "a progress bar: " + run.err());

    // Row i in shard i % 2: rows 0 and 8 in shard 0, then rows 1 and 5 in shard 1.
    List<String> expected = expected();
    assertEquals(List.of(expected.get(0), expected.get(3), expected.get(1), expected.get(2)),
        ReviewsRead.read(graph -> FeedlineReviews_Read.builder()
            .files(out.resolve("review-*.tfrecord").toString()).build(graph)));
  }

  @Test
  void aNumberBeyondFloat32IsRefusedLikeInfNamingLineColumnAndValue() throws IOException {
    Path csv = Files.writeString(dir.resolve("large.csv"), String.join("\n",
        "text,id,xy,tokens,rating", "fine,0,1 2,4,5", "large,1,1 2,4,1.0e40", "inf,2,1 2,4,inf",
        "infinity,3,1 2,4,Infinity", "nan,4,1 2,4,NaN", "small,5,1 2,4,-1.0e40") + "\n");
    Run run = convert("--csv", csv.toString(), "--element", REVIEW, "--output",
        dir.resolve("out").toString(), "--shards", "1");
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().startsWith("Converting 6 rows of " + csv), run.out());
    assertTrue(run.out().contains(String.join("\n", "5 bad rows skipped:", // it was: 1 (inf)
        "  line 3: column 'rating': '1.0e40' is not a finite float32: it is out of the range of"
            + " float32",
        "  line 4: column 'rating': 'inf' is not a number",
        "  line 5: column 'rating': 'Infinity' is not a finite float32: it is out of the range of"
            + " float32",
        "  line 6: column 'rating': 'NaN' is not a finite float32",
        "  line 7: column 'rating': '-1.0e40' is not a finite float32: it is out of the range of"
            + " float32")), run.out());
  }

  @Test
  void compressedShardsAreReadByACompressedSource() throws IOException {
    for (String compression : List.of("gzip", "ZLIB")) {
      Path out = dir.resolve(compression);
      Run run = convert("--csv", reviews().toString(), "--element", REVIEW, "--output",
          out.toString(), "--shards", "1", "--compression", compression, "--prefix", "part");
      assertEquals(0, run.status(), run.err());
      assertEquals(List.of("part-00000-of-00001.tfrecord", "part.feedline-shards"),
          listing(out));
      String files = out.resolve("part-*.tfrecord").toString();
      assertEquals(expected(), ReviewsRead.read(compression.equals("gzip")
          ? graph -> FeedlineReviews_ReadGzip.builder().files(files).build(graph)
          : graph -> FeedlineReviews_ReadZlib.builder().files(files).build(graph)), compression);
    }
  }

  @Test
  void aHeaderThatDoesNotNameTheComponentsIsRefusedBeforeAnythingIsWritten() throws IOException {
    Path out = dir.resolve("out");
    Map<String, String> cases = Map.of(
        "id,tokns,text,xy", "error: " + dir.resolve("bad.csv") + " has a column 'tokns', but"
            + " Review has no component of that key that is written; its keys: id,"
            + " tokens, rating, text, xy",
        "id,text,xy", "error: " + dir.resolve("bad.csv") + " has no column for tokens of Review,"
            + " which has no default; its header names id, text, xy",
        "id,tokens,text,xy,length", "error: " + dir.resolve("bad.csv") + " has a column"
            + " 'length', but Review has no component of that key that is written; its"
            + " keys: id, tokens, rating, text, xy",
        "id,tokens,text,xy,id", "error: " + dir.resolve("bad.csv") + " has two columns 'id'");
    for (var c : cases.entrySet()) {
      Path csv = Files.writeString(dir.resolve("bad.csv"), c.getKey() + "\n1,2,a,1 2\n");
      Run run = convert("--csv", csv.toString(), "--element", REVIEW, "--output",
          out.toString(), "--shards", "1");
      assertEquals(1, run.status(), c.getKey());
      assertEquals(c.getValue() + "\n", run.err(), c.getKey());
    }
    Run tooMany = convert("--csv", reviews().toString(), "--element", REVIEW, "--output",
        out.toString(), "--shards", "10");
    assertEquals("error: 9 rows cannot fill 10 shards: a shard holds at least one record; give"
        + " --shards 9 or fewer\n", tooMany.err());
    assertFalse(Files.exists(out), "nothing written");
  }

  @Test
  void aFileThatIsNotUtf8IsRefusedNamingWhere() throws IOException {
    Path csv = dir.resolve("latin1.csv");
    Files.write(csv, "id,tokens,text,xy\n1,2,caf\u00e9,1 2\n".getBytes(StandardCharsets.ISO_8859_1));
    Run run = convert("--csv", csv.toString(), "--element", REVIEW, "--output",
        dir.resolve("out").toString(), "--shards", "1");
    assertEquals(1, run.status());
    assertEquals("error: " + csv + " is not UTF-8 text after line 1\n", run.err());
  }

  @Test
  void anElementWithoutAWriterIsAUsageError() {
    Run missing = convert("--csv", "x.csv", "--element", "com.acme.Nope", "--output", "out",
        "--shards", "1");
    assertEquals(2, missing.status());
    assertEquals("error: --element names no class com.acme.Nope on the class path; give its"
        + " qualified name, and --classpath with the folder or jar of your compiled classes\n"
        + ConvertCommand.USAGE + "\n", missing.err());

    Run plain = convert("--csv", "x.csv", "--element", "java.lang.String", "--output", "out",
        "--shards", "1");
    assertEquals(2, plain.status());
    assertTrue(plain.err().startsWith("error: java.lang.String has no generated writer"
        + " java.lang.FeedlineStringWriter: annotate the record with @Element and @Writable, or"
        + " parse it with a @Decode stage, and compile it with Feedline's annotation processor\n"),
        plain.err());

    Run compression = convert("--csv", "x.csv", "--element", REVIEW, "--output", "out",
        "--shards", "1", "--compression", "zip");
    assertEquals(2, compression.status());
    assertTrue(compression.err().startsWith("error: --compression needs NONE, GZIP or ZLIB, not"
        + " zip\n"), compression.err());
  }

  /**
   * A record of the user's own, compiled apart with Feedline's processor as their build would,
   * is found with {@code --classpath}; its records hold the keys the record declares.
   */
  @Test
  void aRecordOfTheUsersOwnIsFoundOnTheGivenClassPath() throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src/com/acme"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path sale = Files.writeString(sources.resolve("Sale.java"), String.join("\n",
        "package com.acme;",
        "import dev.feedline.*;",
        "import org.tensorflow.Operand;",
        "import org.tensorflow.types.*;",
        "@Element @Writable",
        "public record Sale(@Feature(\"sale/item\") @Shape({}) Operand<TString> item,",
        "    @Shape({-1}) Operand<TFloat32> prices) {}"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int compiled = javac.run(null, null, null, "-d", classes.toString(), "-classpath",
        System.getProperty("java.class.path"), "-processor",
        "dev.feedline.processor.PipelineProcessor", sale.toString());
    assertEquals(0, compiled, "the record compiles with the processor");
    // The header names the columns by their keys, as @DecodeCsv would: sale/item, not item.
    Path csv = Files.writeString(dir.resolve("sales.csv"), "sale/item,prices\ntea,1.5 2\ncake,\n");
    Path out = dir.resolve("out");

    Run run = convert("--csv", csv.toString(), "--element", "com.acme.Sale", "--classpath",
        classes + File.pathSeparator + dir.resolve("src"), "--output", out.toString(),
        "--shards", "1");

    assertEquals(0, run.status(), run.err());
    List<String> read = new ArrayList<>();
    for (byte[] record : ImageFolderFixture.records(out.resolve("sale-00000-of-00001.tfrecord"))) {
      Features features = Example.parseFrom(record).getFeatures();
      read.add(features.getFeatureOrThrow("sale/item").getBytesList().getValueList().stream()
          .map(ByteString::toStringUtf8).toList() + " "
          + features.getFeatureOrThrow("prices").getFloatList().getValueList());
    }
    assertEquals(List.of("[tea] [1.5, 2.0]", "[cake] []"), read);

    Run nowhere = convert("--csv", csv.toString(), "--element", "com.acme.Sale", "--classpath",
        dir.resolve("gone").toString(), "--output", out.toString(), "--shards", "1");
    assertEquals(2, nowhere.status());
    assertTrue(nowhere.err().startsWith("error: --classpath names " + dir.resolve("gone")
        + ", which does not exist\n"), nowhere.err());
  }
}
