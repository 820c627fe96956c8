package dev.feedline.tests.support;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.tools.DiagnosticListener;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;

/**
 * The Eclipse compiler with its console output dropped: given no writer, ecj prints every problem
 * to standard error besides reporting it to the diagnostic listener the tests read.
 */
final class QuietEclipseCompiler implements JavaCompiler {
  private final EclipseCompiler ecj = new EclipseCompiler();

  @Override
  public CompilationTask getTask(Writer out, JavaFileManager fileManager,
      DiagnosticListener<? super JavaFileObject> diagnosticListener, Iterable<String> options,
      Iterable<String> classes, Iterable<? extends JavaFileObject> compilationUnits) {
    return ecj.getTask(out == null ? Writer.nullWriter() : out, fileManager, diagnosticListener,
        options, classes, compilationUnits);
  }

  @Override
  public StandardJavaFileManager getStandardFileManager(
      DiagnosticListener<? super JavaFileObject> diagnosticListener, Locale locale, Charset charset) {
    return ecj.getStandardFileManager(diagnosticListener, locale, charset);
  }

  @Override
  public int isSupportedOption(String option) {
    return ecj.isSupportedOption(option);
  }

  @Override
  public int run(InputStream in, OutputStream out, OutputStream err, String... arguments) {
    return ecj.run(in, out, err, arguments);
  }

  @Override
  public Set<SourceVersion> getSourceVersions() {
    return ecj.getSourceVersions();
  }
}
