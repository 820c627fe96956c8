package dev.feedline.processor.model;

import dev.feedline.processor.model.kinds.StageDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The static model of the element between two stages, which every check reads: the batch
 * dimensions in front of every component, and the whole shape of the components whose shape is
 * not their declared one with those dimensions in front (a length a padded batch fixed). It is
 * carried down the chain by {@link #next}, from each kind's own answers: {@code outer(...)} for
 * the batch dimensions, {@code KEEPS_TYPE} for whether the element goes on or a new one is made,
 * and a padded batch's pads.
 *
 * @param outer the batch dimensions in front of every component: empty when not batched
 * @param shapes the whole shapes, batch dimensions included, that differ from the declared ones
 */
public record ElementModel(List<Long> outer, Map<String, StaticShape> shapes) {
  /** What a source takes: nothing, not batched. */
  public static final ElementModel NONE = new ElementModel(List.of(), Map.of());

  public ElementModel {
    outer = List.copyOf(outer);
    shapes = Map.copyOf(shapes);
  }

  /** Whether the element is a batch: a batching stage stacked it and nothing split it since. */
  public boolean batched() {
    return !outer.isEmpty();
  }

  /** A component's whole shape, batch dimensions included. */
  public StaticShape shapeOf(Component component) {
    StaticShape shape = shapes.get(component.name());
    return shape != null ? shape : component.shape().withOuter(outer);
  }

  /** A component's shape in one element, without the batch dimensions in front. */
  public StaticShape innerShapeOf(Component component) {
    List<Long> dims = shapeOf(component).dims();
    return new StaticShape(dims.subList(Math.min(outer.size(), dims.size()), dims.size()));
  }

  /**
   * Whether the first dimension of a component varies from element to element, as a padded
   * batch or a bucketing sees it: one declared -1, or a window's that keeps its remainder.
   */
  public boolean variesInLength(Component component) {
    StaticShape shape = shapeOf(component);
    return shape.rank() > 0 && shape.dims().get(0) == StaticShape.UNKNOWN;
  }

  /**
   * The element {@code definition} hands out, given {@code in}: its batch dimensions from
   * {@code outer(...)}; a stage that makes new elements starts from their declared shapes; one
   * that keeps the element adds, takes off or resizes the outermost dimension of every carried
   * shape as it does the batch dimensions; a padded batch fixes the lengths it pads to.
   */
  public static ElementModel next(StageDefinition definition, ElementType input,
      ElementModel in) {
    List<Long> outer = definition.outer(in.outer);
    Map<String, StaticShape> shapes = new HashMap<>();
    if (definition.traits().contains(StageKind.Trait.KEEPS_TYPE)) {
      int change = outer.size() - in.outer.size();
      for (Map.Entry<String, StaticShape> carried : in.shapes.entrySet()) {
        shapes.put(carried.getKey(),
            new StaticShape(outermost(carried.getValue().dims(), outer, change)));
      }
    }
    if (definition instanceof StageDefinition.Padding padding && input != null) {
      for (StageDefinition.Pad pad : padding.padding()) {
        input.component(pad.component()).filter(in::variesInLength)
            .filter(c -> pad.length().isPresent())
            .ifPresent(c -> {
              List<Long> dims = new ArrayList<>(in.shapeOf(c).dims());
              dims.set(0, pad.length().getAsLong());
              shapes.put(c.name(), new StaticShape(outermost(dims, outer, 1)));
            });
      }
    }
    return new ElementModel(outer, shapes);
  }

  /** {@code dims} after a stage that adds ({@code change > 0}) or takes off outer dimensions. */
  private static List<Long> outermost(List<Long> dims, List<Long> outer, int change) {
    List<Long> out = new ArrayList<>();
    if (change > 0) {
      out.addAll(outer.subList(0, change));
      out.addAll(dims);
    } else {
      out.addAll(dims.subList(Math.min(-change, dims.size()), dims.size()));
      if (change == 0 && !outer.isEmpty() && !out.isEmpty()) {
        out.set(0, outer.get(0)); // a rebatch resizes the outermost one
      }
    }
    return out;
  }
}
