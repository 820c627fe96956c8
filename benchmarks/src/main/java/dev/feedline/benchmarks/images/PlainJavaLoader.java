package dev.feedline.benchmarks.images;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import javax.imageio.ImageIO;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.proto.Example;
import org.tensorflow.types.TUint8;

/**
 * Variant 5: a plain-Java loader of the kind Java users write, or get from DJL: a thread reads the
 * TFRecord files, an executor with one thread per core decodes each JPEG with ImageIO and resizes
 * it with Java2D's bilinear filter, a bounded queue keeps two batches decoded ahead, and each batch
 * becomes a tensor for the session. It reads the files in order: no shuffle, no cache.
 */
final class PlainJavaLoader implements Loader {
  private static final int SIZE = 224;
  private static final int BATCH = 32;
  private static final Future<byte[]> END = CompletableFuture.completedFuture(null);

  private final List<String> files;
  private final ExecutorService decoders =
      Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());

  PlainJavaLoader(List<String> files) {
    this.files = files;
  }

  @Override
  public void epoch(Consumer<Tensor> batches) {
    BlockingQueue<Future<byte[]>> ahead = new ArrayBlockingQueue<>(2 * BATCH);
    Thread reader = new Thread(() -> read(ahead), "plain-java-reader");
    reader.start();
    try {
      byte[] batch = new byte[BATCH * SIZE * SIZE * 3];
      int count = 0;
      for (Future<byte[]> image = ahead.take(); image != END; image = ahead.take()) {
        System.arraycopy(image.get(), 0, batch, count * SIZE * SIZE * 3, SIZE * SIZE * 3);
        if (++count == BATCH) {
          hand(batches, batch, count);
          count = 0;
        }
      }
      if (count > 0) {
        hand(batches, batch, count);
      }
      reader.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a photo did not decode", e.getCause());
    }
  }

  private static void hand(Consumer<Tensor> batches, byte[] pixels, int count) {
    try (TUint8 images = TUint8.tensorOf(Shape.of(count, SIZE, SIZE, 3),
        DataBuffers.of(pixels, true, false).narrow((long) count * SIZE * SIZE * 3))) {
      batches.accept(images);
    }
  }

  private void read(BlockingQueue<Future<byte[]>> ahead) {
    try {
      for (String file : files) {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(Path.of(file)))) {
          for (byte[] record = next(in); record != null; record = next(in)) {
            byte[] jpeg = Example.parseFrom(record).getFeatures().getFeatureMap()
                .get("image/encoded").getBytesList().getValue(0).toByteArray();
            ahead.put(decoders.submit(() -> decode(jpeg)));
          }
        }
      }
      ahead.put(END);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The next record's data (checksums not checked), or null at the end of the file. */
  private static byte[] next(DataInputStream in) throws IOException {
    byte[] header = new byte[12];
    try {
      in.readFully(header);
    } catch (EOFException end) {
      return null;
    }
    long length = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
    byte[] data = new byte[(int) length];
    in.readFully(data);
    in.skipNBytes(4);
    return data;
  }

  /** Decodes and resizes one JPEG to 224×224 RGB, 8-bit pixels. */
  static byte[] decode(byte[] jpeg) throws IOException {
    BufferedImage source;
    try (InputStream in = new ByteArrayInputStream(jpeg)) {
      source = ImageIO.read(in);
    }
    BufferedImage resized = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = resized.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    g.drawImage(source, 0, 0, SIZE, SIZE, null);
    g.dispose();
    int[] rgb = resized.getRGB(0, 0, SIZE, SIZE, null, 0, SIZE);
    byte[] pixels = new byte[SIZE * SIZE * 3];
    for (int i = 0; i < rgb.length; i++) {
      pixels[3 * i] = (byte) (rgb[i] >> 16);
      pixels[3 * i + 1] = (byte) (rgb[i] >> 8);
      pixels[3 * i + 2] = (byte) rgb[i];
    }
    return pixels;
  }

  @Override
  public void close() {
    decoders.shutdownNow();
  }
}
