package dev.feedline.example;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

/**
 * A word as its TFRecord holds it, written through the generated {@code FeedlineSpellingWriter}:
 * the word as the dictionary spells it, and its number of syllables. The pipeline's map splits it
 * into its letters ({@link SpellingPipelines.Words#encode}).
 */
@Element
public record Spelling(
    @Shape({}) Operand<TString> word,
    @Shape({}) Operand<TInt64> syllables) {}
