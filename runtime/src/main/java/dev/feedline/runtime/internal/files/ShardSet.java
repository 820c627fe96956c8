package dev.feedline.runtime.internal.files;

import dev.feedline.runtime.internal.cache.CacheFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * A set of TFRecord shards of one prefix in one folder ({@code <prefix>-00002-of-00008.tfrecord}),
 * written as a set: sealed by a manifest, {@code <prefix>.feedline-shards}, that lists each shard
 * with its size, and replaced under a journal, {@code <prefix>.feedline-shards.replacing}, that
 * readers refuse.
 *
 * <p>{@link #install} puts staged shards in place of the set there: it forces the new shards to
 * the disk, writes the journal (the new shards, and every file they replace), removes the old
 * manifest, removes the replaced files and renames the new shards in, writes the new manifest and
 * removes the journal, forcing the folder between the steps. A process killed at any moment
 * leaves either the old set sealed, or the new one, or the journal: then readers refuse the
 * prefix's shards, and the files the journal names, naming the folder, until a writer of the
 * prefix writes the set again. A reader of a sealed set checks that the folder holds exactly the
 * shards its manifest lists, each of the size it was sealed with ({@link #problem}).
 */
public final class ShardSet {
  /** The end of a manifest's name, after the prefix. */
  public static final String MANIFEST = ".feedline-shards";
  /** The end of a journal's name: a replacement begun and not finished. */
  public static final String JOURNAL = MANIFEST + ".replacing";
  private static final String FORMAT = "Feedline shard set 1";
  private static final Pattern SHARD = Pattern.compile("(.+)-\\d{5,}-of-\\d{5,}\\.tfrecord");

  private ShardSet() {}

  /** A shard to install: the complete file, and the name it takes in the folder. */
  public record Staged(Path file, String name) {}

  /** A problem of a set a reader was given files of: the file to name, and what is wrong. */
  public record Problem(String file, String text) {}

  /** What a manifest or journal holds. */
  private record Listing(String set, Map<String, Long> shards, List<String> replaces,
      String owner) {}

  /**
   * Installs {@code staged} as the set of {@code prefix} in {@code folder}, in place of the
   * shards of the prefix there and of {@code replaced}, other files a reader must not take with
   * the new set.
   *
   * @return the installed shards, in order
   */
  public static List<Path> install(Path folder, String prefix, List<Staged> staged,
      Collection<Path> replaced) throws IOException {
    Map<String, Long> shards = new LinkedHashMap<>();
    for (Staged shard : staged) {
      Durable.force(shard.file());
      shards.put(shard.name(), Files.size(shard.file()));
    }
    Set<String> doomed = new LinkedHashSet<>();
    replaced.forEach(file -> doomed.add(folder.relativize(file).toString()));
    doomed.addAll(shardsOf(folder, prefix));
    Path journal = folder.resolve(prefix + JOURNAL);
    read(journal).ifPresent(earlier -> {
      doomed.addAll(earlier.shards().keySet());
      doomed.addAll(earlier.replaces());
    });
    doomed.removeAll(shards.keySet());
    String set = setId(read(folder.resolve(prefix + MANIFEST)).map(Listing::set).orElse(""),
        shards);
    write(journal, new Listing(set, shards, List.copyOf(doomed), CacheFolder.Owner.SELF.toLine()));
    Files.deleteIfExists(folder.resolve(prefix + MANIFEST));
    for (String name : doomed) {
      Files.deleteIfExists(folder.resolve(name));
    }
    List<Path> installed = new ArrayList<>();
    for (Staged shard : staged) {
      Path target = folder.resolve(shard.name());
      Files.move(shard.file(), target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      installed.add(target);
    }
    Durable.forceFolder(folder);
    write(folder.resolve(prefix + MANIFEST), new Listing(set, shards, List.of(), null));
    Files.delete(journal);
    Durable.forceFolder(folder);
    return installed;
  }

  /**
   * The id of a new set: it differs from the set it replaces, so that a journal is never taken
   * for the old manifest, and the same shards written over the same set get the same id, so that
   * the same input writes the same bytes.
   */
  private static String setId(String replaced, Map<String, Long> shards) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update((replaced + "\n" + shards).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The names of the files in {@code folder} that are shards of {@code prefix}, sorted. */
  private static Set<String> shardsOf(Path folder, String prefix) throws IOException {
    Set<String> names = new TreeSet<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (prefix.equals(prefixOf(name))) {
          names.add(name);
        }
      }
    }
    return names;
  }

  /** The prefix of a shard's name; null for a name that is not a shard's. */
  private static String prefixOf(String name) {
    Matcher shard = SHARD.matcher(name);
    return shard.matches() ? shard.group(1) : null;
  }

  /**
   * The first problem of the sets that {@code files} belong to, in their order: a file of a set
   * being replaced, or of a sealed set whose folder does not hold exactly the shards sealed.
   * Files outside any set (no manifest, no journal) have none.
   */
  public static Optional<Problem> problem(List<String> files) {
    Map<Path, List<Path>> byFolder = new LinkedHashMap<>();
    for (String file : files) {
      Path path = Path.of(file);
      if (path.getParent() != null) {
        byFolder.computeIfAbsent(path.getParent(), f -> new ArrayList<>()).add(path);
      }
    }
    for (Map.Entry<Path, List<Path>> folder : byFolder.entrySet()) {
      Optional<Problem> problem = problem(folder.getKey(), folder.getValue());
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  private static Optional<Problem> problem(Path folder, List<Path> files) {
    Map<String, Long> present = new TreeMap<>();
    List<String> journals = new ArrayList<>();
    List<String> manifests = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (name.endsWith(JOURNAL)) {
          journals.add(name);
        } else if (name.endsWith(MANIFEST)) {
          manifests.add(name);
        } else if (prefixOf(name) != null) {
          present.put(name, sizeOrMissing(entry));
        }
      }
    } catch (IOException e) {
      return Optional.empty(); // the files' own checks name what cannot be read
    }
    for (String name : journals) {
      String prefix = name.substring(0, name.length() - JOURNAL.length());
      Optional<Listing> journal = read(folder.resolve(name));
      Optional<Listing> sealed = read(folder.resolve(prefix + MANIFEST));
      if (journal.isPresent() && sealed.isPresent()
          && journal.get().set().equals(sealed.get().set())) {
        continue; // installed and sealed: only the journal's removal was not reached
      }
      for (Path file : files) {
        String own = file.getFileName().toString();
        if (prefix.equals(prefixOf(own)) || journal.map(j -> j.shards().containsKey(own)
            || j.replaces().contains(own)).orElse(false)) {
          return Optional.of(new Problem(file.toString(), folder + " holds the shard set '"
              + prefix + "' half replaced: " + writer(journal) + " began to replace it and has"
              + " not finished (" + name + " says so), so its shards may mix old and new ones or"
              + " miss some; write the set again, which replaces all of it"));
        }
      }
    }
    for (String name : manifests) {
      String prefix = name.substring(0, name.length() - MANIFEST.length());
      Optional<Path> read = files.stream()
          .filter(f -> prefix.equals(prefixOf(f.getFileName().toString()))).findFirst();
      if (read.isEmpty()) {
        continue;
      }
      Optional<Listing> manifest = read(folder.resolve(name));
      String set = "the shard set '" + prefix + "' sealed in " + folder;
      if (manifest.isEmpty()) {
        return Optional.of(new Problem(read.get().toString(), "the manifest " + name + " of "
            + set + " is damaged, so the set cannot be checked; write the set again"));
      }
      Map<String, Long> sealed = manifest.get().shards();
      for (Map.Entry<String, Long> shard : sealed.entrySet()) {
        Long size = present.get(shard.getKey());
        String file = folder.resolve(shard.getKey()).toString();
        if (size == null || size < 0) {
          return Optional.of(new Problem(file, "the shard is missing from " + set + " ("
              + sealed.size() + " shards listed in " + name + "); write the set again"));
        }
        if (!size.equals(shard.getValue())) {
          return Optional.of(new Problem(file, String.format(Locale.ROOT, "the shard is %,d"
              + " bytes, but was %,d when %s was sealed (%s): it was cut, emptied or rewritten;"
              + " write the set again", size, shard.getValue(), set, name)));
        }
      }
      for (String shard : present.keySet()) {
        if (prefix.equals(prefixOf(shard)) && !sealed.containsKey(shard)) {
          return Optional.of(new Problem(folder.resolve(shard).toString(), "the file is not one"
              + " of the " + sealed.size() + " shards of " + set + " (" + name + "), so a glob"
              + " would read it with them; remove it, or write the set again"));
        }
      }
    }
    return Optional.empty();
  }

  private static long sizeOrMissing(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  private static String writer(Optional<Listing> journal) {
    Optional<CacheFolder.Owner> owner = journal.flatMap(j -> CacheFolder.Owner.parse(j.owner()));
    if (owner.isEmpty()) {
      return "a writer";
    }
    return "a writer (" + owner.get() + (owner.get().mayRun() ? ", which is still running"
        : ", which no longer runs") + ")";
  }

  /** Writes a manifest or journal: under a temporary name, forced, renamed, the folder forced. */
  private static void write(Path file, Listing listing) throws IOException {
    StringBuilder text = new StringBuilder(FORMAT).append('\n');
    text.append("set: ").append(listing.set()).append('\n');
    if (listing.owner() != null) {
      text.append("owner: ").append(listing.owner()).append('\n');
    }
    listing.shards().forEach((name, size) ->
        text.append("shard: ").append(size).append(' ').append(FileIdentity.escape(name))
            .append('\n'));
    listing.replaces().forEach(name ->
        text.append("replaces: ").append(FileIdentity.escape(name)).append('\n'));
    String crc = crc(text.toString());
    text.append("crc32c: ").append(crc).append('\n');
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    Durable.force(partial);
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    Durable.forceFolder(file.getParent());
  }

  /** A manifest or journal as written; empty when there is none, or it is damaged. */
  private static Optional<Listing> read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return Optional.empty(); // none, or unreadable: the same to a reader that must refuse
    }
    int last = text.lastIndexOf("crc32c: ");
    if (!text.startsWith(FORMAT + "\n") || last < 0
        || !text.substring(last).equals("crc32c: " + crc(text.substring(0, last)) + "\n")) {
      return Optional.empty();
    }
    Map<String, Long> shards = new LinkedHashMap<>();
    List<String> replaces = new ArrayList<>();
    String owner = null;
    String set = "";
    for (String line : text.substring(FORMAT.length() + 1, last).split("\n")) {
      if (line.startsWith("set: ")) {
        set = line.substring("set: ".length());
      } else if (line.startsWith("owner: ")) {
        owner = line.substring("owner: ".length());
      } else if (line.startsWith("shard: ")) {
        String[] parts = line.substring("shard: ".length()).split(" ", 2);
        shards.put(FileIdentity.unescape(parts[1]), Long.parseLong(parts[0]));
      } else if (line.startsWith("replaces: ")) {
        replaces.add(FileIdentity.unescape(line.substring("replaces: ".length())));
      }
    }
    return Optional.of(new Listing(set, shards, replaces, owner));
  }

  private static String crc(String text) {
    CRC32C crc = new CRC32C();
    crc.update(text.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().toHexDigits((int) crc.getValue());
  }
}
