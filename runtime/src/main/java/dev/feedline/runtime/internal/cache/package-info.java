/**
 * File caches and snapshots, for generated code and the {@code cache} command only (see
 * {@link dev.feedline.runtime.internal}): the key of each (a fingerprint of the graph up to it),
 * the folder it is kept in, and listing and pruning those folders. Not an API.
 */
package dev.feedline.runtime.internal.cache;
