package dev.feedline.runtime.internal;

import static java.util.Map.entry;

import dev.feedline.runtime.ElementRandom;
import dev.feedline.runtime.FeedlineException;
import dev.feedline.runtime.PipelineInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tensorflow.ConcreteFunction;
import org.tensorflow.proto.NodeDef;

/**
 * Refuses, when the pipeline is built, a traced function that must be reproducible but draws from
 * a stateful random op: a map that takes an {@link ElementRandom}, or a map or filter of a
 * {@code @Pipeline(reproducible = true)} that is not declared random. A stateful op's values depend
 * on which thread runs which element, differ from run to run unless seeded, and are not in an
 * iterator's checkpoint; each has a stateless counterpart that takes a seed.
 *
 * <p>Only the function's own nodes are read: ops inside functions it calls (an {@code If}'s
 * branches) are not.
 */
public final class StatefulRandomCheck {
  /** Stateful random ops, by type, and the stateless op to use instead. */
  static final Map<String, String> STATELESS = Map.ofEntries(
      entry("RandomUniform", "StatelessRandomUniformV2 (ElementRandom.uniform)"),
      entry("RandomUniformInt", "StatelessRandomUniformIntV2 (ElementRandom.uniformInt)"),
      entry("RandomStandardNormal", "StatelessRandomNormalV2 (ElementRandom.normal)"),
      entry("TruncatedNormal", "StatelessTruncatedNormalV2"),
      entry("ParameterizedTruncatedNormal", "StatelessParameterizedTruncatedNormal"),
      entry("RandomShuffle", "StatelessShuffle"),
      entry("RandomGamma", "StatelessRandomGammaV3"),
      entry("RandomPoisson", "StatelessRandomPoisson"),
      entry("RandomPoissonV2", "StatelessRandomPoisson"),
      entry("Multinomial", "StatelessMultinomial"),
      entry("RandomCrop", "ElementRandom.crop"),
      entry("SampleDistortedBoundingBox", "StatelessSampleDistortedBoundingBox"),
      entry("SampleDistortedBoundingBoxV2", "StatelessSampleDistortedBoundingBox"),
      entry("StatefulUniform", "StatelessRandomUniformV2 (ElementRandom.uniform)"),
      entry("StatefulUniformInt", "StatelessRandomUniformIntV2 (ElementRandom.uniformInt)"),
      entry("StatefulUniformFullInt", "StatelessRandomUniformFullIntV2"),
      entry("StatefulStandardNormal", "StatelessRandomNormalV2 (ElementRandom.normal)"),
      entry("StatefulStandardNormalV2", "StatelessRandomNormalV2 (ElementRandom.normal)"),
      entry("StatefulTruncatedNormal", "StatelessTruncatedNormalV2"),
      entry("StatefulRandomBinomial", "StatelessRandomBinomial"),
      entry("RandomBinomial", "StatelessRandomBinomial"));

  private StatefulRandomCheck() {}

  /**
   * Fails when the function of a map that takes an {@link ElementRandom} runs a stateful random
   * op, naming each op it runs and the stateless op to use instead.
   */
  public static void requireSeeded(PipelineInfo pipeline, String stage, ConcreteFunction function) {
    Map<String, String> found = stateful(function);
    if (!found.isEmpty()) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stage(stage), null,
          "its graph runs " + named(found) + ", whose values depend on which thread maps which"
              + " element and are not restored from a checkpoint; draw them from the stage's"
              + " ElementRandom with a stateless op instead: " + replacements(found) + ".", null);
    }
  }

  /**
   * Fails when the function of a map or filter of a reproducible pipeline, not declared random,
   * runs a stateful random op.
   */
  public static void requireDeterministic(PipelineInfo pipeline, String stage,
      ConcreteFunction function) {
    Map<String, String> found = stateful(function);
    if (!found.isEmpty()) {
      throw new FeedlineException(pipeline.simpleName(), pipeline.stage(stage), null,
          "its graph runs " + named(found) + ", but pipeline " + pipeline.simpleName() + " is"
              + " declared reproducible and the stage is not random, so its values would differ"
              + " from run to run; draw them in a @Map(random = true) that takes an ElementRandom"
              + " after its element, with a stateless op: " + replacements(found) + ".", null);
    }
  }

  /** The stateful random ops the function runs, sorted, each with its stateless counterpart. */
  private static Map<String, String> stateful(ConcreteFunction function) {
    Map<String, String> found = new TreeMap<>();
    for (NodeDef node : function.getFunctionDef().getNodeDefList()) {
      String stateless = STATELESS.get(node.getOp());
      if (stateless != null) {
        found.put(node.getOp(), stateless);
      }
    }
    return found;
  }

  /** {@code the stateful random op RandomUniform}, or {@code ... ops A and B}. */
  private static String named(Map<String, String> found) {
    List<String> ops = new ArrayList<>(found.keySet());
    return ops.size() == 1 ? "the stateful random op " + ops.get(0)
        : "the stateful random ops " + String.join(", ", ops.subList(0, ops.size() - 1)) + " and "
            + ops.get(ops.size() - 1);
  }

  /** {@code StatelessShuffle}, or {@code StatelessShuffle for RandomShuffle, ...}. */
  private static String replacements(Map<String, String> found) {
    if (found.size() == 1) {
      return found.values().iterator().next();
    }
    List<String> each = new ArrayList<>();
    found.forEach((op, stateless) -> each.add(stateless + " for " + op));
    return String.join(", ", each);
  }
}
