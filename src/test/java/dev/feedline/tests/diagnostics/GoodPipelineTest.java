package dev.feedline.tests.diagnostics;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import dev.feedline.tests.support.Sources;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The baseline every diagnostic test breaks one line of. */
class GoodPipelineTest {
  @Test
  void theGoodPipelineCompilesWithoutAnyDiagnosticAndGeneratesItsClass() {
    JavaFileObject good = Sources.pipeline("Good", Sources.GOOD_STAGES);
    Compilation compilation = Sources.compile(good);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.FeedlineGood");
  }
}
