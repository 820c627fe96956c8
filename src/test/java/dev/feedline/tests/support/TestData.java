package dev.feedline.tests.support;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.feedline.runtime.TFRecordWriter;
import dev.feedline.tests.pipelines.FeedlineRowWriter;
import dev.feedline.tests.pipelines.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.proto.Example;
import org.tensorflow.proto.Feature;
import org.tensorflow.proto.Features;
import org.tensorflow.proto.Int64List;

/**
 * TFRecord files of test rows, written by the runtime's {@code TFRecordWriter} and the generated
 * writer of {@link Row}: row {@code id} has {@code label = id % 10} and
 * {@code values = [id, 2·id, 3·id]}, so every parsed value can be checked from its id.
 */
public final class TestData {
  private TestData() {}

  /** Row {@code id}, serialized by the generated writer of {@link Row}. */
  public static byte[] rowRecord(long id) {
    return FeedlineRowWriter.builder().id(id).label(id % 10).values(id, 2 * id, 3 * id)
        .toByteArray();
  }

  /** The Example of row {@code id}, for tests that take it apart. */
  public static Example row(long id) {
    try {
      return Example.parseFrom(rowRecord(id));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("the generated writer wrote no Example", e);
    }
  }

  /** Row {@code id} without its {@code values} feature. */
  public static Example rowWithoutValues(long id) {
    return Example.newBuilder()
        .setFeatures(Features.newBuilder().putFeature("id", int64(id)).putFeature("label", int64(id % 10)))
        .build();
  }

  /**
   * Writes rows {@code 0 .. files·perFile - 1} into {@code files} files; file {@code f} holds
   * the ids {@code f·perFile ..}.
   */
  public static List<Path> writeRows(Path dir, int files, int perFile) throws IOException {
    List<Path> paths = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      Path path = dir.resolve("rows-" + f + ".tfrecord");
      try (TFRecordWriter writer = new TFRecordWriter(path)) {
        for (int i = 0; i < perFile; i++) {
          writer.write(rowRecord((long) f * perFile + i));
        }
        writer.commit();
      }
      paths.add(path);
    }
    return paths;
  }

  /** Writes the given examples into one file. */
  public static Path write(Path file, List<Example> examples) throws IOException {
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (Example example : examples) {
        writer.write(example.toByteArray());
      }
      writer.commit();
    }
    return file;
  }

  /** Writes the given serialized records, valid Examples or not, into one file. */
  public static Path writeRecords(Path file, List<byte[]> records) throws IOException {
    try (TFRecordWriter writer = new TFRecordWriter(file)) {
      for (byte[] record : records) {
        writer.write(record);
      }
      writer.commit();
    }
    return file;
  }

  private static Feature int64(long value) {
    return Feature.newBuilder().setInt64List(Int64List.newBuilder().addValue(value)).build();
  }
}
