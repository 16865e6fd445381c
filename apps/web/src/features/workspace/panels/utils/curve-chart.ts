import { polylinePath } from './chart-paths';
import { linearScale, niceDomain, niceTicks, type LinearScale } from './scale';

/** One point of the engine's resistance–settlement curve (s in cm, forces in kN). */
export type CurvePoint = { sCm: number; Rs: number; Rb: number; R: number };

export type CurveChartInput = {
  points: readonly CurvePoint[];
  /** Characteristic load per pile E_k [kN]. */
  Ek: number;
  /** Permissible settlement [cm]. */
  allowedSettlementCm: number;
  /** Settlement under E_k [cm]; null when E_k exceeds the curve. */
  settlementCm: number | null;
};

export type CurveChartModel = {
  x: LinearScale;
  y: LinearScale;
  xTicks: number[];
  yTicks: number[];
  paths: { R: string; Rs: string; Rb: string };
};

/**
 * Scales and paths of the resistance–settlement chart in the EA-Pfähle convention: resistance R to the
 * right, settlement s downwards. Both domains include the check lines (E_k, s_allow) and start at zero.
 */
export const curveChartModel = (
  input: CurveChartInput,
  box: { left: number; top: number; right: number; bottom: number },
): CurveChartModel => {
  const maxR = Math.max(0, input.Ek, ...input.points.map((p) => p.R));
  const maxS = Math.max(
    0,
    input.allowedSettlementCm,
    input.settlementCm ?? 0,
    ...input.points.map((p) => p.sCm),
  );
  const [, rHi] = niceDomain(0, maxR > 0 ? maxR * 1.04 : 1, 5);
  const [, sHi] = niceDomain(0, maxS > 0 ? maxS : 1, 5);
  const x = linearScale([0, rHi], [box.left, box.right]);
  const y = linearScale([0, sHi], [box.top, box.bottom]);
  const along = (key: 'R' | 'Rs' | 'Rb') =>
    polylinePath(
      input.points.map((p) => ({ x: p[key], y: p.sCm })),
      x,
      y,
    );
  return {
    x,
    y,
    xTicks: niceTicks(0, rHi, 5),
    yTicks: niceTicks(0, sHi, 5),
    paths: { R: along('R'), Rs: along('Rs'), Rb: along('Rb') },
  };
};
