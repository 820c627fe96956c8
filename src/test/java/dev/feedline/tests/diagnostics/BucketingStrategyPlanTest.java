package dev.feedline.tests.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A bucketing's strategy is in its stage plan, which the checkpoint fingerprint hashes: a
 * checkpoint of one strategy's datasets (GroupByWindow's buckets, or sorted windows cut as this
 * build cuts them) is refused by a build that batches the same annotation otherwise.
 */
class BucketingStrategyPlanTest {
  private static final String TOKENS = "  @InMemorySource(records = 1000) Tokens tokens();";
  private static final String SHUFFLE = "  @Shuffle(buffer = 100) Tokens shuffle(Tokens t);";

  private static String generated(String buckets) throws IOException {
    Compilation compilation = Sources.compile(Sources.pipeline("Words", List.of(TOKENS, SHUFFLE,
        "  @BucketByLength(component = \"ids\", boundaries = {4, 8}, " + buckets
            + ") Tokens batch(Tokens t);")));
    assertEquals(Compilation.Status.SUCCESS, compilation.status(),
        compilation.diagnostics().toString());
    return compilation.generatedSourceFile("test.FeedlineWords").orElseThrow()
        .getCharContent(true).toString();
  }

  /** The stage plan's line of stage 3, as the class's Javadoc prints it, unwrapped. */
  private static String planLine(String source) {
    String unwrapped = source.replaceAll("\n \\* +", " ");
    Matcher m = Pattern.compile(" 3 batch +(@BucketByLength.*?) +-> ").matcher(unwrapped);
    return m.find() ? m.group(1) : "no plan line in " + source;
  }

  private static String definition(String source) {
    Matcher m = Pattern.compile("new PipelineInfo\\(\\s*\"test.Words\", \"(\\w+)\"").matcher(source);
    return m.find() ? m.group(1) : "no definition";
  }

  @Test
  void thePlanThatTheFingerprintHashesNamesTheStrategy() throws IOException {
    String sorted = generated("batchSizes = {16, 16, 16}");
    String grouped = generated("batchSizes = {16, 16, 8}");
    assertEquals("@BucketByLength(component = \"ids\", boundaries = {4, 8}, batchSizes = {16, 16,"
        + " 16}), sorted windows of 16 batches, sorted and cut at once", planLine(sorted));
    assertEquals("@BucketByLength(component = \"ids\", boundaries = {4, 8}, batchSizes = {16, 16,"
        + " 8}), grouped by bucket", planLine(grouped));
    assertNotEquals(definition(sorted), definition(grouped));
  }
}
