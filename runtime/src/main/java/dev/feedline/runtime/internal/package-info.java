/**
 * What generated pipelines call, and nothing else should: not an API.
 *
 * <p>These classes are public only because the code the processor generates, in the user's
 * packages, calls them (the pattern of Dagger's {@code dagger.internal}). They change with the
 * processor that generates the calls, with no promise of compatibility from one release to the
 * next; code written by hand uses {@link dev.feedline.runtime} instead. The doctor, the tools and
 * the benchmarks, which ship with the runtime, may use them too.
 *
 * <p>This package holds the iterator behind a pipeline ({@code DatasetIterator} and the parts it
 * coordinates), the dataset ops and element specs a generated chain is built of, seeds, the memory
 * guard and the checks made at build time. Its sub-packages hold what belongs together:
 * {@link dev.feedline.runtime.internal.files} (data files, their framing, identities and counts),
 * {@link dev.feedline.runtime.internal.examples} (tf.Example features, parsing and building) and
 * {@link dev.feedline.runtime.internal.cache} (file caches, snapshots and their folders).
 */
package dev.feedline.runtime.internal;
