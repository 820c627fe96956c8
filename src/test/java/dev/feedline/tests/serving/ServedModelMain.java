package dev.feedline.tests.serving;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tensorflow.Result;
import org.tensorflow.SavedModelBundle;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * Run in a fresh JVM whose class path holds TensorFlow's jars and this class only: loads the
 * SavedModel in {@code args[0]}, feeds its {@code serving_default} signature's input
 * {@code args[1]} ({@code records}: the records of the TFRecord files {@code args[3..]}, in order;
 * {@code lines}: the lines of the text files {@code args[3..]} after their header line), and
 * writes each output named in {@code args[2]} (comma-separated), float32 or int64, to
 * {@code args[0]}/served.bin: a tag (0 float32, 1 int64), the count, the values' bits. Nothing of
 * Feedline is loaded.
 */
public final class ServedModelMain {
  private ServedModelMain() {}

  public static void main(String[] args) throws IOException {
    String input = args[1];
    List<byte[]> requests = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      requests.addAll(input.equals("records") ? readRecords(Path.of(args[i]))
          : readLines(Path.of(args[i])));
    }
    try (SavedModelBundle model = SavedModelBundle.load(args[0], SavedModelBundle.DEFAULT_TAG);
        TString tensor = TString.tensorOfBytes(
            NdArrays.vectorOfObjects(requests.toArray(byte[][]::new)));
        Result result = model.function("serving_default").call(Map.of(input, tensor));
        DataOutputStream out = new DataOutputStream(Files.newOutputStream(
            Path.of(args[0]).resolve("served.bin")))) {
      for (String name : args[2].split(",")) {
        Tensor values = result.get(name).orElseThrow();
        if (values instanceof TFloat32 floats) {
          float[] flat = new float[(int) floats.shape().size()];
          floats.copyTo(DataBuffers.of(flat, false, false));
          out.writeByte(0);
          out.writeInt(flat.length);
          for (float f : flat) {
            out.writeInt(Float.floatToRawIntBits(f));
          }
        } else {
          long[] flat = new long[(int) values.shape().size()];
          ((TInt64) values).copyTo(DataBuffers.of(flat, false, false));
          out.writeByte(1);
          out.writeInt(flat.length);
          for (long l : flat) {
            out.writeLong(l);
          }
        }
      }
    }
  }

  /** The records of a TFRecord file: length, its CRC, the bytes, their CRC. */
  static List<byte[]> readRecords(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    List<byte[]> records = new ArrayList<>();
    while (bytes.hasRemaining()) {
      long length = bytes.getLong();
      bytes.getInt();
      byte[] record = new byte[Math.toIntExact(length)];
      bytes.get(record);
      bytes.getInt();
      records.add(record);
    }
    return records;
  }

  /** The lines of a text file after its header line, as UTF-8 bytes. */
  static List<byte[]> readLines(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    return lines.subList(1, lines.size()).stream()
        .map(line -> line.getBytes(StandardCharsets.UTF_8)).toList();
  }

  /** Reads back one float32 output of served.bin. */
  static float[] floats(DataInputStream in) throws IOException {
    if (in.readByte() != 0) {
      throw new IOException("not a float32 output");
    }
    float[] values = new float[in.readInt()];
    for (int i = 0; i < values.length; i++) {
      values[i] = Float.intBitsToFloat(in.readInt());
    }
    return values;
  }

  /** Reads back one int64 output of served.bin. */
  static long[] longs(DataInputStream in) throws IOException {
    if (in.readByte() != 1) {
      throw new IOException("not an int64 output");
    }
    long[] values = new long[in.readInt()];
    for (int i = 0; i < values.length; i++) {
      values[i] = in.readLong();
    }
    return values;
  }
}
