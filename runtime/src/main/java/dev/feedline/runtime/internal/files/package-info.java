/**
 * A pipeline's data files, for generated code only (see {@link dev.feedline.runtime.internal}): the
 * file list and what is read from it ({@code DataFiles}, {@code DataSource}), each file's identity
 * and record counts, the TFRecord framing and its checks, CSV columns. Not an API.
 */
package dev.feedline.runtime.internal.files;
