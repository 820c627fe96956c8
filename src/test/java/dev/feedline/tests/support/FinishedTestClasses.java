package dev.feedline.tests.support;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * The test classes that have run to their end in this JVM, so that a test over what others saw
 * ({@code MessageCatalogueTest}) can run those that have not. Every launcher registers it, through
 * META-INF/services.
 */
public final class FinishedTestClasses implements TestExecutionListener {
  private static final Set<String> FINISHED = ConcurrentHashMap.newKeySet();

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    test.getSource().filter(ClassSource.class::isInstance)
        .ifPresent(source -> FINISHED.add(((ClassSource) source).getClassName()));
  }

  public static Set<String> all() {
    return Set.copyOf(FINISHED);
  }
}
