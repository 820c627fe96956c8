package dev.feedline.example;

import dev.feedline.Compression;
import dev.feedline.launcher.FileErrors;
import dev.feedline.launcher.ScratchFolder;
import dev.feedline.photos.EncodedPhoto;
import dev.feedline.photos.FeedlineEncodedPhotoWriter;
import dev.feedline.photos.Jpeg;
import dev.feedline.runtime.ShardedTFRecordWriter;
import dev.feedline.runtime.TFRecordWriter;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * Writes the example data set: distinct JPEG photos cut out of two real photographs (see
 * {@code photos/ATTRIBUTION.md}), as sharded TFRecord files of {@code tf.train.Example} records
 * that the generated writer of {@link EncodedPhoto} writes.
 *
 * <p>Photo {@code id} is a random window of photograph {@code label} (0 the temple, 1 the flower):
 * 30–100% of its height, a random aspect ratio, sometimes mirrored, scaled so that its longer side
 * is 160–320 pixels (or the range given) and encoded at JPEG quality 90. Decoding them costs what users' photos cost; the same seed
 * always writes the same files.
 */
public final class PhotoDataset {
  /** The photographs, by label. */
  static final List<String> PHOTOS = List.of("china.jpg", "flower.jpg");
  /** The start of the shards' names: {@code photos-00000-of-00008.tfrecord}. */
  private static final String PREFIX = "photos";

  private final List<BufferedImage> photographs;
  private final long seed;
  private final int minSide;
  private final int maxSide;

  /** Photos whose longer side is 160–320 pixels, as in the demo. */
  public PhotoDataset(long seed) {
    this(seed, 160, 320);
  }

  /** Photos whose longer side is {@code minSide}–{@code maxSide} pixels. */
  public PhotoDataset(long seed, int minSide, int maxSide) {
    this.photographs = PHOTOS.stream().map(PhotoDataset::load).toList();
    this.seed = seed;
    this.minSide = minSide;
    this.maxSide = maxSide;
  }

  /** Label of photo {@code id}: which photograph it comes from. */
  public static long labelOf(long id) {
    return id % PHOTOS.size();
  }

  /** The file name of shard {@code index} of {@code count}. */
  public static String shardName(int index, int count) {
    return TFRecordWriter.shardName(PREFIX, index, count);
  }

  /**
   * Writes {@code photos} photos into {@code shards} shards in {@code dir}; photo {@code id} goes
   * to shard {@code id % shards}.
   *
   * @return the shard files, in order
   * @throws IllegalArgumentException when a shard would be empty (fewer photos than shards), which
   *     the runtime refuses, or when {@code dir} already holds TFRecord files, which a reader of
   *     the folder would take together with the new shards
   */
  public List<Path> write(Path dir, int photos, int shards) throws IOException {
    return write(dir, LongStream.range(0, photos).toArray(), shards);
  }

  /**
   * Writes {@code photos} photos of photograph {@code label} only (ids {@code label},
   * {@code label + 2}, ...) into {@code shards} shards in {@code dir}: one of two data sets that a
   * mix of sources reads.
   */
  public List<Path> writeOf(Path dir, long label, int photos, int shards) throws IOException {
    return write(dir, LongStream.range(0, photos).map(k -> label + k * PHOTOS.size()).toArray(),
        shards);
  }

  /** Writes the photos of {@code ids}; the {@code i}-th goes to shard {@code i % shards}. */
  private List<Path> write(Path dir, long[] ids, int shards) throws IOException {
    int photos = ids.length;
    if (photos < shards) {
      throw new IllegalArgumentException(photos + " photos cannot fill " + shards + " shards: a"
          + " shard holds at least one photo; write " + photos + " shards or fewer");
    }
    Files.createDirectories(dir);
    try (Stream<Path> old = Files.list(dir)) {
      List<String> shardFiles = old.map(f -> f.getFileName().toString())
          .filter(name -> name.endsWith(".tfrecord")).sorted().toList();
      if (!shardFiles.isEmpty()) {
        throw new IllegalArgumentException(dir + " already holds " + shardFiles.size()
            + " TFRecord file(s), such as " + shardFiles.get(0) + "; new shards beside them would"
            + " be read together with them");
      }
    }
    try (ShardedTFRecordWriter writer =
        ShardedTFRecordWriter.byKey(dir, PREFIX, shards, Compression.NONE)) {
      for (int s = 0; s < shards; s++) { // a shard's photos at a time: memory stays flat
        int shard = s;
        List<byte[]> records = IntStream.range(0, photos)
            .filter(i -> i % shards == shard)
            .parallel()
            .mapToObj(i -> record(ids[i], jpeg(ids[i])))
            .toList();
        for (byte[] record : records) {
          writer.write(shard, record);
        }
      }
      return writer.commit();
    }
  }

  /**
   * Writes the data set into {@code dir} unless it already holds files, saying which on
   * {@code out}: the launcher commands share one data set. The folder appears only complete: the
   * shards are written into a scratch folder beside it, which then takes its name, so a run
   * stopped half-way leaves no partial data set that later runs would read as the whole.
   */
  public static void writeUnlessPresent(Path dir, int photos, int shards, PrintStream out)
      throws IOException {
    writeUnlessPresent(dir, photos, shards, OptionalLong.empty(), out);
  }

  /**
   * Like {@link #writeUnlessPresent(Path, int, int, PrintStream)}, with the photos of one
   * photograph only when {@code label} is given.
   */
  public static void writeUnlessPresent(Path dir, int photos, int shards, OptionalLong label,
      PrintStream out) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IOException(dir + " is a file; the data set needs a folder");
    }
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          out.println("Reading the data set in " + dir);
          return;
        }
      }
    }
    out.printf(Locale.ROOT, "Writing %d photos cut from %s into %d TFRecord shards in %s%n",
        photos, label.isPresent() ? PHOTOS.get((int) label.getAsLong())
            : PHOTOS.size() + " photographs", shards, dir);
    long start = System.nanoTime();
    Path parent = dir.toAbsolutePath().getParent();
    try (ScratchFolder scratch = ScratchFolder.create(parent, "." + dir.getFileName() + ".writing")) {
      PhotoDataset dataset = new PhotoDataset(42);
      if (label.isPresent()) {
        dataset.writeOf(scratch.path(), label.getAsLong(), photos, shards);
      } else {
        dataset.write(scratch.path(), photos, shards);
      }
      Files.deleteIfExists(dir); // empty, or absent
      Files.move(scratch.path(), dir, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new IOException("could not write the data set in " + dir + ": "
          + FileErrors.describe(e), e);
    }
    out.printf(Locale.ROOT, "  done in %.1f s%n", (System.nanoTime() - start) / 1e9);
  }

  /** The JPEG bytes of photo {@code id}. */
  public byte[] jpeg(long id) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003 + id);
    BufferedImage source = photographs.get((int) labelOf(id));
    int h = (int) (source.getHeight() * (0.3 + 0.7 * random.nextDouble()));
    int w = Math.min(source.getWidth(), (int) (h * (0.75 + 0.6 * random.nextDouble())));
    int x = random.nextInt(source.getWidth() - w + 1);
    int y = random.nextInt(source.getHeight() - h + 1);
    int side = minSide + random.nextInt(maxSide - minSide + 1);
    int outW = w >= h ? side : side * w / h;
    int outH = w >= h ? side * h / w : side;
    BufferedImage crop = new BufferedImage(outW, outH, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = crop.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    boolean mirror = random.nextBoolean();
    g.drawImage(source, mirror ? outW : 0, 0, mirror ? 0 : outW, outH, x, y, x + w, y + h, null);
    g.dispose();
    return Jpeg.encode(crop, 0.9f);
  }

  /** Photo {@code id} as the serialized tf.train.Example that {@link EncodedPhoto} declares. */
  public static byte[] record(long id, byte[] jpeg) {
    return FeedlineEncodedPhotoWriter.builder().jpeg(jpeg).label(labelOf(id)).id(id).toByteArray();
  }

  private static BufferedImage load(String name) {
    try (InputStream in = PhotoDataset.class.getResourceAsStream("photos/" + name)) {
      if (in == null) {
        throw new IllegalStateException("photo resource missing: photos/" + name);
      }
      return ImageIO.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read photo " + name, e);
    }
  }
}
