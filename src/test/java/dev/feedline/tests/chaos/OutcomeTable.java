package dev.feedline.tests.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Counts of trials by a row (what was done) and a column (how it ended), as a Markdown table. */
final class OutcomeTable {
  private final String corner;
  private final Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
  private final Set<String> columns = new LinkedHashSet<>();

  /** Rows and columns appear in the order given here, then in the order first counted. */
  OutcomeTable(String corner, List<String> rows, List<String> columns) {
    this.corner = corner;
    rows.forEach(row -> counts.put(row, new LinkedHashMap<>()));
    this.columns.addAll(columns);
  }

  void count(String row, String column) {
    counts.computeIfAbsent(row, r -> new LinkedHashMap<>()).merge(column, 1, Integer::sum);
    columns.add(column);
  }

  String markdown() {
    List<String> lines = new ArrayList<>();
    lines.add("| " + corner + " | trials | " + String.join(" | ", columns) + " |");
    lines.add("|---|---:|" + "---:|".repeat(columns.size()));
    counts.forEach((row, byColumn) -> {
      StringBuilder line = new StringBuilder("| " + row + " | "
          + byColumn.values().stream().mapToInt(Integer::intValue).sum() + " |");
      columns.forEach(column -> line.append(' ').append(byColumn.getOrDefault(column, 0)).append(" |"));
      lines.add(line.toString());
    });
    return String.join("\n", lines);
  }
}
