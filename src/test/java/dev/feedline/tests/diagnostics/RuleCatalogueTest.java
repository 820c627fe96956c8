package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.feedline;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the catalogue (docs/rules.md), each wording of it: a bad pipeline reports exactly
 * that diagnostic on its line (at its value, when one is to blame), its good counterpart reports
 * nothing of that rule, and a warning or note disappears under {@code @SuppressWarnings}.
 */
class RuleCatalogueTest {
  static final Diagnostic.Kind ERROR = Diagnostic.Kind.ERROR;
  static final Diagnostic.Kind WARNING = Diagnostic.Kind.WARNING;
  static final Diagnostic.Kind NOTE = Diagnostic.Kind.NOTE;

  static final String SRC = "  @TFRecordSource(records = 1000) Operand<TString> files();";
  static final String READ = "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> file);";
  static final String PARSE = "  @Decode(parallel = AUTO) Encoded parse(Operand<TString> record);";
  static final String DECODE = "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in) { return null; }";
  static final String CACHE = "  @Cache Image cache(Image image);";
  static final String DECODE_TO_UINT8 =
      "  @Map(parallel = AUTO) static Small decode(Ops tf, Encoded in) { return null; }";
  static final String WIDEN =
      "  @Map(parallel = AUTO) static Image widen(Ops tf, Small in) { return null; }";
  static final String SHUFFLE = "  @Shuffle(buffer = 100) Image shuffle(Image image);";
  static final String SPLIT_BY_POSITION =
      "  @Split(side = SplitSide.TRAIN, evalPercent = 20) Image split(Image image);";
  static final String BATCH = "  @Batch(size = 4) Image batch(Image image);";
  static final String PREFETCH = "  @Prefetch(AUTO) Image prefetch(Image batch);";
  static final String BIGS = "  @InMemorySource(records = 1000) Big bigs();";
  static final String BIG_BATCH = "  @Batch(size = 4) Big batch(Big big);";
  static final String BIG_PREFETCH = "  @Prefetch(AUTO) Big prefetch(Big batch);";
  /** A map before a shuffle, which keeps it buffered: right after the source it would be global. */
  static final String BIG_MAP =
      "  @Map(parallel = AUTO) static Big same(Ops tf, Big big) { return null; }";
  static final String BUDGET = "@Pipeline(ramBudget = \"1GiB\")";

  /** A pipeline: its @Pipeline line, its stage lines, and the build's -A options. */
  record Declaration(String annotation, List<String> stages, List<String> options) {
    JavaFileObject source(String name) {
      return Sources.pipeline(annotation, name, stages);
    }

    Declaration withOptions(String... more) {
      return new Declaration(annotation, stages, List.of(more));
    }

    Declaration suppressing(String rule) {
      return new Declaration("@SuppressWarnings(\"feedline:" + rule + "\") " + annotation, stages, options);
    }
  }

  /**
   * @param line text of the line the diagnostic is on
   * @param token the value it is anchored at; null when it anchors on the annotation or method
   */
  record Case(String rule, Declaration bad, Diagnostic.Kind kind, String message, String line,
      String token, Declaration good) {
    @Override
    public String toString() {
      return rule + " (" + kind.toString().toLowerCase(Locale.ROOT) + ")";
    }
  }

  static Declaration pipeline(String... stages) {
    return new Declaration(BUDGET, List.of(stages), List.of());
  }

  static Declaration pipeline(String annotation, List<String> options, String... stages) {
    return new Declaration(annotation, List.of(stages), options);
  }

  static final Declaration GOOD = pipeline(Sources.GOOD_STAGES.toArray(String[]::new));

  static Stream<Case> cases() {
    List<Case> cases = new ArrayList<>();
    cases.add(new Case("terminal-prefetch-autotune",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Prefetch(4) Image prefetch(Image batch);"),
        NOTE, "[feedline:terminal-prefetch-autotune] @Prefetch 'prefetch' has a fixed buffer size,"
            + " 4; use @Prefetch(AUTO) so the autotuner sizes it, unless 4 was measured to be better.",
        "@Prefetch(4)", "4", GOOD));
    cases.add(new Case("terminal-prefetch-autotune",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH),
        WARNING, "[feedline:terminal-prefetch-autotune] Pipeline Bad ends with @Batch 'batch' instead"
            + " of @Prefetch, so input preparation cannot overlap the training step; append"
            + " `@Prefetch(AUTO) Image prefetch(Image batch);`.",
        "@Batch", null, GOOD));
    cases.add(new Case("strict-vocabulary-buckets",
        pipeline("  @Vocabulary(strict = true, oovBuckets = 2)"
            + " dev.feedline.runtime.VocabularyTable labels();",
            SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:strict-vocabulary-buckets] @Vocabulary 'labels' is strict but has"
            + " oovBuckets = 2: a strict vocabulary refuses a token not in its file, so no bucket"
            + " would ever be used; remove oovBuckets, or remove strict to give unknown tokens"
            + " bucket ids.",
        "@Vocabulary", "2",
        pipeline("  @Vocabulary(strict = true) dev.feedline.runtime.VocabularyTable labels();",
            SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    String labels = "  @Vocabulary(strict = true) dev.feedline.runtime.VocabularyTable labels();";
    String skippingSource =
        "  @TFRecordSource(records = 1000, badRecords = BadRecords.SKIP) Operand<TString> files();";
    String lookup = "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in,"
        + " dev.feedline.runtime.VocabularyTable labels) { return null; }";
    cases.add(new Case("strict-vocabulary-untraced",
        pipeline(labels, skippingSource, READ, PARSE,
            "  @Filter static Operand<TBool> keep(Ops tf, Encoded in) { return null; }", lookup,
            CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:strict-vocabulary-untraced] @TFRecordSource 'files' skips bad records,"
            + " but @Filter 'keep' stands between it and @Map 'decode', which looks up strict"
            + " vocabulary 'labels': build() cannot tell which record an element with an unknown"
            + " token came from to leave it out, so the epoch would fail at it; move 'keep' after"
            + " 'decode', or drop badRecords = SKIP.",
        "@TFRecordSource", ".SKIP",
        pipeline(labels, skippingSource, READ, PARSE, lookup,
            "  @Filter static Operand<TBool> keep(Ops tf, Image in) { return null; }",
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("prefetch-before-batch",
        pipeline(BUDGET, List.of("-Afeedline.terminalPrefetchAutotune=off"), SRC, READ, PARSE, DECODE,
            CACHE, SHUFFLE, "  @Prefetch(AUTO) Image early(Image image);", BATCH),
        WARNING, "[feedline:prefetch-before-batch] @Prefetch 'early' buffers elements before @Batch"
            + " 'batch', so it prefetches single examples, not batches; move @Prefetch(AUTO) after"
            + " 'batch'.",
        "Image early", null, GOOD));
    cases.add(new Case("map-not-parallel",
        pipeline(SRC, READ, PARSE, "  @Map static Image decode(Ops tf, Encoded in) { return null; }",
            CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:map-not-parallel] @Map 'decode' is sequential and runs one element at a"
            + " time on one core; set `parallel = AUTO`.",
        "@Map static", null, GOOD));
    cases.add(new Case("file-read-not-parallel",
        pipeline(SRC, "  @Interleave Operand<TString> read(Operand<TString> file);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:file-read-not-parallel] @Interleave 'read' reads its files one after"
            + " another; set `parallel = AUTO` to read several at once.",
        "@Interleave Operand", null, GOOD));
    cases.add(new Case("file-read-not-parallel",
        pipeline("  @TFRecordSource(files = 4, records = 1000) Operand<TString> files();",
            "  @Interleave(cycleLength = 8, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:file-read-not-parallel] @Interleave 'read' has cycleLength = 8 but each"
            + " worker reads at most 4 files, so reader slots stay idle while their buffers cost"
            + " memory; use cycleLength = AUTO or at most 4.",
        "cycleLength = 8", "8",
        pipeline("  @TFRecordSource(files = 4, records = 1000) Operand<TString> files();",
            "  @Interleave(cycleLength = 4, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    // Per worker: 40 files over 4 workers. The good counterpart's 2^63 - 1 files over 4,096
    // workers once printed "at most -4294967297 files": estimates saturate, messages included.
    cases.add(new Case("file-read-not-parallel",
        pipeline("  @TFRecordSource(files = 40, records = 1000) Operand<TString> files();",
            "  @Shard(workers = 4) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(cycleLength = 16, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:file-read-not-parallel] @Interleave 'read' has cycleLength = 16 but each"
            + " worker reads at most 10 files, so reader slots stay idle while their buffers cost"
            + " memory; use cycleLength = AUTO or at most 10.",
        "cycleLength = 16", "16",
        pipeline("  @TFRecordSource(files = Long.MAX_VALUE, records = Long.MAX_VALUE)"
                + " Operand<TString> files();",
            "  @Shard(workers = 4096) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(cycleLength = 16, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("interleave-parallelism-exceeds-cycle",
        pipeline(SRC, "  @Interleave(cycleLength = 2, parallel = 4) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:interleave-parallelism-exceeds-cycle] @Interleave 'read' has parallel = 4"
            + " but cycleLength = 2, which TensorFlow rejects when the iterator starts; use parallel"
            + " = AUTO or at most 2.",
        "parallel = 4", "4",
        pipeline(SRC, "  @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("deterministic-without-parallelism",
        pipeline(BUDGET, List.of("-Afeedline.mapNotParallel=off"), SRC, READ,
            "  @Decode(deterministic = false) Encoded parse(Operand<TString> record);",
            DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:deterministic-without-parallelism] @Decode 'parse' sets deterministic ="
            + " false, which has no effect on a sequential stage; add `parallel = AUTO` or remove"
            + " deterministic.",
        "deterministic = false", "false",
        pipeline(SRC, READ, "  @Decode(parallel = AUTO, deterministic = false) Encoded parse(Operand<TString> r);",
            DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("per-example-map-after-batch",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Map(parallel = AUTO) static Image brighten(Ops tf, Image in) { return in; }", PREFETCH),
        ERROR, "[feedline:per-example-map-after-batch] @Map 'brighten' works on single elements but"
            + " follows @Batch 'batch', so it receives whole batches; move it before 'batch', or"
            + " declare `vectorized = true` if every op in it accepts a batch.",
        "brighten", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Map(parallel = AUTO, vectorized = true) static Image brighten(Ops tf, Image in) { return in; }",
            PREFETCH)));
    cases.add(new Case("vectorizable-map-before-batch",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE,
            "  @Map(parallel = AUTO, vectorized = true) static Image scale(Ops tf, Image in) { return in; }",
            BATCH, PREFETCH),
        NOTE, "[feedline:vectorizable-map-before-batch] @Map 'scale' is vectorized and cheap, so"
            + " calling it once per element only adds scheduling overhead; move it after @Batch"
            + " 'batch' to run it once per batch.",
        "scale", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Map(parallel = AUTO, vectorized = true) static Image scale(Ops tf, Image in) { return in; }",
            PREFETCH)));
    cases.add(new Case("cache-before-expensive-map",
        pipeline(SRC, READ, PARSE, "  @Cache Encoded early(Encoded e);", DECODE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:cache-before-expensive-map] @Cache 'early' comes before the expensive @Map"
            + " 'decode', so 'decode' is recomputed every epoch; move @Cache after 'decode'.",
        "Encoded early", null, GOOD));
    cases.add(new Case("cache-before-expensive-map",
        pipeline("  @InMemorySource(records = 1000) Image images();", "  @Cache Image cache(Image image);",
            "  @Map(parallel = AUTO, cost = Cost.EXPENSIVE) static Big upscale(Ops tf, Image in) { return null; }",
            BIG_BATCH, BIG_PREFETCH),
        NOTE, "[feedline:cache-before-expensive-map] @Cache 'cache' comes before the expensive @Map"
            + " 'upscale', which is right here: cached after it, elements would need ≈2.93 GiB"
            + " against a RAM budget of 1.00 GiB; keep it, or cache 'upscale' to a file.",
        "@Cache Image cache", null,
        pipeline("  @InMemorySource(records = 1000) Image images();",
            "  @Map(parallel = AUTO, cost = Cost.EXPENSIVE) static Big upscale(Ops tf, Image in) { return null; }",
            BIG_BATCH, BIG_PREFETCH)));
    cases.add(new Case("cache-after-shuffle",
        pipeline(SRC, READ, PARSE, DECODE, SHUFFLE, CACHE, BATCH, PREFETCH),
        WARNING, "[feedline:cache-after-shuffle] @Cache 'cache' stores the order @Shuffle 'shuffle'"
            + " drew in the first epoch and replays it every epoch; move the shuffle after 'cache'.",
        "@Cache", null, GOOD));
    cases.add(new Case("cache-after-random-map",
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Map(parallel = AUTO, random = true) static Image jitter(Ops tf, Image in) { return in; }",
            CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:cache-after-random-map] @Cache 'cache' freezes the output of random @Map"
            + " 'jitter', so every epoch sees the same augmentation; move 'jitter' after 'cache',"
            + " or split it into a deterministic part before and a random part after.",
        "@Cache", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE,
            "  @Map(parallel = AUTO, random = true) static Image jitter(Ops tf, Image in) { return in; }",
            BATCH, PREFETCH)));
    cases.add(new Case("cache-partially-consumed",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, "  @Take(count = 10) Image some(Image image);",
            SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:cache-partially-consumed] @Cache 'cache' is followed by @Take 'some', so"
            + " the first epoch never reads the cache's input to its end and the partial cache is"
            + " discarded every epoch; move @Take before 'cache'.",
        "@Cache", null,
        pipeline(SRC, READ, PARSE, DECODE, "  @Take(count = 10) Image some(Image image);", CACHE,
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("cache-after-infinite-repeat",
        pipeline(SRC, READ, PARSE, DECODE, "  @Repeat Image again(Image image);", CACHE, SHUFFLE,
            BATCH, PREFETCH),
        ERROR, "[feedline:cache-after-infinite-repeat] @Cache 'cache' follows @Repeat 'again',"
            + " which repeats forever, so the cache never completes and grows until memory or disk"
            + " runs out; move 'cache' before the repeat.",
        "@Cache", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH,
            "  @Repeat Image again(Image batch);")));
    cases.add(new Case("cache-exceeds-ram",
        pipeline(BIGS, "  @Cache Big cache(Big big);", BIG_BATCH, BIG_PREFETCH),
        ERROR, "[feedline:cache-exceeds-ram] @Cache 'cache' needs ≈2.93 GiB (3.00 MiB per element ×"
            + " 1,000 elements), more than the RAM budget of 1.00 GiB, so it will swap or fail and"
            + " epoch 2 will be slower than epoch 1; cache to a file with @Cache(file = ...), cache"
            + " smaller elements earlier, or drop the cache.",
        "@Cache", null,
        pipeline(BIGS, "  @Cache(file = \"target/bigs\") Big cache(Big big);", BIG_BATCH, BIG_PREFETCH)));
    // 3 MiB × (2^63 - 1) elements saturates at 2^63 - 1 bytes, as docs/rules.md says.
    cases.add(new Case("cache-exceeds-ram",
        pipeline("  @InMemorySource(records = Long.MAX_VALUE) Big bigs();",
            "  @Cache Big cache(Big big);", BIG_BATCH, BIG_PREFETCH),
        ERROR, "[feedline:cache-exceeds-ram] @Cache 'cache' needs ≈8.00 EiB (3.00 MiB per element ×"
            + " 9,223,372,036,854,775,807 elements), more than the RAM budget of 1.00 GiB, so it"
            + " will swap or fail and epoch 2 will be slower than epoch 1; cache to a file with"
            + " @Cache(file = ...), cache smaller elements earlier, or drop the cache.",
        "@Cache", null,
        pipeline("  @InMemorySource(records = Long.MAX_VALUE) Big bigs();",
            "  @Cache(file = \"target/bigs\") Big cache(Big big);", BIG_BATCH, BIG_PREFETCH)));
    cases.add(new Case("cache-exceeds-ram",
        pipeline("  @InMemorySource(records = 200) Big bigs();", "  @Cache Big cache(Big big);",
            BIG_BATCH, BIG_PREFETCH),
        WARNING, "[feedline:cache-exceeds-ram] @Cache 'cache' needs ≈600 MiB (3.00 MiB per element ×"
            + " 200 elements), 59% of the RAM budget of 1.00 GiB, leaving little for the rest; cache"
            + " to a file with @Cache(file = ...), cache smaller elements earlier, or raise the"
            + " budget if the machine has the memory.",
        "@Cache", null,
        pipeline("  @InMemorySource(records = 100) Big bigs();", "  @Cache Big cache(Big big);",
            BIG_BATCH, BIG_PREFETCH)));
    cases.add(new Case("cache-exceeds-ram",
        pipeline("  @InMemorySource Big bigs();", "  @Cache Big cache(Big big);", BIG_BATCH, BIG_PREFETCH),
        NOTE, "[feedline:cache-exceeds-ram] @Cache 'cache' cannot be checked against memory because"
            + " its number of elements is unknown; declare `records = ...` on the source.",
        "@Cache", null,
        pipeline("  @InMemorySource(records = 100) Big bigs();", "  @Cache Big cache(Big big);",
            BIG_BATCH, BIG_PREFETCH)));
    cases.add(new Case("cache-exceeds-ram",
        pipeline("  @InMemorySource(records = 100) Tokens tokens();", "  @Cache Tokens cache(Tokens t);",
            "  @PaddedBatch(size = 4) Tokens batch(Tokens t);", "  @Prefetch(AUTO) Tokens prefetch(Tokens b);"),
        NOTE, "[feedline:cache-exceeds-ram] @Cache 'cache' cannot be checked against memory because"
            + " component 'ids' has the unknown dimensions of [?]; a stage with fixed shapes can be"
            + " sized.",
        "@Cache", null,
        pipeline("  @InMemorySource(records = 100) Tokens tokens();",
            "  @PaddedBatch(size = 4) Tokens batch(Tokens t);", "  @Prefetch(AUTO) Tokens prefetch(Tokens b);")));
    cases.add(new Case("cache-file-path",
        pipeline(SRC, READ, PARSE, "  @Cache(file = \"c\") Encoded first(Encoded e);",
            DECODE, "  @Cache(file = \"c\") Image second(Image image);", SHUFFLE, BATCH, PREFETCH)
            .withOptions("-Afeedline.cacheBeforeExpensiveMap=off"),
        WARNING, "[feedline:cache-file-path] @Cache 'second' keeps its files under \"c\" like"
            + " @Cache 'first': their keys differ, but pruning the folder to the newest caches, with"
            + " the builder's keepCaches(n) or `./feedline cache prune`, counts both together and"
            + " removes one's to keep the other's; give each a folder of its own.",
        "Image second", "\"c\"",
        pipeline(SRC, READ, PARSE, "  @Cache(file = \"c\") Encoded first(Encoded e);",
            DECODE, "  @Cache(file = \"d\") Image second(Image image);", SHUFFLE, BATCH, PREFETCH)
            .withOptions("-Afeedline.cacheBeforeExpensiveMap=off")));
    cases.add(new Case("cache-file-path",
        pipeline(SRC, READ, PARSE, DECODE, "  @Cache(file = \"s\") Image cache(Image image);",
            "  @Snapshot(path = \"s\") Image snapshot(Image image);", SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:cache-file-path] @Snapshot 'snapshot' keeps its files under \"s\" like"
            + " @Cache 'cache': their keys differ, but pruning the folder to the newest caches, with"
            + " the builder's keepCaches(n) or `./feedline cache prune`, counts both together and"
            + " removes one's to keep the other's; give each a folder of its own.",
        "Image snapshot", "\"s\"", GOOD));
    // The folder is quoted as a Java literal: its line terminators cannot break the message's line.
    cases.add(new Case("cache-file-path",
        pipeline(SRC, READ, PARSE, "  @Cache(file = \"c\\nd\") Encoded first(Encoded e);",
            DECODE, "  @Cache(file = \"c\\nd\") Image second(Image image);", SHUFFLE, BATCH, PREFETCH)
            .withOptions("-Afeedline.cacheBeforeExpensiveMap=off"),
        WARNING, "[feedline:cache-file-path] @Cache 'second' keeps its files under \"c\\nd\" like"
            + " @Cache 'first': their keys differ, but pruning the folder to the newest caches, with"
            + " the builder's keepCaches(n) or `./feedline cache prune`, counts both together and"
            + " removes one's to keep the other's; give each a folder of its own.",
        "Image second", "\"c\\nd\"", GOOD));
    cases.add(new Case("cache-widened-values",
        pipeline(SRC, READ, PARSE, DECODE_TO_UINT8, WIDEN, CACHE, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:cache-widened-values] @Cache 'cache' keeps component 'pixels' as float32,"
            + " which @Map 'widen' widened from uint8 'pixels' of the same shape: 768 B an element,"
            + " where uint8 would take 192 B (750 KiB against 188 KiB for 1,000 elements); cache the"
            + " uint8 values and convert them after 'cache' (after the batch, or on the device).",
        "@Cache Image", null,
        pipeline(SRC, READ, PARSE, DECODE_TO_UINT8, "  @Cache Small cache(Small small);", WIDEN,
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("cache-before-expensive-map",
        pipeline(SRC, READ, PARSE, "  @Snapshot(path = \"target/s\") Encoded early(Encoded e);",
            DECODE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:cache-before-expensive-map] @Snapshot 'early' comes before the expensive"
            + " @Map 'decode', so 'decode' is recomputed every epoch; move @Snapshot after 'decode'.",
        "Encoded early", null,
        pipeline(SRC, READ, PARSE, DECODE, "  @Snapshot(path = \"target/s\") Image snapshot(Image i);",
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("cache-after-shuffle",
        pipeline(SRC, READ, PARSE, DECODE, SHUFFLE,
            "  @Snapshot(path = \"target/s\") Image snapshot(Image image);", BATCH, PREFETCH),
        WARNING, "[feedline:cache-after-shuffle] @Snapshot 'snapshot' stores the order @Shuffle"
            + " 'shuffle' drew in the first epoch and replays it every epoch; move the shuffle after"
            + " 'snapshot'.",
        "@Snapshot", null,
        pipeline(SRC, READ, PARSE, DECODE, "  @Snapshot(path = \"target/s\") Image snapshot(Image i);",
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("cache-after-random-map",
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Map(parallel = AUTO, random = true) static Image jitter(Ops tf, Image in) { return in; }",
            "  @Snapshot(path = \"target/s\") Image snapshot(Image image);", SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:cache-after-random-map] @Snapshot 'snapshot' freezes the output of"
            + " random @Map 'jitter', so every epoch sees the same augmentation; move 'jitter' after"
            + " 'snapshot', or split it into a deterministic part before and a random part after.",
        "@Snapshot", null,
        pipeline(SRC, READ, PARSE, DECODE, "  @Snapshot(path = \"target/s\") Image snapshot(Image i);",
            SHUFFLE,
            "  @Map(parallel = AUTO, random = true) static Image jitter(Ops tf, Image in) { return in; }",
            BATCH, PREFETCH)));
    cases.add(new Case("shuffle-after-batch",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, BATCH, "  @Shuffle(buffer = 100) Image shuffle(Image batch);",
            PREFETCH),
        WARNING, "[feedline:shuffle-after-batch] @Shuffle 'shuffle' follows @Batch 'batch', so it"
            + " reorders whole batches and every epoch groups the same elements together; shuffle"
            + " elements before 'batch'.",
        "@Shuffle", null, GOOD));
    cases.add(new Case("shuffle-buffer-too-small",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, "  @Shuffle(buffer = 1) Image shuffle(Image image);",
            BATCH, PREFETCH),
        WARNING, "[feedline:shuffle-buffer-too-small] @Shuffle 'shuffle' has buffer = 1, so it does"
            + " not reorder anything; use a buffer of thousands of elements.",
        "buffer = 1", "1", GOOD));
    cases.add(new Case("shuffle-buffer-too-small",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, "  @Shuffle(buffer = 2) Image shuffle(Image image);",
            BATCH, PREFETCH),
        WARNING, "[feedline:shuffle-buffer-too-small] @Shuffle 'shuffle' has buffer = 2, fewer than"
            + " the 4 elements of @Batch 'batch', so each batch is drawn from barely more than its"
            + " own elements; use a buffer well above the batch size.",
        "buffer = 2", "2", GOOD));
    cases.add(new Case("shuffle-buffer-too-small",
        pipeline("  @TFRecordSource(files = 2, records = 1000) Operand<TString> files();",
            "  @Interleave(cycleLength = 1, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:shuffle-buffer-too-small] @Shuffle 'shuffle' has buffer = 100, fewer"
            + " than the ≈500 records of one file, and @Interleave 'read' reads one file at a time,"
            + " so each stretch of elements comes from one or two files; read more files at once"
            + " (cycleLength) or raise the buffer.",
        "buffer = 100", "100",
        pipeline("  @TFRecordSource(files = 2, records = 1000) Operand<TString> files();",
            "  @Interleave(cycleLength = 2, parallel = AUTO) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("shuffle-buffer-memory",
        pipeline(BIGS, BIG_MAP, "  @Shuffle(buffer = 500) Big shuffle(Big big);", BIG_BATCH,
            BIG_PREFETCH),
        ERROR, "[feedline:shuffle-buffer-memory] @Shuffle 'shuffle' holds ≈1.46 GiB (500 elements of"
            + " 3.00 MiB), more than the RAM budget of 1.00 GiB; shuffle smaller elements earlier"
            + " (before decoding), or use a smaller buffer.",
        "buffer = 500", "500",
        pipeline(BIGS, BIG_MAP, "  @Shuffle(buffer = 50) Big shuffle(Big big);", BIG_BATCH,
            BIG_PREFETCH)));
    cases.add(new Case("shuffle-buffer-memory",
        pipeline(BIGS, BIG_MAP, "  @Shuffle(buffer = 100) Big shuffle(Big big);", BIG_BATCH,
            BIG_PREFETCH),
        WARNING, "[feedline:shuffle-buffer-memory] @Shuffle 'shuffle' holds ≈300 MiB (100 elements"
            + " of 3.00 MiB), 29% of the RAM budget of 1.00 GiB, and must fill before the first"
            + " element comes out; shuffle smaller elements earlier (before decoding), or use a"
            + " smaller buffer.",
        "buffer = 100", "100",
        pipeline(BIGS, BIG_MAP, "  @Shuffle(buffer = 50) Big shuffle(Big big);", BIG_BATCH,
            BIG_PREFETCH)));
    cases.add(new Case("shuffle-buffer-memory",
        pipeline("@Pipeline", List.of(), SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:shuffle-buffer-memory] @Shuffle 'shuffle' cannot be checked against memory"
            + " because no RAM budget is set; set a budget, such as @Pipeline(ramBudget = \"8GiB\")"
            + " or -Afeedline.ramBudget=8GiB.",
        "buffer = 100", "100",
        pipeline("@Pipeline", List.of("-Afeedline.ramBudget=2GiB"), SRC, READ, PARSE, DECODE, CACHE,
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("shuffle-split-leak",
        pipeline(SRC, READ, PARSE, DECODE, SHUFFLE, "  @Take(count = 100) Image head(Image image);",
            BATCH, PREFETCH),
        ERROR, "[feedline:shuffle-split-leak] @Take 'head' splits the elements after @Shuffle"
            + " 'shuffle', which reshuffles every epoch, so the split changes each epoch and a"
            + " pipeline taking the other part shares elements with this one; set"
            + " `reshuffleEachEpoch = false` and a seed on 'shuffle', or split before the shuffle.",
        "@Take", null,
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, seed = 7, reshuffleEachEpoch = false) Image shuffle(Image image);",
            "  @Take(count = 100) Image head(Image image);", BATCH, PREFETCH)));
    // A seed alone still reshuffles: the split differs from epoch to epoch.
    cases.add(new Case("shuffle-split-leak",
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, seed = 7) Image shuffle(Image image);",
            "  @Skip(count = 100) Image rest(Image image);", BATCH, PREFETCH),
        ERROR, "[feedline:shuffle-split-leak] @Skip 'rest' splits the elements after @Shuffle"
            + " 'shuffle', which reshuffles every epoch, so the split changes each epoch and a"
            + " pipeline taking the other part shares elements with this one; set"
            + " `reshuffleEachEpoch = false` and a seed on 'shuffle', or split before the shuffle.",
        "@Skip", null,
        pipeline(SRC, READ, PARSE, DECODE, "  @Skip(count = 100) Image rest(Image image);",
            SHUFFLE, BATCH, PREFETCH)));
    // Not reshuffled, but unseeded: the eval pipeline, built apart, shuffles in another order.
    cases.add(new Case("shuffle-split-leak",
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, reshuffleEachEpoch = false) Image shuffle(Image image);",
            "  @Take(count = 100) Image head(Image image);", BATCH, PREFETCH),
        ERROR, "[feedline:shuffle-split-leak] @Take 'head' splits the elements after @Shuffle"
            + " 'shuffle', which has no seed, so every pipeline built shuffles in another order and"
            + " a pipeline taking the other part shares elements with this one; set a seed on"
            + " 'shuffle', or split before the shuffle.",
        "@Take", null,
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, seed = 7, reshuffleEachEpoch = false) Image shuffle(Image image);",
            "  @Take(count = 100) Image head(Image image);", BATCH, PREFETCH)));
    // A split without a key hashes positions: the order before it must be the same each time.
    cases.add(new Case("split-order-dependent",
        pipeline(SRC, READ, PARSE, DECODE, SHUFFLE, SPLIT_BY_POSITION, BATCH, PREFETCH),
        ERROR, "[feedline:split-order-dependent] @Split 'split' has no key, so it hashes each"
            + " element's position, but @Shuffle 'shuffle' before it reshuffles every epoch, so a"
            + " position holds other elements in other epochs or runs and the two sides share"
            + " elements; declare `key = \"...\"` naming a component that identifies an element"
            + " (an id, a file name), or split before 'shuffle'.",
        "@Split", null,
        pipeline(SRC, READ, PARSE, DECODE, SPLIT_BY_POSITION, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("split-order-dependent",
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, reshuffleEachEpoch = false) Image shuffle(Image image);",
            SPLIT_BY_POSITION, BATCH, PREFETCH),
        ERROR, "[feedline:split-order-dependent] @Split 'split' has no key, so it hashes each"
            + " element's position, but @Shuffle 'shuffle' before it has no seed, so a position"
            + " holds other elements in other epochs or runs and the two sides share elements;"
            + " declare `key = \"...\"` naming a component that identifies an element (an id, a"
            + " file name), or split before 'shuffle'.",
        "@Split", null,
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Shuffle(buffer = 100, seed = 7, reshuffleEachEpoch = false) Image shuffle(Image image);",
            SPLIT_BY_POSITION, BATCH, PREFETCH)));
    cases.add(new Case("split-order-dependent",
        pipeline(SRC, READ, PARSE, "  @Map(parallel = AUTO, deterministic = false) static Image"
            + " decode(Ops tf, Encoded in) { return null; }", SPLIT_BY_POSITION, SHUFFLE, BATCH,
            PREFETCH),
        ERROR, "[feedline:split-order-dependent] @Split 'split' has no key, so it hashes each"
            + " element's position, but @Map 'decode' before it runs in parallel with"
            + " deterministic = false, so elements may come in another order each epoch and the two"
            + " sides share elements; declare `key = \"...\"` naming a component that identifies"
            + " an element, or set deterministic = true on 'decode'.",
        "@Split", null,
        pipeline(SRC, READ, PARSE, DECODE, SPLIT_BY_POSITION, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("repeat-blurs-epochs",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, "  @Repeat(count = 2) Image twice(Image image);",
            SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:repeat-blurs-epochs] @Repeat 'twice' comes before @Shuffle 'shuffle', so the"
            + " shuffle mixes elements of consecutive epochs; repeat after 'shuffle', or run epochs"
            + " with the generated epoch().",
        "@Repeat", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Repeat(count = 2) Image twice(Image batch);", PREFETCH)));
    cases.add(new Case("repeat-blurs-epochs",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, "  @Repeat(count = 2) Image twice(Image image);",
            BATCH, PREFETCH),
        NOTE, "[feedline:repeat-blurs-epochs] @Repeat 'twice' comes before @Batch 'batch', so batches"
            + " straddle the boundary between epochs; repeat after 'batch', or run epochs with the"
            + " generated epoch().",
        "@Repeat", null,
        pipeline(SRC, READ, PARSE, DECODE, CACHE, BATCH,
            "  @Repeat(count = 2) Image twice(Image batch);", PREFETCH)));
    cases.add(new Case("shard-after-randomness",
        pipeline(SRC, "  @Shuffle(buffer = 10) Operand<TString> mix(Operand<TString> f);",
            "  @Shard Operand<TString> mine(Operand<TString> f);", READ, PARSE, DECODE, CACHE, SHUFFLE,
            BATCH, PREFETCH),
        ERROR, "[feedline:shard-after-randomness] @Shard 'mine' follows @Shuffle 'mix', which has no"
            + " seed, so every worker shards a different order and elements are read twice or"
            + " never; shard before any shuffle, or set a seed on 'mix'.",
        "@Shard", null,
        pipeline(SRC, "  @Shard Operand<TString> mine(Operand<TString> f);",
            "  @Shuffle(buffer = 10) Operand<TString> mix(Operand<TString> f);", READ, PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("shard-after-randomness",
        pipeline(SRC, "  @Shuffle(buffer = 10, seed = 3) Operand<TString> mix(Operand<TString> f);",
            "  @Shard Operand<TString> mine(Operand<TString> f);", READ, PARSE, DECODE, CACHE, SHUFFLE,
            BATCH, PREFETCH),
        WARNING, "[feedline:shard-after-randomness] @Shard 'mine' follows @Shuffle 'mix'; its seed"
            + " keeps workers consistent, but every worker still shuffles everything before dropping"
            + " most of it; shard before any shuffle.",
        "@Shard", null,
        pipeline(SRC, "  @Shard Operand<TString> mine(Operand<TString> f);", READ, PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("shard-late",
        pipeline(SRC, READ, PARSE, "  @Shard Encoded mine(Encoded e);", DECODE, CACHE, SHUFFLE,
            BATCH, PREFETCH),
        WARNING, "[feedline:shard-late] @Shard 'mine' comes after @Decode 'parse', so every worker"
            + " reads and processes the whole data set and drops all but its share; shard the file"
            + " names right after @TFRecordSource.",
        "@Shard", null,
        pipeline(SRC, "  @Shard Operand<TString> mine(Operand<TString> f);", READ, PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("shard-late",
        pipeline(SRC, READ, "  @Shard Operand<TString> mine(Operand<TString> r);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:shard-late] @Shard 'mine' comes after @Interleave 'read', so every worker"
            + " reads the whole data set and drops all but its share; shard the file names right"
            + " after @TFRecordSource.",
        "@Shard", null,
        pipeline(SRC, "  @Shard Operand<TString> mine(Operand<TString> f);", READ, PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("too-few-files-for-workers",
        pipeline("  @TFRecordSource(files = 4, records = 1000) Operand<TString> files();",
            "  @Shard(workers = 8) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:too-few-files-for-workers] @TFRecordSource 'files' declares 4 files for the"
            + " 8 workers of @Shard 'mine', so some workers get no file; write at least 80 shards,"
            + " 10 per worker for even loads.",
        "files = 4", "4",
        pipeline("  @TFRecordSource(files = 80, records = 1000) Operand<TString> files();",
            "  @Shard(workers = 8) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("too-few-files-for-workers",
        pipeline("  @TFRecordSource(files = 20, records = 1000) Operand<TString> files();",
            "  @Shard(workers = 8) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:too-few-files-for-workers] @TFRecordSource 'files' declares 20 files for"
            + " the 8 workers of @Shard 'mine', fewer than 10 per worker, so workers finish"
            + " unevenly; write at least 80 shards.",
        "files = 20", "20",
        pipeline("  @TFRecordSource(files = 80, records = 1000) Operand<TString> files();",
            "  @Shard(workers = 8) Operand<TString> mine(Operand<TString> f);",
            "  @Interleave(parallel = AUTO) Operand<TString> read(Operand<TString> f);", PARSE, DECODE,
            CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("many-small-files",
        pipeline("  @TFRecordSource(files = 100, records = 1000, bytesPerFile = 2000000)"
                + " Operand<TString> files();",
            READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:many-small-files] @TFRecordSource 'files' declares 100 files of"
            + " ≈1.91 MiB, ≈191 MiB in all, and opening a file costs more than reading one that"
            + " small; pack the data into 2 files of ≈100 MB.",
        "bytesPerFile = 2000000", "2000000",
        pipeline("  @TFRecordSource(files = 2, records = 1000, bytesPerFile = 100000000)"
                + " Operand<TString> files();",
            READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    // Six files of 2 MB are worth one file of 12 MB: the advice says one, not 100 MB shards.
    cases.add(new Case("many-small-files",
        pipeline("  @TFRecordSource(files = 6, records = 1000, bytesPerFile = 2000000)"
                + " Operand<TString> files();",
            READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:many-small-files] @TFRecordSource 'files' declares 6 files of"
            + " ≈1.91 MiB, ≈11.4 MiB in all, and opening a file costs more than reading one that"
            + " small; pack the data into one file.",
        "bytesPerFile = 2000000", "2000000",
        // One small file, as a 488 KiB CSV is: nothing to pack.
        pipeline("  @TFRecordSource(files = 1, records = 178, bytesPerFile = 500000)"
                + " Operand<TString> files();",
            READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("batch-variable-shape",
        pipeline("  @InMemorySource(records = 100) Tokens tokens();", "  @Batch(size = 4) Tokens batch(Tokens t);",
            "  @Prefetch(AUTO) Tokens prefetch(Tokens batch);"),
        ERROR, "[feedline:batch-variable-shape] @Batch 'batch' stacks component 'ids' of shape [?],"
            + " whose unknown sizes can differ between elements and fail at run time with 'Cannot"
            + " batch tensors with different shapes'; use @PaddedBatch, or resize to a fixed shape"
            + " first.",
        "@Batch", null,
        pipeline("  @InMemorySource(records = 100) Tokens tokens();",
            "  @PaddedBatch(size = 4) Tokens batch(Tokens t);", "  @Prefetch(AUTO) Tokens prefetch(Tokens batch);")));
    cases.add(new Case("batch-dim-not-static",
        pipeline("@Pipeline(ramBudget = \"1GiB\", staticShapes = true)", List.of(), SRC, READ, PARSE,
            DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:batch-dim-not-static] Pipeline Bad needs static shapes, but @Batch"
            + " 'batch' keeps a smaller last batch, so the batch dimension is unknown; set"
            + " `dropRemainder = true`.",
        "@Batch", null,
        pipeline("@Pipeline(ramBudget = \"1GiB\", staticShapes = true)", List.of(), SRC, READ, PARSE,
            DECODE, CACHE, SHUFFLE, "  @Batch(size = 4, dropRemainder = true) Image batch(Image image);",
            PREFETCH)));
    cases.add(new Case("filter-after-batch",
        pipeline(SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @Filter static Operand<TBool> keep(Ops tf, Image batch) { return null; }", PREFETCH),
        WARNING, "[feedline:filter-after-batch] @Filter 'keep' follows @Batch 'batch', so it keeps"
            + " or drops whole batches and its predicate must return one scalar; filter before"
            + " 'batch'.",
        "@Filter", null,
        pipeline(SRC, READ, PARSE, DECODE,
            "  @Filter static Operand<TBool> keep(Ops tf, Image image) { return null; }", CACHE,
            SHUFFLE, BATCH, PREFETCH)));
    cases.add(new Case("buffer-after-size-expanding-map",
        pipeline("  @InMemorySource(records = 1000) Narrow narrows();",
            "  @Map(parallel = AUTO) static Wide widen(Ops tf, Narrow in) { return null; }",
            "  @Shuffle(buffer = 100) Wide shuffle(Wide w);", "  @Batch(size = 4) Wide batch(Wide w);",
            "  @Prefetch(AUTO) Wide prefetch(Wide batch);"),
        NOTE, "[feedline:buffer-after-size-expanding-map] @Map 'widen' grows elements 4.0× (192 B to"
            + " 768 B) before @Shuffle 'shuffle' buffers them; buffer before 'widen', and cast to"
            + " wider types after batching.",
        "@Shuffle", null,
        pipeline("  @InMemorySource(records = 1000) Narrow narrows();",
            "  @Shuffle(buffer = 100) Narrow shuffle(Narrow n);",
            "  @Map(parallel = AUTO) static Wide widen(Ops tf, Narrow in) { return null; }",
            "  @Batch(size = 4) Wide batch(Wide w);", "  @Prefetch(AUTO) Wide prefetch(Wide batch);")));
    cases.add(new Case("in-flight-memory-budget",
        pipeline(BIGS, "  @Batch(size = 4, dropRemainder = true) Big batch(Big big);",
            "  @Prefetch(100) Big prefetch(Big batch);"),
        ERROR, "[feedline:in-flight-memory-budget] Buffers of pipeline Bad hold ≈1.17 GiB at steady"
            + " state (prefetch 'prefetch' 1.17 GiB), more than the RAM budget of 1.00 GiB; use AUTO"
            + " buffer sizes, which the autotuner keeps within its budget, or lower the fixed ones.",
        "@Prefetch(100)", null, pipeline(BIGS, BIG_BATCH, BIG_PREFETCH)));
    cases.add(new Case("in-flight-memory-budget",
        pipeline(BIGS, "  @Prefetch(100) Big early(Big big);", "  @Shuffle(buffer = 80) Big shuffle(Big big);",
            BIG_BATCH, BIG_PREFETCH).withOptions("-Afeedline.prefetchBeforeBatch=off",
            "-Afeedline.terminalPrefetchAutotune=off"),
        WARNING, "[feedline:in-flight-memory-budget] Buffers of pipeline Bad hold ≈540 MiB at steady"
            + " state (prefetch 'early' 300 MiB, shuffle 'shuffle' 240 MiB), 53% of the RAM budget of"
            + " 1.00 GiB; use AUTO buffer sizes, which the autotuner keeps within its budget, or"
            + " lower the fixed ones.",
        "Big early", null, pipeline(BIGS, BIG_BATCH, BIG_PREFETCH)));
    Declaration reproducibleGood = pipeline("@Pipeline(ramBudget = \"1GiB\", reproducible = true)", List.of(),
        SRC, READ, PARSE, DECODE, CACHE, "  @Shuffle(buffer = 100, seed = 1) Image shuffle(Image image);",
        BATCH, PREFETCH);
    cases.add(new Case("reproducibility-conflict",
        pipeline("@Pipeline(ramBudget = \"1GiB\", reproducible = true)", List.of(), SRC, READ, PARSE,
            DECODE, CACHE, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:reproducibility-conflict] Pipeline Bad is reproducible, but @Shuffle"
            + " 'shuffle' has no seed, so its order differs on every run; set a seed.",
        "@Shuffle", null, reproducibleGood));
    cases.add(new Case("reproducibility-conflict",
        pipeline("@Pipeline(ramBudget = \"1GiB\", reproducible = true)", List.of(), SRC,
            "  @Interleave(parallel = AUTO, deterministic = false) Operand<TString> read(Operand<TString> f);",
            PARSE, DECODE, CACHE, "  @Shuffle(buffer = 100, seed = 1) Image shuffle(Image image);", BATCH,
            PREFETCH),
        NOTE, "[feedline:reproducibility-conflict] Pipeline Bad is reproducible, but @Interleave"
            + " 'read' sets deterministic = false, which lets elements come out in any order; set"
            + " deterministic = true.",
        "deterministic = false", "false", reproducibleGood));
    cases.add(new Case("reproducibility-conflict",
        pipeline("@Pipeline(ramBudget = \"1GiB\", reproducible = true)", List.of(), SRC, READ, PARSE,
            DECODE, CACHE, "  @Shuffle(buffer = 100, seed = 1) Image shuffle(Image image);",
            "  @Map(parallel = AUTO, random = true) static Image jitter(Ops tf, Image in) { return in; }",
            BATCH, PREFETCH),
        NOTE, "[feedline:reproducibility-conflict] Pipeline Bad is reproducible, but random @Map"
            + " 'jitter' runs in parallel, so its random values depend on which thread gets which"
            + " element; take an ElementRandom after the element and draw from it, or drop"
            + " parallel.",
        "jitter", "AUTO", reproducibleGood));
    cases.add(new Case("healthy-order",
        pipeline(SRC, READ, PARSE, "  @Shuffle(buffer = 100) Encoded shuffle(Encoded e);", DECODE,
            BATCH, PREFETCH),
        NOTE, "[feedline:healthy-order] Pipeline Bad deviates from the recommended order: 'parse'"
            + " (@Decode) comes before 'shuffle' (@Shuffle); suggested: files → read → shuffle →"
            + " parse → decode → batch → prefetch.",
        "interface Bad", null,
        pipeline(SRC, READ, "  @Shuffle(buffer = 100) Operand<TString> shuffle(Operand<TString> r);",
            PARSE, DECODE, BATCH, PREFETCH)));
    manySources(cases);
    serving(cases);
    statistics(cases);
    return cases.stream();
  }

  /** A pipeline with the pipelines its source may read nested in it, then {@code stages}. */
  static Declaration readingAs(String annotation, String... stages) {
    List<String> lines = new ArrayList<>(Sources.READ_PIPELINES);
    lines.addAll(List.of(stages));
    return pipeline(annotation, List.of(), lines.toArray(String[]::new));
  }

  static Declaration reading(String... stages) {
    return readingAs(BUDGET, stages);
  }

  /** Rules 36 to 39, and rule 34 on a mix: sources that read other pipelines. */
  static final String SERVED = "@Serving " + BUDGET;

  /** The serving function's rules (docs/serving.md): the path from the parse to the cut. */
  private static void serving(List<Case> cases) {
    String jitter = "  @Map(random = true, parallel = AUTO) static Image jitter(Ops tf, Image in) { return null; }";
    cases.add(new Case("serving-left-out",
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, jitter, SHUFFLE, BATCH, PREFETCH),
        NOTE, "[feedline:serving-left-out] The serving function of pipeline Bad leaves @Map"
            + " 'jitter' out (random: augments training data, never a request), so the model is"
            + " served inputs without it; mark it @TrainingOnly to say that is meant.",
        "@Map(random", null,
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, "  @TrainingOnly" + jitter, SHUFFLE,
            BATCH, PREFETCH)));
    String keep = "  @Filter static Operand<TBool> keep(Ops tf, Image image) { return null; }";
    cases.add(new Case("serving-filter",
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, keep, CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:serving-filter] @Filter 'keep' is on the serving path of pipeline Bad,"
            + " but a request's record cannot be dropped: the model would get fewer outputs than"
            + " the request has inputs; mark it @TrainingOnly if serving may see what it drops.",
        "@Filter", null,
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, "  @TrainingOnly" + keep, CACHE,
            SHUFFLE, BATCH, PREFETCH)));
    String bright = "  @Map(parallel = AUTO) static Image bright(Ops tf, Image in) { return null; }";
    cases.add(new Case("serving-change-after-cut",
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, CACHE, bright, SHUFFLE, BATCH, PREFETCH),
        WARNING, "[feedline:serving-change-after-cut] @Map 'bright' changes values after the"
            + " serving cut at @Cache 'cache', so pipeline Bad's serving function, which ends before"
            + " 'cache', serves other inputs than training gives; move 'bright' before 'cache', or"
            + " mark it @TrainingOnly.",
        "Image bright", null,
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, bright, CACHE, SHUFFLE, BATCH,
            PREFETCH)));
    String perBatch = "  @Map(parallel = AUTO, vectorized = true) static Image center(Ops tf, Image batch) { return null; }";
    cases.add(new Case("serving-batch-dependent",
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH, perBatch,
            PREFETCH),
        ERROR, "[feedline:serving-batch-dependent] @Map 'center' works on the batches of @Batch"
            + " 'batch', so its values may depend on the other elements of a batch, which pipeline"
            + " Bad's serving function cannot reproduce for a request; make it a per-element map"
            + " before 'batch', or mark it @TrainingOnly.",
        "Image center", null,
        pipeline(SERVED, List.of(), SRC, READ, PARSE, DECODE, CACHE, SHUFFLE, BATCH,
            "  @TrainingOnly" + perBatch, PREFETCH)));
  }

  /** Statistics fitted over the two sides of a split, nested in the pipeline that fits them. */
  private static void statistics(List<Case> cases) {
    String sides = "  @Pipeline interface %s { @InMemorySource(records = 600) Image images();"
        + " @Split(side = SplitSide.%s, evalPercent = 20) Image split(Image image);"
        + " @Prefetch(AUTO) Image prefetch(Image image); }";
    String map = "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in,"
        + " dev.feedline.runtime.Moments pixels) { return null; }";
    cases.add(new Case("statistic-over-evaluation",
        pipeline(String.format(sides, "Held", "EVAL"),
            "  @Statistics(over = Held.class, component = \"pixels\")"
                + " dev.feedline.runtime.Moments pixels();",
            SRC, READ, PARSE, map, CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:statistic-over-evaluation] @Statistics 'pixels' is fitted over pipeline"
            + " Held, whose @Split 'split' keeps the evaluation side, so the held-out rows would"
            + " shape what the model trains on; fit it over the pipeline that keeps the training"
            + " side (side = SplitSide.TRAIN).",
        "Held.class", null,
        pipeline(String.format(sides, "Kept", "TRAIN"),
            "  @Statistics(over = Kept.class, component = \"pixels\")"
                + " dev.feedline.runtime.Moments pixels();",
            SRC, READ, PARSE, map, CACHE, SHUFFLE, BATCH, PREFETCH)));
    String tokens = "  @Pipeline interface %s { @InMemorySource(records = 100) Tokens tokens();%s"
        + " @Prefetch(AUTO) Tokens prefetch(Tokens t); }";
    String bucketed = "  @Map(parallel = AUTO) static Image decode(Ops tf, Encoded in,"
        + " dev.feedline.runtime.Quantiles ids) { return null; }";
    cases.add(new Case("statistic-over-padding",
        pipeline(String.format(tokens, "Padded", " @PaddedBatch(size = 4) Tokens batch(Tokens t);"),
            "  @Statistics(over = Padded.class, component = \"ids\", buckets = 4)"
                + " dev.feedline.runtime.Quantiles ids();",
            SRC, READ, PARSE, bucketed, CACHE, SHUFFLE, BATCH, PREFETCH),
        ERROR, "[feedline:statistic-over-padding] @Statistics 'ids' pools every value of component"
            + " 'ids', but pipeline Padded pads it (@PaddedBatch 'batch'), so its padding would"
            + " count as values; fit it over a pipeline that ends before the padding, whose"
            + " elements hold only the data.",
        "component = \"ids\"", "\"ids\"",
        pipeline(String.format(tokens, "Unpadded", ""),
            "  @Statistics(over = Unpadded.class, component = \"ids\", buckets = 4)"
                + " dev.feedline.runtime.Quantiles ids();",
            SRC, READ, PARSE, bucketed, CACHE, SHUFFLE, BATCH, PREFETCH)));
  }

  private static void manySources(List<Case> cases) {
    String mix = "  @Mix(of = {Left.class, Right.class}, seed = 1) Image mixed();";
    Declaration mixGood = reading(mix, BATCH, PREFETCH);
    cases.add(new Case("mix-infinite-source",
        reading("  @Mix(of = {Left.class, Endless.class}, seed = 1, onEmpty = OnEmpty.CONTINUE)"
            + " Image mixed();", BATCH, PREFETCH),
        WARNING, "[feedline:mix-infinite-source] @Mix 'mixed' goes on when a pipeline runs out"
            + " (onEmpty = CONTINUE), but pipeline Endless repeats forever: once the others end,"
            + " every element comes from Endless and the epoch never ends; set onEmpty = STOP, or"
            + " repeat after 'mixed'.",
        "@Mix", null,
        reading("  @Mix(of = {Left.class, Endless.class}, seed = 1) Image mixed();", BATCH,
            PREFETCH)));
    cases.add(new Case("shard-after-mix",
        reading("  @Mix(of = {Left.class, Right.class}) Image mixed();",
            "  @Shard Image shard(Image image);", BATCH, PREFETCH),
        ERROR, "[feedline:shard-after-mix] @Shard 'shard' follows @Mix 'mixed', which has no seed,"
            + " so each worker draws its own sequence and workers repeat and miss elements; shard"
            + " each pipeline it reads, before the mix.",
        "@Shard", null, mixGood));
    cases.add(new Case("shard-after-mix",
        reading(mix, "  @Shard Image shard(Image image);", BATCH, PREFETCH),
        WARNING, "[feedline:shard-after-mix] @Shard 'shard' follows @Mix 'mixed', so every worker"
            + " reads all of every pipeline and keeps one element in N; shard each pipeline it"
            + " reads, before 'mixed'.",
        "@Shard", null, mixGood));
    cases.add(new Case("mix-proportions-lost",
        reading("  @Mix(of = {Batched.class, BatchedToo.class}, seed = 1) Image mixed();",
            PREFETCH),
        WARNING, "[feedline:mix-proportions-lost] @Mix 'mixed' reads pipeline Batched, which"
            + " batches at 'batch': the mix draws whole batches, so each batch comes from one"
            + " pipeline and the weights hold only across batches; batch after 'mixed'.",
        "@Mix", null, mixGood));
    cases.add(new Case("mix-proportions-lost",
        reading("  @Concatenate(of = {Left.class, Right.class}) Image all();",
            "  @Shuffle(buffer = 100) Image shuffle(Image image);", BATCH, PREFETCH),
        WARNING, "[feedline:mix-proportions-lost] @Shuffle 'shuffle' holds 100 elements, fewer than"
            + " the 600 records of pipeline Left, which @Concatenate 'all' reads first, so elements"
            + " of the later pipelines come only after those of Left; use @Mix to interleave them,"
            + " or a buffer of 600 or more.",
        "@Shuffle", "100",
        reading("  @Concatenate(of = {Left.class, Right.class}) Image all();",
            "  @Shuffle(buffer = 1200) Image shuffle(Image image);", BATCH, PREFETCH)));
    cases.add(new Case("mix-proportions-lost",
        reading(mix, "  @Cache Image cache(Image image);", BATCH, PREFETCH),
        WARNING, "[feedline:mix-proportions-lost] @Cache 'cache' follows @Mix 'mixed', so every"
            + " epoch replays the first epoch's draw instead of drawing again with the weights;"
            + " cache in the pipelines it reads, with a file, or remove 'cache'.",
        "@Cache", null, mixGood));
    String toImage = "  @Map(parallel = AUTO) static Image image(Ops tf, ImageSample in) {"
        + " return new Image(in.pixels(), in.label()); }";
    cases.add(new Case("zip-record-counts",
        reading("  @Zip(of = {Left.class, FewSamples.class}) ImageSample both();", toImage, BATCH,
            PREFETCH),
        NOTE, "[feedline:zip-record-counts] @Zip 'both' reads pipeline Left, declared with 600"
            + " records, and pipeline FewSamples, with 500: each epoch ends with the shorter, and"
            + " the other's last 100 elements are never read.",
        "@Zip", null,
        reading("  @Zip(of = {Left.class, Samples.class}) ImageSample both();", toImage, BATCH,
            PREFETCH)));
    String tokens = "  @InMemorySource(records = 1000) Tokens tokens();";
    String shuffleTokens = "  @Shuffle(buffer = 100) Tokens shuffle(Tokens t);";
    String prefetchTokens = "  @Prefetch(AUTO) Tokens prefetch(Tokens batch);";
    String sortedBuckets = "  @BucketByLength(component = \"ids\", boundaries = {4, 8},"
        + " batchSizes = {16, 16, 16}) Tokens batch(Tokens t);";
    cases.add(new Case("bucketing-costs-more",
        pipeline(tokens, shuffleTokens, "  @BucketByLength(component = \"ids\", boundaries = {4, 8},"
            + " batchSizes = {32, 16, 8}) Tokens batch(Tokens t);", prefetchTokens),
        NOTE, "[feedline:bucketing-costs-more] @BucketByLength 'batch' groups by bucket with"
            + " tf.data's GroupByWindow, about 6 times the CPU an element of a padded batch, because"
            + " its batch sizes differ ({32, 16, 8}); one batch size for every bucket and no"
            + " padToBoundary let it batch sorted windows, which pad as little at a fraction of"
            + " that cost (docs/performance.md#bucketing).",
        "@BucketByLength", "{32, 16, 8}",
        pipeline(tokens, shuffleTokens, sortedBuckets, prefetchTokens)));
    cases.add(new Case("bucketing-costs-more",
        pipeline(tokens, shuffleTokens, "  @BucketByLength(component = \"ids\", boundaries = {4, 8},"
            + " batchSizes = {16, 16, 16}, padding = @Pad(component = \"ids\", value = 0,"
            + " length = 12)) Tokens batch(Tokens t);", prefetchTokens),
        WARNING, "[feedline:bucketing-costs-more] @BucketByLength 'batch' pads 'ids' to a fixed"
            + " length, 12, so every batch holds 12 positions whatever its bucket: bucketing saves"
            + " no padding and costs more than a batch; use @PaddedBatch with the same padding.",
        "@BucketByLength", "@Pad(component = \"ids\", value = 0, length = 12)",
        pipeline(tokens, shuffleTokens, sortedBuckets, prefetchTokens)));
    cases.add(new Case("bucketing-costs-more",
        pipeline("  @InMemorySource(records = 12) Tokens tokens();", shuffleTokens, sortedBuckets,
            prefetchTokens),
        WARNING, "[feedline:bucketing-costs-more] @BucketByLength 'batch' takes 12 elements an"
            + " epoch, no more than one batch of 16, so its one sorted window makes one batch"
            + " padded to its longest, as @PaddedBatch's would be: bucketing saves no padding and"
            + " costs a sort; use @PaddedBatch(size = 16).",
        "@BucketByLength", "{16, 16, 16}",
        pipeline(tokens, shuffleTokens, sortedBuckets, prefetchTokens)));
    String reproducible = "@Pipeline(ramBudget = \"1GiB\", reproducible = true)";
    cases.add(new Case("reproducibility-conflict",
        readingAs(reproducible, "  @Mix(of = {Left.class, Right.class}) Image mixed();", BATCH,
            PREFETCH),
        NOTE, "[feedline:reproducibility-conflict] Pipeline Bad is reproducible, but @Mix 'mixed'"
            + " has no seed, so it draws its pipelines in a new order on every run; set a seed.",
        "@Mix", null, readingAs(reproducible, mix, BATCH, PREFETCH)));
  }

  private static Compilation compile(Declaration declaration, String name) {
    return Sources.compile(declaration.options(), declaration.source(name));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theBadPipelineReportsExactlyThis(Case c) {
    JavaFileObject source = c.bad().source("Bad");
    Diagnostic<? extends JavaFileObject> reported =
        assertOnly(compile(c.bad(), "Bad"), c.kind(), c.message(), source, c.line());
    if (c.token() != null) {
      assertEquals(columnOf(source, c.line(), c.token()), reported.getColumnNumber(),
          "anchored at " + c.token());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theGoodCounterpartDoesNotReportIt(Case c) {
    String prefix = "[feedline:" + c.rule() + "]";
    assertEquals(List.of(), feedline(compile(c.good(), "Good")).stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith(prefix))
        .toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aWarningOrNoteIsSuppressedOnThePipeline(Case c) {
    String prefix = "[feedline:" + c.rule() + "]";
    List<String> reported = feedline(compile(c.bad().suppressing(c.rule()), "Bad")).stream()
        .map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith(prefix))
        .toList();
    assertEquals(c.kind() == ERROR ? List.of(c.message()) : List.of(), reported,
        c.kind() == ERROR ? "errors are not suppressible" : "suppressed");
  }
}
