import { describe, expect, it } from 'vitest';
import { checkSteelPipe } from './steel-pipe';
import { GAMMA_M1, pipeBuckling, pipeBucklingCurve } from './steel-pipe-buckling';
import {
  pipeSectionUtilisation,
  pipeSectionUtilisationWithShear,
  pipeShearReduction,
} from './steel-pipe-resistance';
import { corrodedPipe, pipeClass, pipeSection } from './steel-pipe-section';
import { kN, kNm, m } from '../units/units';

const base = {
  D: m(0.5),
  t: m(0.012),
  grade: 'S355' as const,
  NEdMax: kN(1000),
  NEdMin: kN(400),
  MEd: kNm(300),
  VEd: kN(100),
  bucklingLength: m(0),
};

describe('steel pipe section (EN 1993-1-1)', () => {
  it('computes the ring properties by hand: D 500 × 12 mm', () => {
    const s = pipeSection(m(0.5), m(0.012));
    // d = 0.476 m: A = π/4·(0.25 − 0.226576) = 0.0183971 m², W_pl = (0.125 − 0.107850176)/6 = 0.00285830 m³
    expect(s.A).toBeCloseTo(0.0183971, 6);
    expect(s.Wpl).toBeCloseTo(0.0028583, 6);
    // I = π/64·(0.0625 − 0.05133735) = 5.4797e-4 m⁴, W_el = 2I/D = 2.1919e-3 m³
    expect(s.I).toBeCloseTo(5.4797e-4, 7);
    expect(s.Wel).toBeCloseTo(2.1919e-3, 6);
  });
  it('classifies by d/t against 50ε², 70ε², 90ε² (Table 5.2)', () => {
    // S355: ε² = 0.662 → limits 33.1 / 46.3 / 59.6
    expect(pipeClass(m(0.5), m(0.016), 355)).toBe(1); // 31.25
    expect(pipeClass(m(0.5), m(0.012), 355)).toBe(2); // 41.7
    expect(pipeClass(m(0.5), m(0.009), 355)).toBe(3); // 55.6
    expect(pipeClass(m(0.5), m(0.008), 355)).toBe(4); // 62.5
    expect(pipeClass(m(0.5), m(0.008), 235)).toBe(2); // S235: 50 / 70 / 90
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
    expect(pipeSectionUtilisation(2, kN(6531), kNm(1014.7), kN(0), kNm(507.35)).eta).toBeCloseTo(
      0.5,
      10,
    );
    expect(pipeSectionUtilisation(2, kN(6531), kNm(1014.7), kN(-3265.5), kNm(0)).eta).toBeCloseTo(
      0.5,
      10,
    );
    // class 3 is the elastic (linear) interaction of 6.2.9.2: 0.25 + 0.5
    expect(pipeSectionUtilisation(3, kN(6000), kNm(800), kN(1500), kNm(400)).eta).toBeCloseTo(
      0.75,
      12,
    );
    // on the curve: n = 0.5, m = 1 − 0.5^1.7 = 0.692214 → η = 1
    expect(pipeSectionUtilisation(2, kN(1000), kNm(1000), kN(500), kNm(692.2139)).eta).toBeCloseTo(
      1,
      6,
    );
    // beyond n = 1 the utilisation stays finite and above 1 (M_N,Rd = 0)
    const over = pipeSectionUtilisation(2, kN(6531), kNm(1014.7), kN(6531), kNm(100));
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
    const { result, issues } = checkSteelPipe({ ...base, bucklingLength: m(10) });
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
    const b = checkSteelPipe({ ...base, bucklingLength: m(10), manufacture: 'hot-finished' })
      .result!.buckling!;
    expect(b.curve).toBe('a');
    expect(b.chi).toBeCloseTo(0.81864, 5);
    expect(b.utilisation).toBeCloseTo(0.56832, 5);
  });
  it('short buckling length: N/N_cr ≤ 0.04 → buckling ignored (6.3.1.2(4)), the section check governs', () => {
    // L_cr = 3 m: N_cr = 126 194 kN, N/N_cr = 0.0079
    const { result } = checkSteelPipe({ ...base, bucklingLength: m(3) });
    expect(result!.buckling!.isNegligible).toBe(true);
    expect(result!.utilisation).toBeCloseTo(0.377124, 5);
  });
  it('no buckling check for tension and without a buckling length', () => {
    const tension = checkSteelPipe({
      ...base,
      NEdMax: kN(-500),
      NEdMin: kN(-800),
      bucklingLength: m(10),
    });
    expect(tension.result!.buckling).toBeNull();
    expect(checkSteelPipe(base).result!.buckling).toBeNull();
  });
  it('a slender compressed pipe fails in buckling with its own error', () => {
    const { result, issues } = checkSteelPipe({ ...base, NEdMax: kN(3000), bucklingLength: m(20) });
    expect(result!.buckling!.utilisation).toBeGreaterThan(1);
    expect(issues.map((i) => i.code)).toContain('SECTION_STEEL_BUCKLING_RESISTANCE_EXCEEDED');
    expect(issues.map((i) => i.code)).not.toContain('SECTION_CAPACITY_EXCEEDED');
  });
  it('uses W_el for class 3 and refuses class 4', () => {
    const c3 = checkSteelPipe({ ...base, t: m(0.009) }).result!;
    expect(c3.sectionClass).toBe(3);
    expect(c3.MRd).toBeCloseTo(pipeSection(m(0.5), m(0.009)).Wel * 355000, 6);
    const c4 = checkSteelPipe({ ...base, t: m(0.008) });
    expect(c4.result).toBeNull();
    expect(c4.issues.map((i) => i.code)).toContain('SECTION_STEEL_PIPE_CLASS4');
  });
  it('class 4 (d/t > 90ε², EN 1993-1-6 shell buckling): coded error, no result, no capacity', () => {
    // D 500 × 8 mm S355: d/t = 62.5 > 90·235/355 = 59.58 → class 4
    const c4 = checkSteelPipe({ ...base, t: m(0.008), bucklingLength: m(10), VEd: kN(0) });
    expect(c4.result).toBeNull();
    const issue = c4.issues.find((i) => i.code === 'SECTION_STEEL_PIPE_CLASS4')!;
    expect(issue.severity).toBe('error');
    expect(issue.params.Dt).toBeCloseTo(62.5, 10);
    expect(issue.params.limit).toBeCloseTo(59.577, 3);
    // no resistance anywhere: no N_pl,Rd / M_Rd / buckling in the trace, only the section facts
    const names = c4.trace.map((x) => x.name);
    expect(names).toContain('class');
    expect(names).not.toContain('NplRd');
    expect(names).not.toContain('NbRd');
    expect(c4.issues.map((i) => i.code)).not.toContain('SECTION_STEEL_BUCKLING_CURVE_ASSUMED');
  });
  it('reports exceeded capacity', () => {
    // M_N,Rd = 972.9 kNm at N = 1000 kN → M = 990 kNm exceeds it
    const over = checkSteelPipe({ ...base, MEd: kNm(990) });
    expect(over.issues.map((i) => i.code)).toContain('SECTION_CAPACITY_EXCEEDED');
    expect(checkSteelPipe({ ...base, MEd: kNm(960) }).issues.map((i) => i.code)).not.toContain(
      'SECTION_CAPACITY_EXCEEDED',
    );
  });
  it('more moment never gives a smaller utilisation', () => {
    for (let M = 0; M < 1000; M += 50) {
      expect(checkSteelPipe({ ...base, MEd: kNm(M + 50) }).result!.utilisation!).toBeGreaterThan(
        checkSteelPipe({ ...base, MEd: kNm(M) }).result!.utilisation!,
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
        D: m(D),
        t: m(t),
        grade,
        manufacture,
        NEdMax: kN((rnd() - 0.3) * 6000),
        NEdMin: kN(0),
        MEd: kNm(rnd() * 800),
        VEd: kN(0),
        bucklingLength: m(rnd() < 0.3 ? 0 : rnd() * 25),
      };
      const eta = (x: typeof load) => checkSteelPipe(x).result?.utilisation ?? null;
      const e0 = eta(load);
      if (e0 === null) continue; // class 4
      expect(Number.isFinite(e0)).toBe(true);
      const f = 1 + rnd();
      expect(eta({ ...load, MEd: kNm(load.MEd * f) })!).toBeGreaterThanOrEqual(e0 - 1e-12);
      expect(eta({ ...load, NEdMax: kN(load.NEdMax * f) })!).toBeGreaterThanOrEqual(e0 - 1e-12);
      expect(eta({ ...load, bucklingLength: m(load.bucklingLength * f) })!).toBeGreaterThanOrEqual(
        e0 - 1e-12,
      );
    }
  });
  it('pipeBuckling: χ = 1 up to λ̄ = 0.2 and falls with the slenderness', () => {
    const s = pipeSection(m(0.5), m(0.012));
    const at = (Lcr: number) =>
      pipeBuckling({
        section: s,
        sectionClass: 2,
        fy: 355,
        NEd: kN(1000),
        MEd: kNm(0),
        Lcr: m(Lcr),
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

  it('the buckling curve follows the manufacture (Table 6.2): hot finished a, cold formed c', () => {
    expect(pipeBucklingCurve('hot-finished')).toBe('a');
    expect(pipeBucklingCurve('cold-formed')).toBe('c');
    const r = checkSteelPipe({ ...base, bucklingLength: m(10), manufacture: 'hot-finished' });
    expect(r.result!.manufacture).toBe('hot-finished');
    expect(r.trace.find((x) => x.name === 'curve')).toMatchObject({ value: 'a' });
    expect(String(r.trace.find((x) => x.name === 'curve')!.source)).toContain('hot finished');
    const info = r.issues.find((i) => i.code === 'SECTION_STEEL_BUCKLING_CURVE_ASSUMED')!;
    expect(info.params).toMatchObject({ curve: 'a', alpha: 0.21 });
    expect(checkSteelPipe({ ...base, bucklingLength: m(10) }).result!.manufacture).toBe(
      'cold-formed',
    );
  });
});

describe('steel pipe: corrosion allowance (EN 1993-5 4.4 value, ADR 0103)', () => {
  it('takes the loss off the outer surface: D 500 × 12, c = 2 mm → 496 × 10 mm, class 3, η = 0.64922', () => {
    // D_net = 500 − 2·2 = 496 mm, t_net = 12 − 2 = 10 mm, d = 476 mm (the bore is unchanged)
    // A = π/4·(0.496² − 0.476²) = π/4·(0.246016 − 0.226576) = π/4·0.019440 = 0.0152681 m²
    // I = π/64·(0.496⁴ − 0.476⁴) = π/64·(0.0605239 − 0.0513367) = 4.50975e-4 m⁴, W_el = 2I/D = 1.81845e-3 m³
    // d/t = 49.6 > 70ε² = 46.34 (S355) → class 3 (was class 2 with 41.7 uncorroded): M_Rd = W_el·f_y
    // N_pl,Rd = 0.0152681·355 000 = 5420.2 kN, M_el,Rd = 1.81845e-3·355 000 = 645.55 kNm,
    // V_pl,Rd = (2·0.0152681/π)·355 000/√3 = 1992.2 kN; η = 1000/5420.2 + 300/645.55 = 0.18449 + 0.46472 = 0.64922
    const { result, trace } = checkSteelPipe({ ...base, corrosion: m(0.002) });
    expect(corrodedPipe(m(0.5), m(0.012), m(0.002))).toEqual({ D: 0.496, t: 0.01 });
    expect(result!.DNet).toBeCloseTo(0.496, 12);
    expect(result!.tNet).toBeCloseTo(0.01, 12);
    expect(result!.t).toBe(0.012);
    expect(result!.corrosion).toBe(0.002);
    expect(result!.sectionClass).toBe(3);
    expect(result!.NRd).toBeCloseTo(5420.2, 1);
    expect(result!.MRd).toBeCloseTo(645.55, 2);
    expect(result!.VRd).toBeCloseTo(1992.2, 1);
    expect(result!.utilisation).toBeCloseTo(0.64922, 5);
    expect(trace.find((x) => x.name === 'A')!.value).toBeCloseTo(0.0152681, 7);
    // f_y by the nominal thickness (Table 3.1): 355 for t = 12 mm
    expect(result!.fy).toBe(355);
  });
  it('a loss that leaves no wall is a coded error and no result', () => {
    for (const c of [0.012, 0.015]) {
      const { result, issues } = checkSteelPipe({ ...base, corrosion: m(c) });
      expect(result).toBeNull();
      const issue = issues.find((i) => i.code === 'SECTION_STEEL_CORROSION_EXCEEDS_WALL')!;
      expect(issue).toMatchObject({ severity: 'error', field: 'StahlrohrKorrosionMm' });
      expect(issue.params.t).toBeCloseTo(12, 10);
    }
    expect(checkSteelPipe({ ...base, corrosion: m(-0.001) }).result).toBeNull();
  });
  it('corrosion can make the section class 4: D 500 × 9, c = 1.5 mm → d/t = 497/7.5 = 66.3 > 59.6', () => {
    expect(checkSteelPipe({ ...base, t: m(0.009) }).result!.sectionClass).toBe(3);
    const c4 = checkSteelPipe({ ...base, t: m(0.009), corrosion: m(0.0015) });
    expect(c4.result).toBeNull();
    expect(c4.issues.find((i) => i.code === 'SECTION_STEEL_PIPE_CLASS4')!.params.Dt).toBeCloseTo(
      66.2667,
      4,
    );
  });
});

describe('steel pipe: shear–moment interaction (EN 1993-1-1 6.2.8, 6.2.10; ADR 0104)', () => {
  it('ρ = 0 up to V_Ed = 0.5·V_pl,Rd, then (2V_Ed/V_pl,Rd − 1)², capped at 1', () => {
    expect(pipeShearReduction(kN(500), kN(1000))).toEqual({ etaV: 0.5, rho: 0 });
    expect(pipeShearReduction(kN(-750), kN(1000)).rho).toBeCloseTo(0.25, 12); // (1.5 − 1)²
    expect(pipeShearReduction(kN(900), kN(1000)).rho).toBeCloseTo(0.64, 12); // (1.8 − 1)²
    expect(pipeShearReduction(kN(1000), kN(1000)).rho).toBe(1);
    expect(pipeShearReduction(kN(1200), kN(1000))).toEqual({ etaV: 1.2, rho: 1 });
  });
  it('reduces f_y of the whole ring by hand: D 500 × 12, N 1000, M 300, V 1500 kN → ρ = 0.062374, η = 0.40221', () => {
    // V_pl,Rd = 2400.48 kN, η_V = 1500/2400.48 = 0.624874 > 0.5 → ρ = (1.249748 − 1)² = 0.249748² = 0.062374
    // (1 − ρ) = 0.937626 on N_pl,Rd and M_pl,Rd: the radial η is homogeneous of degree 1 in (n, m), so
    // η = 0.377124/0.937626 = 0.402212; n_V = 1000/(0.937626·6531.0) = 0.163302,
    // M_N,V,Rd = 0.937626·1014.70·(1 − 0.163302^1.7) = 951.40·(1 − 0.045938) = 907.71 kNm
    const { result, issues, trace } = checkSteelPipe({ ...base, VEd: kN(1500) });
    expect(result!.utilisationShear).toBeCloseTo(0.624874, 6);
    expect(result!.rho).toBeCloseTo(0.062374, 6);
    expect(result!.utilisationSection).toBeCloseTo(0.402212, 6);
    expect(result!.utilisation).toBeCloseTo(0.624874, 6); // shear governs: max(0.4022, 0.6249)
    expect(result!.MNRd).toBeCloseTo(907.71, 2);
    expect(result!.VEdUsed).toBe(1500);
    expect(trace.find((x) => x.name === 'rho')!.value).toBeCloseTo(0.062374, 6);
    const info = issues.find((i) => i.code === 'SECTION_STEEL_SHEAR_YIELD_REDUCED')!;
    expect(info.severity).toBe('info');
    expect(info.params.rho).toBeCloseTo(0.062374, 6);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(issues.map((i) => i.code)).not.toContain('SECTION_STEEL_SHEAR_INTERACTION');
  });
  it('V_Ed = 2000 kN: ρ = 0.443997, η = 0.377124/0.556003 = 0.678277', () => {
    // η_V = 2000/2400.48 = 0.833165, ρ = (1.666331 − 1)² = 0.443997
    const r = checkSteelPipe({ ...base, VEd: kN(2000) }).result!;
    expect(r.rho).toBeCloseTo(0.443997, 6);
    expect(r.utilisationSection).toBeCloseTo(0.678277, 6);
    expect(r.utilisation).toBeCloseTo(0.833165, 6);
  });
  it('no reduction at or below 0.5·V_pl,Rd', () => {
    const r = checkSteelPipe({ ...base, VEd: kN(1200) }).result!;
    expect(r.rho).toBe(0);
    expect(r.utilisationSection).toBeCloseTo(0.377124, 6);
  });
  it('V_Ed > V_pl,Rd: failed, coded error, not designable (no utilisation claimed)', () => {
    const { result, issues } = checkSteelPipe({ ...base, VEd: kN(2500) });
    expect(result!.utilisationShear).toBeCloseTo(2500 / 2400.48, 5);
    expect(result!.rho).toBe(1);
    expect(result!.utilisation).toBeNull();
    expect(result!.utilisationSection).toBeNull();
    const issue = issues.find((i) => i.code === 'SECTION_STEEL_SHEAR_RESISTANCE_EXCEEDED')!;
    expect(issue.severity).toBe('error');
    expect(issue.params.VplRd).toBeCloseTo(2400.48, 2);
    // the same without N and M: the shear check alone fails
    expect(
      checkSteelPipe({ ...base, NEdMax: kN(0), NEdMin: kN(0), MEd: kNm(0), VEd: kN(2500) }).result!
        .utilisation,
    ).toBeNull();
  });
  it('ρ = 1 leaves nothing for N and M: null, except when there is no N and M', () => {
    expect(
      pipeSectionUtilisationWithShear(2, kN(6531), kNm(1014.7), 1, kN(100), kNm(0)).eta,
    ).toBeNull();
    expect(pipeSectionUtilisationWithShear(2, kN(6531), kNm(1014.7), 1, kN(0), kNm(0))).toEqual({
      eta: 0,
      MNRd: 0,
    });
    expect(
      pipeSectionUtilisationWithShear(3, kN(6531), kNm(1014.7), 0.75, kN(0), kNm(253.675)).eta,
    ).toBeCloseTo(1, 12); // 253.675/(0.25·1014.7)
  });
  it('the member check (6.3.3) is not reduced by shear', () => {
    const a = checkSteelPipe({ ...base, bucklingLength: m(10) }).result!.buckling!;
    const b = checkSteelPipe({ ...base, bucklingLength: m(10), VEd: kN(1800) }).result!.buckling!;
    expect(b.utilisation).toBe(a.utilisation);
  });
});

describe('steel pipe: properties of the new rules', () => {
  let seed = 9871;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const grades = ['S235', 'S275', 'S355'] as const;
  const randomCase = () => {
    const D = 0.3 + rnd() * 1.2;
    const t = Math.min(0.04, D / (20 + rnd() * 45));
    return {
      D: m(D),
      t: m(t),
      grade: grades[Math.floor(rnd() * 3)]!,
      manufacture: rnd() < 0.5 ? ('hot-finished' as const) : ('cold-formed' as const),
      NEdMax: kN((rnd() - 0.3) * 6000),
      NEdMin: kN((rnd() - 0.5) * 2000),
      MEd: kNm(rnd() * 800),
      VEd: kN(rnd() * 3000),
      bucklingLength: m(rnd() < 0.3 ? 0 : rnd() * 25),
      corrosion: m(rnd() < 0.3 ? 0 : rnd() * 0.5 * t),
    };
  };
  /** utilisation as a number that orders "not designable" (null) above everything */
  const u = (x: number | null) => (x === null ? Infinity : x);

  it('more shear never gives more capacity (ρ, M_N,V,Rd, utilisation, designability)', () => {
    for (let k = 0; k < 400; k++) {
      const load = randomCase();
      const lo = checkSteelPipe(load).result;
      if (lo === null) continue; // class 4 or wall invalid
      const hi = checkSteelPipe({ ...load, VEd: kN(load.VEd * (1 + rnd()) + 1) }).result!;
      expect(hi.rho).toBeGreaterThanOrEqual(lo.rho);
      expect(u(hi.utilisation)).toBeGreaterThanOrEqual(u(lo.utilisation) - 1e-12);
      expect(u(hi.utilisationSection)).toBeGreaterThanOrEqual(u(lo.utilisationSection) - 1e-12);
      if (lo.MNRd !== null && hi.MNRd !== null && hi.NEdUsed === lo.NEdUsed) {
        expect(hi.MNRd).toBeLessThanOrEqual(lo.MNRd + 1e-9);
      }
    }
  });
  it('corrosion never gives more capacity (N, M, V resistances, N_b,Rd, utilisation)', () => {
    for (let k = 0; k < 400; k++) {
      const load = randomCase();
      const lo = checkSteelPipe(load);
      const more = load.corrosion + rnd() * 0.3 * (load.t - load.corrosion);
      const hi = checkSteelPipe({ ...load, corrosion: m(more) });
      if (lo.result === null) {
        expect(hi.result).toBeNull(); // class 4 stays class 4 (d/t only grows)
        continue;
      }
      if (hi.result === null) continue; // corrosion made it class 4: no capacity claimed
      expect(hi.result.NRd).toBeLessThanOrEqual(lo.result.NRd + 1e-9);
      expect(hi.result.MRd).toBeLessThanOrEqual(lo.result.MRd + 1e-9);
      expect(hi.result.VRd).toBeLessThanOrEqual(lo.result.VRd + 1e-9);
      expect(hi.result.sectionClass).toBeGreaterThanOrEqual(lo.result.sectionClass);
      if (lo.result.buckling && hi.result.buckling) {
        expect(hi.result.buckling.NbRd).toBeLessThanOrEqual(lo.result.buckling.NbRd + 1e-9);
      }
      expect(u(hi.result.utilisation)).toBeGreaterThanOrEqual(u(lo.result.utilisation) - 1e-12);
    }
  });
  it('a hot-finished tube never has less capacity than a cold-formed one', () => {
    for (let k = 0; k < 400; k++) {
      const load = randomCase();
      const cold = checkSteelPipe({ ...load, manufacture: 'cold-formed' }).result;
      const hot = checkSteelPipe({ ...load, manufacture: 'hot-finished' }).result;
      if (cold === null || hot === null) {
        expect(hot).toBe(cold); // both null (class 4 does not depend on the manufacture)
        continue;
      }
      expect(u(hot.utilisation)).toBeLessThanOrEqual(u(cold.utilisation) + 1e-12);
      if (cold.buckling) {
        expect(hot.buckling!.chi).toBeGreaterThanOrEqual(cold.buckling.chi);
        expect(hot.buckling!.NbRd).toBeGreaterThanOrEqual(cold.buckling.NbRd);
        expect(hot.buckling!.utilisation).toBeLessThanOrEqual(cold.buckling.utilisation + 1e-12);
      }
      expect(hot.utilisationSection).toBe(cold.utilisationSection); // the section check does not depend on it
    }
  });
});
