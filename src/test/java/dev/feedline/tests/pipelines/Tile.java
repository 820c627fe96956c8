package dev.feedline.tests.pipelines;

import dev.feedline.Element;
import dev.feedline.Shape;
import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/** A 64×64 RGB tile: 48 KiB of floats. */
@Element
public record Tile(@Shape({64, 64, 3}) Operand<TFloat32> pixels) {}
