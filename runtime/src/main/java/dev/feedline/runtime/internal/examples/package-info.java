/**
 * tf.Example features for generated code only (see {@link dev.feedline.runtime.internal}): the
 * features a record declares, parsing them in the graph and building them from Java values in a
 * record's writer. Not an API.
 */
package dev.feedline.runtime.internal.examples;
