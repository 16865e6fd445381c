import { describe, expect, it } from 'vitest';
import { curveChartModel } from './curve-chart';

const box = { left: 50, top: 20, right: 450, bottom: 220 };
// Points of load point 101 of docs/examples/example-project.json (engine output, rounded).
const points = [
  { sCm: 0, Rs: 0, Rb: 0, R: 0 },
  { sCm: 0.7517, Rs: 503.46, Rb: 516.61, R: 1020.06 },
  { sCm: 2, Rs: 503.46, Rb: 1374.45, R: 1877.9 },
  { sCm: 10, Rs: 503.46, Rb: 3141.59, R: 3645.05 },
];

describe('curveChartModel', () => {
  it('starts both axes at zero and covers the curve and the check lines', () => {
    const m = curveChartModel(
      { points, Ek: 1500, allowedSettlementCm: 2, settlementCm: 1.45 },
      box,
    );
    expect(m.x.domain).toEqual([0, 4000]);
    expect(m.y.domain).toEqual([0, 10]);
    expect(m.x(0)).toBe(50);
    expect(m.y(10)).toBe(220);
    expect(m.xTicks).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(m.yTicks).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('draws R, R_s and R_b as separate paths, settlement downwards', () => {
    const m = curveChartModel(
      { points, Ek: 1500, allowedSettlementCm: 2, settlementCm: 1.45 },
      box,
    );
    expect(m.paths.R.startsWith('M50,20 L')).toBe(true);
    expect(m.paths.R.split(' ')).toHaveLength(4);
    expect(m.paths.Rs.endsWith(`L${Math.round(m.x(503.46) * 100) / 100},220`)).toBe(true);
  });

  it('extends the resistance axis to a load beyond the curve', () => {
    const m = curveChartModel(
      { points, Ek: 5200, allowedSettlementCm: 2, settlementCm: null },
      box,
    );
    expect(m.x.domain[1]).toBeGreaterThanOrEqual(5200);
  });
});
