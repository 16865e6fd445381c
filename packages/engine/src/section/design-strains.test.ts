import { describe, expect, it } from 'vitest';
import {
  bracketedDesignPlane,
  forcesAndTangent,
  solveDesignPlane,
  STRAIN_TOLERANCE,
} from './design-strains';
import { CONCRETE_CLASSES, designMaterials, type DesignMaterials } from './materials';
import { designStrains } from './required-reinforcement';
import { circularSection, squareSection, type SectionGeometry } from './section-geometry';
import { momentResistance, sectionForces, type StrainPlane } from './strain-compatibility';
import { kN, kNm, m as metres, m2 } from '../units/units';

const C = (name: string) => CONCRETE_CLASSES.classes.find((c) => c.name === name)!;
const m30 = designMaterials(C('C30/37'), 1.0);

/** Independent reference: nested bisection (κ outside, ε_top inside), 60 halvings each (below double round-off for these brackets). */
const referencePlane = (
  g: SectionGeometry,
  m: DesignMaterials,
  As: number,
  NEd: number,
  MEd: number,
  kappaMax: number,
): StrainPlane => {
  const planeFor = (kappa: number): StrainPlane => {
    let lo = -0.05;
    let hi = 0.01 + kappa * g.h;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (sectionForces(g, m, m2(As), { epsTop: mid, kappa }).N < NEd) lo = mid;
      else hi = mid;
    }
    return { epsTop: (lo + hi) / 2, kappa };
  };
  let lo = 0;
  let hi = kappaMax;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (sectionForces(g, m, m2(As), planeFor(mid)).M < MEd) lo = mid;
    else hi = mid;
  }
  return planeFor((lo + hi) / 2);
};

/** Deterministic pseudo-random numbers (Park–Miller). */
const random = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;

describe('design-state strain plane (safeguarded Newton, ADR 0100)', () => {
  it('pure compression without bars, by hand: σ_c = 0.75·f_cd → ε = ε_c2·(1 − √0.25) = 1.0 ‰', () => {
    // square 0.5 m, C30/37, k_f = 1: f_cd = 0.85·30/1.5 = 17 N/mm², A_c·f_cd = 0.25·17 000 = 4250 kN;
    // N = 0.75·4250 = 3187.5 kN → 1 − (1 − ε/0.002)² = 0.75 → ε = 0.001, κ = 0
    const g = squareSection(metres(0.5), metres(0.2));
    const s = designStrains(g, m30, m2(0), kN(3187.5), kNm(0))!;
    expect(s.epsConcrete).toBeCloseTo(0.001, 12);
    expect(s.plane.kappa).toBeCloseTo(0, 12);
  });
  it('pure tension, steel elastic, by hand: ε = N/(A_s·E_s) = −200/(0.002·2e8) = −0.5 ‰', () => {
    const g = squareSection(metres(0.5), metres(0.2));
    const s = designStrains(g, m30, m2(0.002), kN(-200), kNm(0))!;
    expect(s.epsConcrete).toBeCloseTo(-0.0005, 12);
    expect(s.epsSteel).toBeCloseTo(-0.0005, 12);
  });
  it('the tangent is the derivative of N and M (central differences)', () => {
    const g = circularSection(metres(0.9), metres(0.35));
    const out = new Float64Array(6);
    const p = { epsTop: 0.0012, kappa: 0.003 };
    forcesAndTangent(g, m30, 0.004, p, out);
    const f = sectionForces(g, m30, m2(0.004), p);
    expect(out[0]).toBe(f.N);
    expect(out[1]).toBe(f.M);
    const h = 1e-8;
    const fe1 = sectionForces(g, m30, m2(0.004), { ...p, epsTop: p.epsTop + h });
    const fe0 = sectionForces(g, m30, m2(0.004), { ...p, epsTop: p.epsTop - h });
    const fk1 = sectionForces(g, m30, m2(0.004), { ...p, kappa: p.kappa + h });
    const fk0 = sectionForces(g, m30, m2(0.004), { ...p, kappa: p.kappa - h });
    expect(out[2]).toBeCloseTo((fe1.N - fe0.N) / (2 * h), -2);
    expect(out[3]).toBeCloseTo((fk1.N - fk0.N) / (2 * h), -2);
    expect(out[4]).toBeCloseTo((fe1.M - fe0.M) / (2 * h), -2);
    expect(out[5]).toBeCloseTo((fk1.M - fk0.M) / (2 * h), -2);
  });
  it('solves the bench case where plain Newton diverged (D 1.15 m, C25/30, k_f 1.1, N 920 kN, M 520 kNm)', () => {
    const g = circularSection(metres(1.15), metres(0.482));
    const m = designMaterials(C('C25/30'), 1.1);
    const As = 0.0030159289474462015;
    const u = momentResistance(g, m, m2(As), kN(920))!;
    const p = solveDesignPlane(g, m, As, 920, 520.2072299510053, u);
    const f = sectionForces(g, m, m2(As), p);
    expect(Math.abs(f.N - 920)).toBeLessThan(1e-6);
    expect(Math.abs(f.M - 520.2072299510053)).toBeLessThan(1e-6);
    const ref = referencePlane(g, m, As, 920, 520.2072299510053, u.plane.kappa);
    expect(p.epsTop).toBeCloseTo(ref.epsTop, 12);
    expect(p.kappa).toBeCloseTo(ref.kappa, 11);
  });
  it('property: 120 random states — residual within tolerance, equal to the nested-bisection reference, never NaN', () => {
    const rnd = random(20261123);
    let checked = 0;
    for (let i = 0; i < 120; i++) {
      const D = 0.4 + rnd();
      const g =
        rnd() < 0.25
          ? squareSection(metres(D), metres(D / 2 - 0.06))
          : circularSection(metres(D), metres(D / 2 - 0.08));
      const m = designMaterials(CONCRETE_CLASSES.classes[Math.floor(rnd() * 7)]!, 1.1);
      const As = g.area * (0.003 + rnd() * 0.04);
      const Nmax = sectionForces(g, m, m2(As), { epsTop: 0.01, kappa: 0 }).N;
      const NEd = -0.8 * As * m.fyd + rnd() * (0.9 * Nmax + 0.8 * As * m.fyd);
      const u = momentResistance(g, m, m2(As), kN(NEd));
      if (!u) continue;
      const MEd = u.MRd * rnd();
      const ref = referencePlane(g, m, As, NEd, MEd, u.plane.kappa);
      // both stages: the full solver (Newton first) and the bracketed fallback on its own
      const both = [
        solveDesignPlane(g, m, As, NEd, MEd, u),
        bracketedDesignPlane(g, m, As, NEd, MEd, u.plane.kappa),
      ];
      for (const p of both) {
        expect(Number.isFinite(p.epsTop) && Number.isFinite(p.kappa)).toBe(true);
        const f = sectionForces(g, m, m2(As), p);
        expect(Math.abs(f.N - NEd)).toBeLessThanOrEqual(
          1.01 * STRAIN_TOLERANCE * (Math.abs(NEd) + g.area * m.fcd),
        );
        expect(Math.abs(f.M - MEd)).toBeLessThanOrEqual(
          1.01 * STRAIN_TOLERANCE * (MEd + g.area * m.fcd * g.h),
        );
        // strains in ‰ agree to 1e-7 ‰ (the reference bisection is exact to round-off)
        expect(Math.abs(p.epsTop - ref.epsTop) * 1000).toBeLessThan(1e-7);
        expect(Math.abs(p.kappa - ref.kappa) * g.h * 1000).toBeLessThan(1e-7);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
  it('property: more moment at the same N never gives a smaller curvature', () => {
    const g = circularSection(metres(0.9), metres(0.35));
    const As = 0.006;
    const u = momentResistance(g, m30, m2(As), kN(1500))!;
    let last = -1;
    for (let k = 0; k <= 20; k++) {
      const p = solveDesignPlane(g, m30, As, 1500, (u.MRd * k) / 20, u);
      expect(p.kappa).toBeGreaterThanOrEqual(last - 1e-15);
      last = p.kappa;
    }
  });
});
