import { describe, expect, it } from 'vitest';
import {
  checkSteelPipe,
  GAMMA_M1,
  pipeBuckling,
  pipeClass,
  pipeSection,
  pipeSectionUtilisation,
} from './steel-pipe';

const base = {
  D: 0.5,
  t: 0.012,
  grade: 'S355' as const,
  NEdMax: 1000,
  NEdMin: 400,
  MEd: 300,
  VEd: 100,
  bucklingLength: 0,
};

describe('steel pipe section (EN 1993-1-1)', () => {
  it('computes the ring properties by hand: D 500 × 12 mm', () => {
    const s = pipeSection(0.5, 0.012);
    // d = 0.476 m: A = π/4·(0.25 − 0.226576) = 0.0183971 m², W_pl = (0.125 − 0.107850176)/6 = 0.00285830 m³
    expect(s.A).toBeCloseTo(0.0183971, 6);
    expect(s.Wpl).toBeCloseTo(0.0028583, 6);
    // I = π/64·(0.0625 − 0.05133735) = 5.4797e-4 m⁴, W_el = 2I/D = 2.1919e-3 m³
    expect(s.I).toBeCloseTo(5.4797e-4, 7);
    expect(s.Wel).toBeCloseTo(2.1919e-3, 6);
  });
  it('classifies by d/t against 50ε², 70ε², 90ε² (Table 5.2)', () => {
    // S355: ε² = 0.662 → limits 33.1 / 46.3 / 59.6
    expect(pipeClass(0.5, 0.016, 355)).toBe(1); // 31.25
    expect(pipeClass(0.5, 0.012, 355)).toBe(2); // 41.7
    expect(pipeClass(0.5, 0.009, 355)).toBe(3); // 55.6
    expect(pipeClass(0.5, 0.008, 355)).toBe(4); // 62.5
    expect(pipeClass(0.5, 0.008, 235)).toBe(2); // S235: 50 / 70 / 90
  });
  it('checks N + M by the CHS interaction M_N,Rd = M_pl,Rd·(1 − n^1.7) (class 2): η = 0.3771 (radial)', () => {
    const { result, issues } = checkSteelPipe(base);
    expect(result!.sectionClass).toBe(2);
    // N_pl,Rd = 0.0183971·355 000 = 6531.0 kN, M_pl,Rd = 0.0028583·355 000 = 1014.70 kNm
    expect(result!.NRd).toBeCloseTo(0.0183971 * 355000, 0);
    expect(result!.MRd).toBeCloseTo(0.0028583 * 355000, 0);
    // n = 1000/6531.0 = 0.153116, n^1.7 = 0.041166, M_N,Rd = 1014.70·0.958834 = 972.93 kNm ≥ 300 → OK;
    // radial utilisation η = 1/s with s·0.295654 + (s·0.153116)^1.7 = 1 → s = 2.651646, η = 0.377124
    // (check: 2.651646·0.295654 = 0.783971, (2.651646·0.153116)^1.7 = 0.406010^1.7 = 0.216029, sum 1.000000;
    // for comparison M/M_N,Rd = 300/972.93 = 0.3083 and the linear sum 0.1531 + 0.2957 = 0.4488)
    expect(result!.MNRd).toBeCloseTo(972.93, 1);
    expect(result!.utilisation).toBeCloseTo(0.377124, 5);
    expect(result!.utilisationSection).toBe(result!.utilisation);
    expect(result!.buckling).toBeNull();
    // the old linear sum 1000/6531 + 300/1014.7 = 0.449 is the conservative bound and stays above
    expect(result!.utilisation).toBeLessThan(1000 / 6531.0 + 300 / 1014.7);
    // V_pl,Rd = (2A/π)·f_y/√3 = 0.0117121·204960 = 2400.5 kN
    expect(result!.VRd).toBeCloseTo(2400.5, 0);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
  it('section interaction by hand at the ends: pure bending, pure axial force, n ≥ 1', () => {
    expect(pipeSectionUtilisation(2, 6531, 1014.7, 0, 507.35).eta).toBeCloseTo(0.5, 10);
    expect(pipeSectionUtilisation(2, 6531, 1014.7, -3265.5, 0).eta).toBeCloseTo(0.5, 10);
    // class 3 is the elastic (linear) interaction of 6.2.9.2: 0.25 + 0.5
    expect(pipeSectionUtilisation(3, 6000, 800, 1500, 400).eta).toBeCloseTo(0.75, 12);
    // on the curve: n = 0.5, m = 1 − 0.5^1.7 = 0.692214 → η = 1
    expect(pipeSectionUtilisation(2, 1000, 1000, 500, 692.2139).eta).toBeCloseTo(1, 6);
    // beyond n = 1 the utilisation stays finite and above 1 (M_N,Rd = 0)
    const over = pipeSectionUtilisation(2, 6531, 1014.7, 6531, 100);
    expect(over.eta).toBeGreaterThan(1);
    expect(Number.isFinite(over.eta)).toBe(true);
    expect(over.MNRd).toBe(0);
  });
  it('flexural buckling by hand: D 500 × 12, S355, L_cr = 10 m, curve c (cold formed, default)', () => {
    // i = √(I/A) = √(5.4797e-4/0.0183971) = 0.172586 m; λ1 = π·√(210000/355) = 76.4091;
    // λ̄ = 10/(0.172586·76.4091) = 0.75831; Φ = 0.5·(1 + 0.49·0.55831 + 0.57504) = 0.92431;
    // χ = 1/(0.92431 + √(0.92431² − 0.75831²)) = 0.68833; N_b,Rd = 0.68833·6531.0/1.1 = 4086.8 kN;
    // n = 1000/4086.8 = 0.24469; k_yy = 1.0·(1 + 0.55831·0.24469) = 1.13661 (≤ 1 + 0.8·0.24469);
    // M_Rk/γ_M1 = 1014.70/1.1 = 922.45 kNm; η = 0.24469 + 1.13661·300/922.45 = 0.61434
    const { result, issues } = checkSteelPipe({ ...base, bucklingLength: 10 });
    const b = result!.buckling!;
    expect(GAMMA_M1).toBe(1.1);
    expect(b.curve).toBe('c');
    expect(b.alpha).toBe(0.49);
    expect(b.i).toBeCloseTo(0.172586, 6);
    expect(b.lambdaBar).toBeCloseTo(0.75831, 5);
    expect(b.chi).toBeCloseTo(0.68833, 5);
    expect(b.NbRd).toBeCloseTo(4086.8, 1);
    expect(b.kyy).toBeCloseTo(1.13661, 5);
    expect(b.utilisation).toBeCloseTo(0.61434, 5);
    // N_cr = π²·210e6·5.4797e-4/10² = 11 357 kN, N/N_cr = 0.088 > 0.04 → not negligible, member governs
    expect(b.Ncr).toBeCloseTo(11357.5, 0);
    expect(b.isNegligible).toBe(false);
    expect(result!.utilisation).toBeCloseTo(0.61434, 5);
    expect(result!.utilisationSection).toBeCloseTo(0.377124, 5);
    const codes = issues.map((i) => i.code);
    expect(codes).toContain('SECTION_STEEL_BUCKLING_CURVE_ASSUMED');
    expect(codes).not.toContain('SECTION_STEEL_BUCKLING_NOT_CHECKED');
    expect(codes).not.toContain('SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED');
  });
  it('hot-finished tube: curve a, χ = 0.81864, η = 0.56832 (same case)', () => {
    // Φ = 0.5·(1 + 0.21·0.55831 + 0.57504) = 0.84614; χ = 0.81864; N_b,Rd = 4860.5 kN;
    // k_yy = 1 + 0.55831·0.20574 = 1.11487; η = 0.20574 + 1.11487·300/922.45 = 0.56832
    const b = checkSteelPipe({ ...base, bucklingLength: 10, manufacture: 'hot-finished' }).result!
      .buckling!;
    expect(b.curve).toBe('a');
    expect(b.chi).toBeCloseTo(0.81864, 5);
    expect(b.utilisation).toBeCloseTo(0.56832, 5);
  });
  it('short buckling length: N/N_cr ≤ 0.04 → buckling ignored (6.3.1.2(4)), the section check governs', () => {
    // L_cr = 3 m: N_cr = 126 194 kN, N/N_cr = 0.0079
    const { result } = checkSteelPipe({ ...base, bucklingLength: 3 });
    expect(result!.buckling!.isNegligible).toBe(true);
    expect(result!.utilisation).toBeCloseTo(0.377124, 5);
  });
  it('no buckling check for tension and without a buckling length', () => {
    const tension = checkSteelPipe({ ...base, NEdMax: -500, NEdMin: -800, bucklingLength: 10 });
    expect(tension.result!.buckling).toBeNull();
    expect(checkSteelPipe(base).result!.buckling).toBeNull();
  });
  it('a slender compressed pipe fails in buckling with its own error', () => {
    const { result, issues } = checkSteelPipe({ ...base, NEdMax: 3000, bucklingLength: 20 });
    expect(result!.buckling!.utilisation).toBeGreaterThan(1);
    expect(issues.map((i) => i.code)).toContain('SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED');
    expect(issues.map((i) => i.code)).not.toContain('SECTION_CAPACITY_EXCEEDED');
  });
  it('uses W_el for class 3 and refuses class 4', () => {
    const c3 = checkSteelPipe({ ...base, t: 0.009 }).result!;
    expect(c3.sectionClass).toBe(3);
    expect(c3.MRd).toBeCloseTo(pipeSection(0.5, 0.009).Wel * 355000, 6);
    const c4 = checkSteelPipe({ ...base, t: 0.008 });
    expect(c4.result).toBeNull();
    expect(c4.issues.map((i) => i.code)).toContain('SECTION_STEEL_PIPE_CLASS4');
  });
  it('reports exceeded capacity and the shear interaction', () => {
    // M_N,Rd = 972.9 kNm at N = 1000 kN → M = 990 kNm exceeds it
    const over = checkSteelPipe({ ...base, MEd: 990 });
    expect(over.issues.map((i) => i.code)).toContain('SECTION_CAPACITY_EXCEEDED');
    expect(checkSteelPipe({ ...base, MEd: 960 }).issues.map((i) => i.code)).not.toContain(
      'SECTION_CAPACITY_EXCEEDED',
    );
    const shear = checkSteelPipe({ ...base, VEd: 1500 });
    expect(shear.issues.map((i) => i.code)).toContain('SECTION_STEEL_SHEAR_INTERACTION');
  });
  it('more moment never gives a smaller utilisation', () => {
    for (let M = 0; M < 1000; M += 50) {
      expect(checkSteelPipe({ ...base, MEd: M + 50 }).result!.utilisation).toBeGreaterThan(
        checkSteelPipe({ ...base, MEd: M }).result!.utilisation,
      );
    }
  });
  it('property: more load (|N|, M, buckling length) never gives a smaller utilisation', () => {
    let seed = 4242;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const grades = ['S235', 'S275', 'S355'] as const;
    for (let k = 0; k < 400; k++) {
      const D = 0.3 + rnd() * 1.2;
      const t = D / (20 + rnd() * 35);
      if (t > 0.04) continue;
      const grade = grades[Math.floor(rnd() * 3)]!;
      const manufacture = rnd() < 0.5 ? ('hot-finished' as const) : ('cold-formed' as const);
      const load = {
        D,
        t,
        grade,
        manufacture,
        NEdMax: (rnd() - 0.3) * 6000,
        NEdMin: 0,
        MEd: rnd() * 800,
        VEd: 0,
        bucklingLength: rnd() < 0.3 ? 0 : rnd() * 25,
      };
      const eta = (x: typeof load) => checkSteelPipe(x).result?.utilisation ?? null;
      const e0 = eta(load);
      if (e0 === null) continue; // class 4
      expect(Number.isFinite(e0)).toBe(true);
      const f = 1 + rnd();
      expect(eta({ ...load, MEd: load.MEd * f })!).toBeGreaterThanOrEqual(e0 - 1e-12);
      expect(eta({ ...load, NEdMax: load.NEdMax * f })!).toBeGreaterThanOrEqual(e0 - 1e-12);
      expect(eta({ ...load, bucklingLength: load.bucklingLength * f })!).toBeGreaterThanOrEqual(
        e0 - 1e-12,
      );
    }
  });
  it('pipeBuckling: χ = 1 up to λ̄ = 0.2 and falls with the slenderness', () => {
    const s = pipeSection(0.5, 0.012);
    const at = (Lcr: number) =>
      pipeBuckling({
        section: s,
        sectionClass: 2,
        fy: 355,
        NEd: 1000,
        MEd: 0,
        Lcr,
        manufacture: 'cold-formed',
      });
    // λ̄ = 0.2 ↔ L_cr = 0.2·0.172586·76.4091 = 2.6374 m
    expect(at(2.6).chi).toBe(1);
    let last = 1;
    for (let L = 3; L <= 40; L += 1) {
      expect(at(L).chi).toBeLessThan(last);
      last = at(L).chi;
    }
  });
});
