package dev.feedline.runtime.internal;

import dev.feedline.runtime.PipelineInfo;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bytedeco.javacpp.Pointer;

/**
 * TensorFlow Java wraps every tensor a run hands to Java in a JavaCPP pointer, and JavaCPP, unless
 * told otherwise, reads the process's resident memory from {@code /proc/self/statm} under a
 * process-wide lock each time it registers one, to call the garbage collector before the resident
 * memory passes {@code org.bytedeco.javacpp.maxPhysicalBytes} (by default twice the heap). A
 * pipeline's epoch hands out a tensor per component a batch: on a table's cached epochs, 13 a
 * batch, those reads took half the CPU (docs/performance.md#javacpps-memory-check). Feedline
 * closes every tensor it hands out, so the check guards nothing its tensors need; JavaCPP reads
 * the property once, when it loads, so only the java command line can turn it off, as
 * {@code ./feedline} does. Says so once a process where the check is on.
 */
final class JavaCppMemoryCheck {
  private static final System.Logger LOG = System.getLogger(JavaCppMemoryCheck.class.getName());
  private static final AtomicBoolean NOTED = new AtomicBoolean();

  private JavaCppMemoryCheck() {}

  /** Notes the check, once a process, when {@code pipeline} starts its first epoch with it on. */
  static void noteOnce(PipelineInfo pipeline) {
    note(pipeline, Pointer.maxPhysicalBytes(), NOTED);
  }

  /** Logs {@link #message} when the check is on and {@code noted} was not yet set. */
  static boolean note(PipelineInfo pipeline, long maxPhysicalBytes, AtomicBoolean noted) {
    if (maxPhysicalBytes <= 0 || !noted.compareAndSet(false, true)) {
      return false;
    }
    LOG.log(System.Logger.Level.INFO, message(pipeline, maxPhysicalBytes));
    return true;
  }

  static String message(PipelineInfo pipeline, long maxPhysicalBytes) {
    // No apostrophe: a logger may read the message as a MessageFormat pattern.
    return String.format(Locale.ROOT, "Pipeline %s: JavaCPP reads the resident memory of this"
        + " process from /proc for every tensor an epoch hands to Java"
        + " (org.bytedeco.javacpp.maxPhysicalBytes is %,d bytes);"
        + " -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 on the java command line, as ./feedline"
        + " sets it, turns that off: it took half the CPU of the cached epochs of a table"
        + " (docs/performance.md#javacpps-memory-check)", pipeline.simpleName(),
        maxPhysicalBytes);
  }
}
