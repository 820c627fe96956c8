package dev.feedline.benchmarks.images;

import dev.feedline.runtime.internal.TensorAllocator;
import java.io.File;
import java.util.Arrays;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.TensorFlow;
import org.tensorflow.op.Ops;

/**
 * Starts TensorFlow as the benchmark's runs do, so that it logs its build facts (read by
 * {@link Machine} from standard error), and prints {@code tensorflow=} and {@code allocator=}
 * lines.
 */
public final class MachineProbe {
  private MachineProbe() {}

  public static void main(String[] args) {
    try (Graph graph = new Graph(); Session session = new Session(graph)) {
      Ops tf = Ops.create(graph);
      try (Result result = session.runner().fetch(tf.math.add(tf.constant(1f), tf.constant(2f))).run()) {
        result.get(0); // the first run starts the CPU device, which logs the build's instructions
      }
    }
    String nativeBuild = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(path -> new File(path).getName())
        .filter(name -> name.startsWith("tensorflow-core-native-") && name.endsWith(".jar"))
        .map(name -> name.substring("tensorflow-core-native-".length(), name.length() - 4))
        .findFirst().orElse("unknown");
    System.out.println("tensorflow=TensorFlow " + TensorFlow.version() + " (tensorflow-core-native "
        + nativeBuild + (nativeBuild.contains("gpu") ? ", a GPU build)" : ", a CPU build)"));
    TensorAllocator allocator = TensorAllocator.ofThisProcess();
    System.out.println("allocator=" + (allocator == null ? "unknown" : allocator.description()));
  }
}
