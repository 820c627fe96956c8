package dev.feedline.tests.support;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every Feedline diagnostic the tests in this JVM have seen, so that a last test can check that
 * each wording of the catalogue is exercised by some test.
 */
public final class SeenMessages {
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

  private SeenMessages() {}

  /** Records the compilation's Feedline diagnostics; returns it. */
  public static Compilation record(Compilation compilation) {
    compilation.diagnostics().stream()
        .map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.startsWith("[feedline"))
        .forEach(SEEN::add);
    return compilation;
  }

  public static Set<String> all() {
    return Set.copyOf(SEEN);
  }
}
