package dev.feedline.runtime.internal.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Forces files and folders to the disk before what they hold is sealed: a rename is durable only
 * once the renamed file's data and the folder's entry are, so that a power loss after a seal never
 * leaves a sealed name over an empty or short file.
 */
public final class Durable {
  private Durable() {}

  /** Forces {@code file}'s data and size to the disk. */
  public static void force(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  /** Forces every file below {@code folder}, then each folder, deepest first. */
  public static void forceTree(Path folder) throws IOException {
    try (var paths = Files.walk(folder)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        if (Files.isDirectory(path)) {
          forceFolder(path);
        } else if (Files.isRegularFile(path)) {
          force(path);
        }
      }
    }
  }

  /**
   * Forces {@code folder}'s entries to the disk, so that a rename or removal in it is durable.
   * Where the platform cannot open a folder (Windows), there is nothing to force.
   */
  public static void forceFolder(Path folder) throws IOException {
    FileChannel channel;
    try {
      channel = FileChannel.open(folder, StandardOpenOption.READ);
    } catch (IOException e) {
      if (Files.isDirectory(folder)) {
        return;
      }
      throw e;
    }
    try (channel) {
      channel.force(true);
    }
  }
}
