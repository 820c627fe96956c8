package dev.feedline.processor.model.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.feedline.processor.model.StageKind;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What {@code sealed} promised before the catalogue was derived from the definitions: every
 * implementation of {@link StageDefinition} in the processor is a record in this package, and is
 * in the catalogue through its method of {@link StageCoder} and its {@code KIND}. The classes
 * are found by listing the processor's compiled classes, so that a new one is seen.
 */
class KindCatalogueTest {
  private static List<Class<?>> processorClasses() throws Exception {
    Path root = Path.of(StageDefinition.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    try (Stream<Path> files = Files.walk(root)) {
      List<String> names = files.map(root::relativize).map(Path::toString)
          .filter(name -> name.endsWith(".class"))
          .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
          .sorted().toList();
      List<Class<?>> classes = new java.util.ArrayList<>();
      for (String name : names) {
        classes.add(Class.forName(name, false, StageDefinition.class.getClassLoader()));
      }
      return classes;
    }
  }

  /** The concrete implementations of StageDefinition anywhere in the processor. */
  private static List<Class<?>> definitions() throws Exception {
    return processorClasses().stream()
        .filter(StageDefinition.class::isAssignableFrom)
        .filter(c -> !c.isInterface() && !Modifier.isAbstract(c.getModifiers()))
        .toList();
  }

  @Test
  void everyDefinitionIsARecordInTheKindsPackage() throws Exception {
    List<Class<?>> definitions = definitions();
    assertEquals(StageKind.all().size(), definitions.size(), definitions.toString());
    for (Class<?> definition : definitions) {
      assertTrue(definition.isRecord(), definition.getName());
      assertEquals(StageDefinition.class.getPackageName(), definition.getPackageName(),
          definition.getName());
    }
  }

  @Test
  void everyDefinitionHasItsCoderMethodAndItsEntry() throws Exception {
    Set<String> coded = Arrays.stream(StageCoder.class.getMethods())
        .map(m -> m.getParameterTypes()[0].getName())
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> defined = definitions().stream().map(Class::getName)
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(defined, coded);
    for (Class<?> definition : definitions()) {
      StageKind kind = (StageKind) definition.getField("KIND").get(null);
      assertTrue(StageKind.all().contains(kind), definition.getName());
      assertEquals(definition.getSimpleName(), kind.annotation() + "Stage");
      Method read = definition.getMethod("read", MemberValues.class);
      assertSame(definition, read.getReturnType(), definition.getName());
    }
  }

  @Test
  void theCatalogueHasOneEntryPerAnnotation() {
    Set<String> annotations = StageKind.all().stream().map(StageKind::annotation)
        .collect(Collectors.toSet());
    assertEquals(StageKind.all().size(), annotations.size());
    assertEquals(30, StageKind.all().size(), "28 kinds, @Rebatch and @Split");
  }
}
