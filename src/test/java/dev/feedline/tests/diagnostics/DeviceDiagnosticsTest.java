package dev.feedline.tests.diagnostics;

import static dev.feedline.tests.support.Diagnostics.assertOnly;
import static dev.feedline.tests.support.Diagnostics.columnOf;
import static dev.feedline.tests.support.Diagnostics.warningsAndErrors;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Device stages: after the batch and the prefetch, only device stages after them, vectorized. */
class DeviceDiagnosticsTest {
  private static final String SOURCE = "  @InMemorySource(records = 64) Image images();";
  private static final String BATCH = "  @Batch(size = 4) Image batch(Image image);";
  private static final String PREFETCH = "  @Prefetch(AUTO) Image prefetch(Image batch);";
  private static final String TO_DEVICE = "  @PrefetchToDevice Image toDevice(Image batch);";

  private static List<String> deviceMap(String annotation) {
    return List.of(annotation + " static Image normalize(Ops tf, Image in) {",
        "    return new Image(tf.math.mul(in.pixels(), tf.constant(2f)), in.label());",
        "  }");
  }

  private static final List<String> NORMALIZE = deviceMap("  @Map(vectorized = true, onDevice = true)");

  private static List<String> lines(Object... parts) {
    List<String> lines = new ArrayList<>();
    for (Object part : parts) {
      if (part instanceof List<?> many) {
        many.forEach(line -> lines.add((String) line));
      } else {
        lines.add((String) part);
      }
    }
    return lines;
  }

  @Test
  void aDeviceMapAfterThePrefetchAndAPrefetchToDeviceAtTheEndAreClean() {
    Compilation compilation = Sources.compile(
        Sources.pipeline("Good", lines(SOURCE, BATCH, PREFETCH, NORMALIZE, TO_DEVICE)));
    assertEquals(List.of(), warningsAndErrors(compilation));
    assertEquals(Compilation.Status.SUCCESS, compilation.status());
  }

  @Test
  void aDeviceMapMustBeVectorized() {
    JavaFileObject source = Sources.pipeline("Bad",
        lines(SOURCE, BATCH, PREFETCH, deviceMap("  @Map(onDevice = true)"), TO_DEVICE));
    Diagnostic<? extends JavaFileObject> error = assertOnly(Sources.compile(source),
        Diagnostic.Kind.ERROR, "[feedline:device-stage-not-vectorized] @Map 'normalize' runs on the"
            + " device, on whole batches, but is not vectorized; declare `vectorized = true` if"
            + " every op in it accepts the leading batch dimension, else keep it in tf.data before"
            + " @Batch.", source, "@Map(onDevice = true)");
    assertEquals(columnOf(source, "@Map(onDevice = true)", "true"), error.getColumnNumber());
  }

  @Test
  void deviceStagesComeAfterTheBatchAndThePrefetch() {
    JavaFileObject source = Sources.pipeline("Bad", lines(SOURCE, BATCH, NORMALIZE, TO_DEVICE));
    assertOnly(Sources.compile(source), Diagnostic.Kind.ERROR, "[feedline:device-stage-placement]"
        + " @Map 'normalize' runs on the device, on batches the iterator hands out, but no @Batch"
        + " and @Prefetch come before it in tf.data; batch and prefetch first: `@Batch(size ="
        + " ...)`, `@Prefetch(AUTO)`.", source, "onDevice = true");
  }

  @Test
  void aTfDataStageAfterADeviceStageIsAnError() {
    JavaFileObject source = Sources.pipeline("Bad", lines(SOURCE, BATCH, PREFETCH, NORMALIZE,
        "  @Shuffle(buffer = 10) Image late(Image batch);"));
    assertOnly(Sources.compile(source), Diagnostic.Kind.ERROR, "[feedline:device-stage-placement]"
        + " @Map 'normalize' runs on the device after the iterator, but @Shuffle 'late' after it"
        + " runs in tf.data; move @Shuffle 'late' before the device stages, or run it on the device"
        + " too.", source, "Image late(");
  }

  @Test
  void aPrefetchToDeviceMustBeLast() {
    JavaFileObject source = Sources.pipeline("Bad", lines(SOURCE, BATCH, PREFETCH, TO_DEVICE,
        NORMALIZE));
    assertOnly(Sources.compile(source), Diagnostic.Kind.ERROR, "[feedline:device-stage-placement]"
        + " @PrefetchToDevice 'toDevice' copies finished batches to the device, so it must be the"
        + " last stage, but @Map 'normalize' follows it; move 'toDevice' to the end.", source,
        "Image toDevice(");
  }
}
