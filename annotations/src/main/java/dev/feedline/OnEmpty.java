package dev.feedline;

/** What a {@link Mix} or {@link Choose} does when one of its pipelines runs out of elements. */
public enum OnEmpty {
  /** End the epoch: tf.data's {@code stop_on_empty_dataset=True}. */
  STOP,
  /** Go on with the pipelines that still have elements, until all are empty. */
  CONTINUE
}
