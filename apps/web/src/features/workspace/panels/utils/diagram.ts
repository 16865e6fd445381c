import { areaToAxisPath, extent, indexOfMaxAbs, polylinePath, type XY } from './chart-paths';
import { linearScale, niceDomain, niceTicks, type LinearScale } from './scale';

export type DiagramModel = {
  x: LinearScale;
  y: LinearScale;
  xTicks: number[];
  line: string;
  area: string;
  /** Point of the largest magnitude (null without values). */
  peak: XY | null;
};

/**
 * Geometry of one quantity along the pile (w, M or Q over the level): the value axis always contains zero,
 * the level axis runs downwards from `levels[1]` (head) to `levels[0]` (toe).
 */
export const diagramModel = (
  series: readonly XY[],
  levels: readonly [number, number],
  box: { left: number; top: number; right: number; bottom: number },
): DiagramModel => {
  const range = extent(
    series.map((p) => p.x),
    0,
  ) ?? [0, 0];
  const [lo, hi] = range[0] === range[1] ? [-1, 1] : niceDomain(range[0], range[1], 3);
  const x = linearScale([lo, hi], [box.left, box.right]);
  const y = linearScale([levels[1], levels[0]], [box.top, box.bottom]);
  const k = indexOfMaxAbs(series.map((p) => p.x));
  return {
    x,
    y,
    xTicks: niceTicks(lo, hi, 3),
    line: polylinePath(series, x, y),
    area: areaToAxisPath(series, x, y),
    peak: k < 0 ? null : series[k]!,
  };
};
