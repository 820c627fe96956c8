package dev.feedline.example;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Boston house-price table kept with the example (resources, with its licence): a CSV header
 * and {@value #ROWS} rows of 15 numbers. For measurements it is written into files many times
 * over, the same rows in the same order, each file with the header.
 */
public final class HousingDataset {
  /** Rows in the table. */
  public static final int ROWS = 506;
  /** The column {@link #writeNumbered} adds first: a row's 1-based position in the table. */
  public static final String ROW = "row";
  private static final String RESOURCE = "housing/boston-housing.csv";

  private HousingDataset() {}

  /** The table's lines, the header first, as the file has them. */
  public static List<String> lines() throws IOException {
    try (InputStream in = HousingDataset.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IOException("the example's resource " + RESOURCE + " is missing");
      }
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      if (lines.size() != ROWS + 1) {
        throw new IOException("the example's resource " + RESOURCE + " has " + lines.size()
            + " lines, not a header and " + ROWS + " rows");
      }
      return lines;
    }
  }

  /**
   * Writes {@code files} CSV files into {@code dir}, {@code housing-0.csv} and on, each the
   * header and the table's rows {@code copies} times over; returns their paths.
   */
  public static List<Path> write(Path dir, int files, int copies) throws IOException {
    List<String> lines = lines();
    StringBuilder rows = new StringBuilder();
    for (String row : lines.subList(1, lines.size())) {
      rows.append(row).append('\n');
    }
    String body = rows.toString().repeat(copies);
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      written.add(Files.writeString(dir.resolve("housing-" + f + ".csv"),
          lines.get(0) + "\n" + body, StandardCharsets.UTF_8));
    }
    return written;
  }

  /**
   * Writes the table into {@code file} with a {@value #ROW} column first, each row's 1-based
   * position in the table: a key that names a row, which the table's own columns do not.
   */
  public static Path writeNumbered(Path file) throws IOException {
    List<String> lines = lines();
    StringBuilder text = new StringBuilder(ROW).append(',').append(lines.get(0)).append('\n');
    for (int row = 1; row < lines.size(); row++) {
      text.append(row).append(',').append(lines.get(row)).append('\n');
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
