package dev.feedline.runtime.internal.cache;

import dev.feedline.runtime.FittedStatistic;
import dev.feedline.runtime.FittedVocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.tensorflow.Tensor;
import org.tensorflow.types.TString;

/**
 * The tokens a {@code FittedVocabulary} has seen, with their counts: every string of each fetched
 * tensor, every position pooled, but the empty one (a padded batch's padding). A token is its
 * bytes, not text: two byte strings are two tokens even where neither is valid UTF-8.
 */
final class VocabularyAccumulator extends StatisticAccumulator {
  /** By token, its bytes read as ISO-8859-1: one char per byte, so equal bytes, equal keys. */
  private final Map<String, long[]> counts = new HashMap<>();

  VocabularyAccumulator(StatisticRequest request) {
    super(request);
  }

  @Override
  void add(Tensor tensor) {
    if (!(tensor instanceof TString strings)) {
      throw new IllegalStateException("vocabulary '" + request.name() + "' of a "
          + tensor.dataType() + " tensor");
    }
    strings.asBytes().scalars().forEach(scalar -> {
      byte[] token = scalar.getObject();
      if (token.length > 0) {
        count++;
        counts.computeIfAbsent(new String(token, StandardCharsets.ISO_8859_1),
            k -> new long[1])[0]++;
      }
    });
  }

  @Override
  FittedStatistic result(FittedStatistic.Fit fit) {
    List<Map.Entry<byte[], Long>> kept = new ArrayList<>();
    counts.forEach((token, seen) -> {
      if (seen[0] >= request.minCount()) {
        kept.add(Map.entry(token.getBytes(StandardCharsets.ISO_8859_1), seen[0]));
      }
    });
    kept.sort((a, b) -> FittedVocabulary.idOrder(a.getKey(), a.getValue(), b.getKey(),
        b.getValue()));
    List<Map.Entry<byte[], Long>> top = request.topK() > 0 && kept.size() > request.topK()
        ? kept.subList(0, request.topK()) : kept;
    return vocabulary(fit, top.stream().map(Map.Entry::getKey).toList(),
        top.stream().mapToLong(Map.Entry::getValue).toArray());
  }

  /** One line per token, in id order: its count, a space, its bytes in hex (never a line break). */
  @Override
  List<String> lines(FittedStatistic statistic) {
    FittedVocabulary vocabulary = (FittedVocabulary) statistic;
    List<byte[]> tokens = vocabulary.tokenBytes();
    long[] seen = vocabulary.counts();
    List<String> lines = new ArrayList<>(tokens.size());
    for (int i = 0; i < tokens.size(); i++) {
      lines.add(seen[i] + " " + HexFormat.of().formatHex(tokens.get(i)));
    }
    return lines;
  }

  @Override
  FittedStatistic restore(FittedStatistic.Fit fit, List<String> lines) {
    List<byte[]> tokens = new ArrayList<>(lines.size());
    long[] seen = new long[lines.size()];
    for (int i = 0; i < lines.size(); i++) {
      String[] parts = lines.get(i).split(" ", -1);
      if (parts.length != 2 || parts[1].isEmpty()) {
        throw new IllegalArgumentException("line " + (i + 5) + " is not a count and a token");
      }
      seen[i] = Long.parseLong(parts[0]);
      tokens.add(HexFormat.of().parseHex(parts[1]));
    }
    return vocabulary(fit, tokens, seen);
  }

  private FittedVocabulary vocabulary(FittedStatistic.Fit fit, List<byte[]> tokens,
      long[] seen) {
    return new FittedVocabulary(fit, tokens, seen, request.minCount(), request.topK(),
        request.oovBuckets());
  }
}
