package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.MemberValues;
import dev.feedline.processor.model.kinds.StageCoder;
import dev.feedline.processor.model.kinds.StageDefinition;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A stage annotation's catalogue entry: its annotation type, the form of method it goes on, how
 * its values are read into its kind's {@link StageDefinition} (which answers every other
 * question about the kind) and its {@link Member}s. Each definition class declares its own entry
 * as {@code KIND} and its members from it, so adding a kind edits no list here
 * (docs/architecture.md).
 */
public final class StageKind {

  /** How a stage of this kind is declared. */
  public enum Form {
    /** An abstract method without parameters. */
    SOURCE,
    /** An abstract method from the previous element to its own. */
    BUILT_IN,
    /** A static method {@code (Ops tf, In element)} whose body is graph code. */
    BODY
  }

  /** What a kind of stage does. */
  public enum Trait {
    /** Its output element type is its input element type. */
    KEEPS_TYPE,
    /** It stacks elements into batches, adding a leading dimension. */
    BATCHES,
    /** It may stand on file names, between a {@code @TFRecordSource} and its reader. */
    ON_FILE_NAMES,
    /** It runs a graph function on every element. */
    RUNS_FUNCTION,
    /**
     * It turns each element into another: what a cache belongs after, and what runs per element.
     */
    TRANSFORMS,
    /** It has a {@code parallel} member. */
    PARALLEL,
    /**
     * It hands out some of its input's elements, or all, each unchanged (filter, take, skip,
     * shard, repeat, prefetch): a serving function, which answers every request element, leaves
     * it out rather than ending there.
     */
    SELECTS
  }

  private final Class<? extends Annotation> annotation;
  private final Form form;
  private final Function<MemberValues, ? extends StageDefinition> reader;
  private final List<Member> members = new ArrayList<>();

  /**
   * The entry of a kind whose definition's static {@code read} is {@code reader}; only a
   * definition class calls this, for its {@code KIND}.
   */
  public StageKind(Class<? extends Annotation> annotation, Form form,
      Function<MemberValues, ? extends StageDefinition> reader) {
    this.annotation = annotation;
    this.form = form;
    this.reader = reader;
  }

  /**
   * Every kind: one for each method of {@link StageCoder}, whose parameter is the kind's
   * definition class, whose {@code KIND} is the entry. The coder is the list because the compiler
   * already asks every kind for its method there (docs/architecture.md); ordered by annotation
   * name. {@code KindCatalogueTest} checks that every definition class is in it.
   */
  public static List<StageKind> all() {
    return Catalogue.ALL;
  }

  /** Filled on first use, when every definition class can be initialized. */
  private static final class Catalogue {
    static final List<StageKind> ALL = read();
    /** By annotation's qualified name: the processor asks for every annotation it reads. */
    static final java.util.Map<String, StageKind> BY_ANNOTATION = ALL.stream().collect(
        java.util.stream.Collectors.toUnmodifiableMap(StageKind::annotationQualifiedName,
            kind -> kind));

    private static List<StageKind> read() {
      List<StageKind> kinds = new ArrayList<>();
      for (Method method : StageCoder.class.getMethods()) {
        if (Modifier.isAbstract(method.getModifiers())) {
          kinds.add(kindOf(method.getParameterTypes()[0]));
        }
      }
      kinds.sort(Comparator.comparing(StageKind::annotation));
      return List.copyOf(kinds);
    }

    private static StageKind kindOf(Class<?> definition) {
      try {
        return (StageKind) definition.getField("KIND").get(null);
      } catch (ReflectiveOperationException | ClassCastException e) {
        throw new IllegalStateException(definition.getName()
            + " declares no public static final StageKind KIND", e);
      }
    }
  }

  /**
   * Declares the member {@code name} of this kind's annotation, shown {@code display}: what a
   * definition class's member constants are made of, in the annotation's order.
   *
   * @throws IllegalArgumentException when the annotation has no such member
   */
  public Member member(String name, Member.Display display) {
    if (Arrays.stream(annotation.getDeclaredMethods()).noneMatch(m -> m.getName().equals(name))) {
      throw new IllegalArgumentException("@" + annotation() + " has no member " + name);
    }
    Member member = new Member(this, name, display);
    members.add(member);
    return member;
  }

  /** A member shown as is: a number, a boolean, an enum constant or a class. */
  public Member member(String name) {
    return member(name, Member.Display.PLAIN);
  }

  /** The members of its annotation, in the order its definition declares them. */
  public List<Member> members() {
    return Collections.unmodifiableList(members);
  }

  /**
   * Reads a stage of this kind from its annotation's values: its definition's {@code read}. The
   * definition's {@link StageDefinition#kind()} is this entry (a unit test checks it).
   */
  public StageDefinition read(MemberValues values) {
    return reader.apply(values);
  }

  /** The annotation type, such as {@code dev.feedline.Map}. */
  public Class<? extends Annotation> annotationType() {
    return annotation;
  }

  /** The annotation's simple name, such as {@code Map}. */
  public String annotation() {
    return annotation.getSimpleName();
  }

  public String annotationQualifiedName() {
    return annotation.getCanonicalName();
  }

  /** The annotation's name in constant case ({@code DECODE_JPEG}, {@code TFRECORD_SOURCE}). */
  public String name() {
    return annotation().replaceAll("(?<=[a-z0-9])(?=[A-Z])", "_")
        .toUpperCase(java.util.Locale.ROOT);
  }

  public Form form() {
    return form;
  }

  public boolean isSource() {
    return form == Form.SOURCE;
  }

  public static Optional<StageKind> ofAnnotation(String qualifiedName) {
    return Optional.ofNullable(Catalogue.BY_ANNOTATION.get(qualifiedName));
  }

  @Override
  public String toString() {
    return "@" + annotation();
  }
}
