package dev.feedline.processor.model;

/**
 * A member of a stage annotation. Each kind's definition class declares its members as constants
 * ({@code ShuffleStage.SEED}); the reading layer reads values through these, and checks anchor a
 * diagnostic on the value written for one, so no code names a member by a string of its own;
 * {@code StageKindTableTest} checks them against the annotations.
 */
public final class Member {
  /** How a value is written back in generated code and messages: sentinels by their names. */
  public enum Display {
    /** As is: a number, a boolean, an enum constant, a class ({@code Photos.class}). */
    PLAIN,
    /** {@code AUTO}, {@code SEQUENTIAL} or a count. */
    PARALLELISM,
    /** {@code AUTO} or a count. */
    AUTO_OR_COUNT,
    /** {@code RANDOM_SEED} or a seed. */
    SEED,
    /** {@code FOREVER} or a count. */
    COUNT_OR_FOREVER,
    /** A string, as a Java literal. */
    TEXT,
    /** {@code @Pad} annotations, with their written members. */
    PADS
  }

  private final StageKind kind;
  private final String name;
  private final Display display;

  /** Made by {@link StageKind#member}, which checks that the annotation has it. */
  Member(StageKind kind, String name, Display display) {
    this.kind = kind;
    this.name = name;
    this.display = display;
  }

  public Display display() {
    return display;
  }

  /** The stage kind whose annotation declares it. */
  public StageKind kind() {
    return kind;
  }

  /** The member's name in its annotation, such as {@code buffer}. */
  public String memberName() {
    return name;
  }

  /** The member as written in source, such as {@code @Shuffle(seed)}. */
  @Override
  public String toString() {
    return "@" + kind.annotation() + "(" + name + ")";
  }
}
