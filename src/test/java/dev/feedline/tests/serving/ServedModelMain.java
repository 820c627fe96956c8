package dev.feedline.tests.serving;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
import org.tensorflow.types.TString;

/**
 * Run in a fresh JVM whose class path holds TensorFlow's jars and this class only: loads the
 * SavedModel in {@code args[0]}, feeds it the records of the TFRecord files {@code args[2..]}
 * in order, and writes each output float's bits, for {@code outputs}' names in {@code args[1]}
 * (comma-separated), to {@code args[0]}/served.bin. Nothing of Feedline is loaded.
 */
public final class ServedModelMain {
  private ServedModelMain() {}

  public static void main(String[] args) throws IOException {
    List<byte[]> records = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      records.addAll(readRecords(Path.of(args[i])));
    }
    try (SavedModelBundle model = SavedModelBundle.load(args[0], SavedModelBundle.DEFAULT_TAG);
        TString input = TString.tensorOfBytes(NdArrays.vectorOfObjects(records.toArray(byte[][]::new)));
        Result result = model.function("serving_default").call(Map.of("records", input));
        DataOutputStream out = new DataOutputStream(Files.newOutputStream(
            Path.of(args[0]).resolve("served.bin")))) {
      for (String name : args[1].split(",")) {
        Tensor tensor = result.get(name).orElseThrow();
        TFloat32 values = (TFloat32) tensor;
        float[] flat = new float[(int) values.shape().size()];
        values.copyTo(DataBuffers.of(flat, false, false));
        out.writeInt(flat.length);
        for (float f : flat) {
          out.writeInt(Float.floatToRawIntBits(f));
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
}
