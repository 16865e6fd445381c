import { describe, expect, it } from 'vitest';
import { fieldMatrix, maxAbsMoment, solveReference } from '../verification/transfer-matrix';

// The independent lateral reference of the verification manual is itself checked against closed forms.
const EI = (33e6 * Math.PI * 0.8 ** 4) / 64;

describe('transfer-matrix reference solver', () => {
  const k = 20000;
  const lambda = (k / (4 * EI)) ** 0.25;

  it('reproduces Hetényi for a long pile with free head (H and M0)', () => {
    const [H, M0] = [100, 200];
    const s = solveReference([{ length: 60, k }], EI, H, M0, false);
    expect(s.w0).toBeCloseTo((2 * H * lambda) / k + (2 * M0 * lambda ** 2) / k, 12);
    expect(s.theta0).toBeCloseTo(-((2 * H * lambda ** 2) / k + (4 * M0 * lambda ** 3) / k), 12);
    const sH = solveReference([{ length: 60, k }], EI, H, 0, false, 0.005);
    // M_max = (H/λ)·e^(−π/4)·sin(π/4); stations every 5 mm
    expect(maxAbsMoment(sH)).toBeCloseTo((H / lambda) * Math.exp(-Math.PI / 4) * Math.SQRT1_2, 3);
  });

  it('reproduces Hetényi for a fixed head: w0 = Hλ/k, M0 = −H/(2λ)', () => {
    const s = solveReference([{ length: 60, k }], EI, 100, 0, true);
    expect(s.w0).toBeCloseTo((100 * lambda) / k, 12);
    expect(s.M0).toBeCloseTo(-100 / (2 * lambda), 6);
  });

  it('adds the cantilever of a free length e to Hetényi at the ground: w = w_g − θ_g·e + H·e³/(3EI)', () => {
    const [H, e] = [100, 2];
    const M0 = H * e;
    const wg = (2 * H * lambda) / k + (2 * M0 * lambda ** 2) / k;
    const thg = -((2 * H * lambda ** 2) / k + (4 * M0 * lambda ** 3) / k);
    const s = solveReference(
      [
        { length: e, k: 0 },
        { length: 60, k },
      ],
      EI,
      H,
      0,
      false,
    );
    expect(s.w0).toBeCloseTo(wg - thg * e + (H * e ** 3) / (3 * EI), 12);
    expect(s.theta0).toBeCloseTo(thg - (H * e * e) / (2 * EI), 12);
  });

  it('builds a field matrix that composes: exp(A·2h) = exp(A·h)²', () => {
    const c = 0.03;
    const one = fieldMatrix(c, 1.2);
    const half = fieldMatrix(c, 0.6);
    const square = half.map((row) =>
      one[0]!.map((_, j) => row.reduce((s, v, m) => s + v * half[m]![j]!, 0)),
    );
    square.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(one[i]![j]!, 12)));
  });
});
