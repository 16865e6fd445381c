import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCurve,
  CurveBuilder,
  settlementFor,
  settlementOnPolygon,
  skinLimitSettlement,
  springStiffness,
} from './curve';
import { kN, m, type Centimeter } from '../units/units';

describe('skinLimitSettlement', () => {
  it.each([
    [0, 0.005, false], // 0.5·0 + 0.5 = 0.5 cm
    [1000, 0.01, false], // 0.5·1.0 MN + 0.5 = 1.0 cm
    [5000, 0.03, false], // 0.5·5 + 0.5 = 3.0 cm (at the cap)
    [8000, 0.03, true], // 0.5·8 + 0.5 = 4.5 cm → capped at 3.0 cm
  ])('gives s_sg for R_s = %d kN as %d m', (Rs, s, capped) => {
    const r = skinLimitSettlement(kN(Rs), 3 as Centimeter);
    expect(r.s).toBeCloseTo(s, 12);
    expect(r.isCapped).toBe(capped);
  });
});

describe('buildCurve', () => {
  // Hand case, bored pile D = 1.0 m: R_s,k = 500 kN, R_b = 1000 / 1300 / 3000 kN at s/D = 0.02/0.03/0.10.
  // s_sg = 0.5·0.5 + 0.5 = 0.75 cm; points s = 0.75, 2, 3, 10 cm.
  // s = 0.75 cm: R_s = 500, R_b = 1000·0.75/2 = 375 → R = 875
  // s = 2 cm: 500 + 1000 = 1500; s = 3 cm: 500 + 1300 = 1800; s = 10 cm: 500 + 3000 = 3500 = R_c,k
  const curve = buildCurve('bored', m(1.0), kN(500), kN(0), [1000, 1300, 3000], [0.02, 0.03, 0.1]);

  it('builds the bored polygon by hand', () => {
    expect(
      curve.points.map((p) => [Number((p.s * 100).toFixed(6)), Number(p.R.toFixed(6))]),
    ).toEqual([
      [0, 0],
      [0.75, 875],
      [2, 1500],
      [3, 1800],
      [10, 3500],
    ]);
    expect(curve.Rc_k).toBe(3500);
    expect(curve.sg).toBeCloseTo(0.1, 12);
  });

  it('inverts the curve for the settlement', () => {
    // F = 1650 kN between 1500 (2 cm) and 1800 (3 cm): s = 2 + 150/300 = 2.5 cm
    expect(settlementFor(curve.points, kN(1650))).toBeCloseTo(0.025, 12);
    // k = 1650 / 0.025 = 66 000 kN/m
    expect(springStiffness(curve.points, kN(1650), m(0.025))).toBeCloseTo(66000, 6);
    expect(settlementFor(curve.points, kN(4000))).toBeNull();
    expect(settlementFor(curve.points, kN(-10))).toBe(0);
  });

  it('builds the driven polygon with s_sg* and s_g', () => {
    // D = 0.4: R_s* = 200, R_s = 300, R_b = 800 (0.035D = 1.4 cm), 1500 (4 cm).
    // s_sg* = 0.5·0.2 + 0.5 = 0.6 cm; R at 0.6 cm = 200 + 800·0.6/1.4 = 542.857
    const d = buildCurve('driven', m(0.4), kN(300), kN(200), [800, 1500], [0.035, 0.1]);
    expect(d.points[1]!.s).toBeCloseTo(0.006, 12);
    expect(d.points[1]!.R).toBeCloseTo(542.857142857, 6);
    expect(d.Rc_k).toBe(1800);
  });

  it('never gives less settlement for more load', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 10000, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 10000, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (D, Rs, Rb, f1, f2) => {
          const c = buildCurve('bored', m(D), kN(Rs), kN(0), Rb, [0.02, 0.03, 0.1]);
          const [a, b] = [Math.min(f1, f2) * c.Rc_k, Math.max(f1, f2) * c.Rc_k];
          const sa = settlementFor(c.points, kN(a));
          const sb = settlementFor(c.points, kN(b));
          expect(sa).not.toBeNull();
          expect(sb! + 1e-12).toBeGreaterThanOrEqual(sa!);
        },
      ),
    );
  });

  it('gives the first settlement at which the curve reaches F, the same for the flat arrays and the points', () => {
    // polygon (0, 0), (1, 100), (2, 100), (3, 400): R = 100 holds on 1…2, the curve first reaches it at s = 1
    // (upper end of 0…1); F = 250 → 2 + (250 − 100)/(400 − 100)·(3 − 2) = 2.5; F = 401 > 400 → beyond the curve
    const s = [0, 1, 2, 3];
    const R = [0, 100, 100, 400];
    expect(settlementOnPolygon(s, R, 4, kN(100))).toBe(1);
    expect(settlementOnPolygon(s, R, 4, kN(250))).toBe(2.5);
    expect(settlementOnPolygon(s, R, 4, kN(401))).toBeNull();
    // the length iteration (CurveBuilder, flat arrays) and the pile detail (points) use the one inversion
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 10000, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 10000, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.double({ min: -0.1, max: 1.2, noNaN: true }),
        (D, Rs, Rb, share) => {
          const sRel = [0.02, 0.03, 0.1];
          const c = buildCurve('bored', m(D), kN(Rs), kN(0), Rb, sRel);
          const b = new CurveBuilder();
          b.build('bored', m(D), kN(Rs), kN(0), Rb, Rb.length, sRel);
          const F = share * c.Rc_k;
          expect(b.settlement(kN(F))).toBe(settlementFor(c.points, kN(F)));
        },
      ),
    );
  });
});
