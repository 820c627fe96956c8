package dev.feedline.tools;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The images of a folder, in the order they are written: each with its label and id.
 *
 * <p>Labels come from a CSV file of {@code path,label} lines (paths relative to the folder) or,
 * without one, from the sub-folder each image is in: the sub-folders' names, sorted, are labels 0,
 * 1, ... The order is the sorted paths shuffled with the seed, so the same folder and seed always
 * give the same records in the same shards; ids count in that order.
 */
public final class ImageFolder {
  private static final List<String> EXTENSIONS = List.of(".jpg", ".jpeg", ".png");

  /**
   * An image to convert.
   *
   * @param path the file (a string: Beam serializes images to its workers)
   * @param relative its path in the folder
   */
  public record Image(String path, String relative, long label, long id) implements Serializable {}

  private ImageFolder() {}

  /**
   * @param labels a CSV of {@code relative/path,label} lines; null to label by sub-folder
   * @throws IllegalArgumentException naming the folder, the CSV line or the image that is wrong
   */
  public static List<Image> scan(Path folder, Path labels, long seed) throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("no folder " + folder);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(Files::isRegularFile).filter(ImageFolder::isImage).sorted().toList();
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no JPEG or PNG file in " + folder);
    }
    Map<String, Long> byPath = labels == null ? bySubFolder(folder, files) : readCsv(labels);
    List<Path> order = new ArrayList<>(files);
    Collections.shuffle(order, new Random(seed));
    List<Image> images = new ArrayList<>();
    for (Path file : order) {
      String relative = folder.relativize(file).toString();
      Long label = byPath.get(relative);
      if (label == null) {
        throw new IllegalArgumentException(labels + " has no label for " + relative);
      }
      images.add(new Image(file.toString(), relative, label, images.size()));
    }
    return images;
  }

  /** The sub-folders of the images, in label order: their names, when they are the labels. */
  public static List<String> subFolders(List<Image> images) {
    return List.copyOf(new TreeSet<>(images.stream().map(i -> subFolder(i.relative())).toList()));
  }

  private static boolean isImage(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return EXTENSIONS.stream().anyMatch(name::endsWith);
  }

  private static Map<String, Long> bySubFolder(Path folder, List<Path> files) {
    TreeSet<String> names = new TreeSet<>();
    for (Path file : files) {
      String relative = folder.relativize(file).toString();
      if (!relative.contains("/")) {
        throw new IllegalArgumentException(file + " is not in a sub-folder, so it has no label;"
            + " put each class in a sub-folder, or give --labels CSV");
      }
      names.add(subFolder(relative));
    }
    List<String> sorted = List.copyOf(names);
    Map<String, Long> labels = new HashMap<>();
    for (Path file : files) {
      String relative = folder.relativize(file).toString();
      labels.put(relative, (long) sorted.indexOf(subFolder(relative)));
    }
    return labels;
  }

  private static String subFolder(String relative) {
    int slash = relative.indexOf('/');
    return slash < 0 ? "" : relative.substring(0, slash);
  }

  private static Map<String, Long> readCsv(Path csv) throws IOException {
    Map<String, Long> labels = new HashMap<>();
    List<String> lines = Files.readAllLines(csv);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || (i == 0 && line.toLowerCase(Locale.ROOT).startsWith("path,"))) {
        continue; // a header
      }
      int comma = line.lastIndexOf(',');
      try {
        labels.put(line.substring(0, comma).strip(), Long.parseLong(line.substring(comma + 1).strip()));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(csv + " line " + (i + 1) + " is not `path,label` with a"
            + " whole-number label: " + line);
      }
    }
    return labels;
  }
}
