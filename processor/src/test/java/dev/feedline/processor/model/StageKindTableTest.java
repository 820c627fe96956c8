package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.StageDefinition;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The table of stage kinds against the annotations users write: every stage annotation has a
 * kind; every member of it a {@link Member}, and a component of the kind's {@link StageDefinition}
 * record of the same name. A kind added without any of these fails here.
 */
class StageKindTableTest {
  /**
   * The stage annotations: every annotation type in the annotations module's {@code dev.feedline}
   * package that goes on a method, found by listing the package, so that a new one is seen.
   */
  private static Set<String> stageAnnotations() throws Exception {
    URI location = dev.feedline.Pipeline.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI();
    Set<String> names = new TreeSet<>();
    Path root = Path.of(location);
    try (FileSystem jar = Files.isDirectory(root) ? null : FileSystems.newFileSystem(root);
        Stream<Path> files = Files.list((jar == null ? root : jar.getPath("/")).resolve("dev/feedline"))) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".class") || name.contains("$")) {
          continue;
        }
        Class<?> type = Class.forName("dev.feedline." + name.replace(".class", ""));
        Target target = type.getAnnotation(Target.class);
        // @Vocabulary, @RunTimeValue and @Statistics mark methods too, but declare inputs.
        if (type.isAnnotation() && target != null && !INPUTS.contains(type.getSimpleName())
            && Arrays.asList(target.value()).contains(ElementType.METHOD)) {
          names.add(type.getSimpleName());
        }
      }
    }
    assertTrue(names.contains("Map") && names.contains("TFRecordSource"), names.toString());
    return names;
  }

  /** Method annotations that are not stages: inputs, and @TrainingOnly, which marks a stage. */
  private static final Set<String> INPUTS = Set.of("Vocabulary", "RunTimeValue", "Statistics",
      "TrainingOnly");

  @Test
  void everyStageAnnotationHasAKind() throws Exception {
    Set<String> kinds = StageKind.all().stream().map(StageKind::annotation)
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(stageAnnotations(), kinds);
  }

  @Test
  void everyMemberOfEveryAnnotationIsAMemberConstant() {
    for (StageKind kind : StageKind.all()) {
      Set<String> declared = Arrays.stream(kind.annotationType().getDeclaredMethods())
          .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
      Set<String> listed = kind.members().stream().map(Member::memberName)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(declared, listed, "members of @" + kind.annotation());
    }
  }

  @Test
  void everyKindHasADefinitionRecordNamedAfterItsAnnotationWithAComponentPerMember()
      throws Exception {
    for (StageKind kind : StageKind.all()) {
      Class<?> record = Class.forName(StageDefinition.class.getPackageName() + "."
          + kind.annotation() + "Stage");
      assertTrue(record.isRecord() && StageDefinition.class.isAssignableFrom(record), record.getName());
      Set<String> components = Arrays.stream(record.getRecordComponents())
          .map(RecordComponent::getName).collect(Collectors.toCollection(TreeSet::new));
      Set<String> members = kind.members().stream().map(Member::memberName)
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(members, components, "components of " + record.getSimpleName());
    }
  }

  @Test
  void sentinelMembersAreDisplayedByName() {
    for (Member member : StageKind.all().stream().flatMap(k -> k.members().stream()).toList()) {
      assertNotNull(member.display(), member.toString());
      if (member.memberName().equals("parallel")) {
        assertEquals(Member.Display.PARALLELISM, member.display(), member.toString());
      }
    }
  }
}
