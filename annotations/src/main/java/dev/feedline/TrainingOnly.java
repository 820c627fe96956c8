package dev.feedline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a stage that runs in training only: the serving function of a {@link Serving} pipeline
 * leaves it out, and says so in its Javadoc. A {@code @Filter} that drops bad training records,
 * or a map that only augments, is one; a stage that the model's inputs depend on is not.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface TrainingOnly {}
