import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  concreteClassFromCode,
  concreteStress,
  designMaterials,
  steelStress,
  CONCRETE_CLASSES,
} from './materials';
import { circularSection, squareSection } from './section-geometry';
import { axialResistances, designStrains, requiredReinforcement } from './required-reinforcement';
import { momentResistance } from './strain-compatibility';
import {
  boredPileMinimum,
  compressionMemberMinimum,
  minimumReinforcement,
} from './minimum-reinforcement';
import { designShear } from './shear';
import { uncasedDesignDiameter } from './design-diameter';
import { chooseBarLayout } from './bar-layout';
import { secondOrderMoment } from './second-order';
import { designSection, type SectionDesignInput } from './design-section';
import { fraction, kN, kNm, kPa, m, m2 } from '../units/units';

const C30 = CONCRETE_CLASSES.classes[2];
const m30 = designMaterials(C30, 1);

describe('materials', () => {
  it('gives fcd = 0.85·30/1.5 = 17 N/mm² and fyd = 434.8 N/mm² (EC2 3.1.6, 3.2.7, NA)', () => {
    expect(m30.fcd).toBeCloseTo(17000, 6);
    expect(m30.fyd / 1000).toBeCloseTo(434.78, 2);
  });
  it.each([
    [25, 'C25/30', false],
    [30, 'C30/37', false],
    [35, 'C35/45', true],
    ['C35/40', 'C35/45', true],
    ['C50/60', 'C50/60', false],
    [20, 'C20/25', false],
  ])('reads BetonZyl %s as %s (mapping warning %s)', (code, name, warns) => {
    const r = concreteClassFromCode(code);
    expect(r.concrete.name).toBe(name);
    expect(r.issues.some((i) => i.code === 'CONCRETE_CLASS_MAPPED')).toBe(warns);
  });
  it('reports an unknown class as an error', () => {
    expect(concreteClassFromCode(99).issues[0]!.code).toBe('CONCRETE_CLASS_UNKNOWN');
  });
  it('follows the parabola–rectangle and bilinear laws', () => {
    expect(concreteStress(0.001, kPa(17000))).toBeCloseTo(17000 * 0.75, 6);
    expect(concreteStress(0.003, kPa(17000))).toBe(17000);
    expect(concreteStress(-0.001, kPa(17000))).toBe(0);
    expect(steelStress(0.001, m30)).toBeCloseTo(200000, 6);
    expect(steelStress(-0.01, m30)).toBeCloseTo(0 - m30.fyd, 6);
  });
});

describe('uncasedDesignDiameter (EC2 2.3.4.2(2))', () => {
  it.each([
    [0.3, 0.28],
    [0.6, 0.57],
    [1.0, 0.95],
    [1.2, 1.15],
  ])('reduces %d m to %d m', (dnom, d) => expect(uncasedDesignDiameter(m(dnom))).toBeCloseTo(d, 9));
});

describe('axial resistances by hand', () => {
  // D = 0.8 m, As = 50 cm², C30/37: N_Rd,c = Ac·fcd + As·(Es·εc2 − fcd); N_Rd,t = −As·fyd
  const g = circularSection(m(0.8), m(0.3));
  it('pure compression = 0.502655·17000 + 0.005·(400000 − 17000) = 10460.1 kN', () => {
    expect(axialResistances(g, m30, m2(0.005)).compression).toBeCloseTo(
      0.25 * Math.PI * 0.64 * 17000 + 0.005 * 383000,
      3,
    );
  });
  it('pure tension = −0.005·434782.6 = −2173.9 kN', () => {
    expect(axialResistances(g, m30, m2(0.005)).tension).toBeCloseTo(-0.005 * m30.fyd, 6);
  });
  it('square 0.4 m precast: pure compression = 0.16·17000 + As·383000', () => {
    expect(
      axialResistances(squareSection(m(0.4), m(0.14)), m30, m2(0.002)).compression,
    ).toBeCloseTo(0.16 * 17000 + 0.002 * 383000, 3);
  });
});

/** Independent fine integration (2000 strips, 12 discrete bars in both orientations averaged). */
const fineMRdAtZero = (D: number, rs: number, As: number): number => {
  const R = D / 2;
  let best = 0;
  const MatPlane = (epsTop: number, kappa: number, offset: number) => {
    let N = 0;
    let M = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const y = -R + (D * (i + 0.5)) / n;
      const b = 2 * Math.sqrt(R * R - y * y);
      const f = concreteStress(epsTop - kappa * (R - y), m30.fcd) * b * (D / n);
      N += f;
      M += f * y;
    }
    for (let j = 0; j < 12; j++) {
      const y = rs * Math.cos((2 * Math.PI * j) / 12 + offset);
      const eps = epsTop - kappa * (R - y);
      const f = (steelStress(eps, m30) - concreteStress(eps, m30.fcd)) * (As / 12);
      N += f;
      M += f * y;
    }
    return { N, M };
  };
  for (const offset of [0, Math.PI / 12]) {
    // region 2: εtop = 3.5 ‰, find the curvature with N = 0
    let lo = 0.0035 / D;
    let hi = (0.0035 + 0.025) / (R + rs);
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (MatPlane(0.0035, mid, offset).N > 0) lo = mid;
      else hi = mid;
    }
    best += MatPlane(0.0035, (lo + hi) / 2, offset).M / 2;
  }
  return best;
};

describe('momentResistance (interaction points)', () => {
  it('matches an independent fine integration at N = 0 within 0.5 % (D = 0.9 m, 12 Ø 20)', () => {
    const As = 12 * Math.PI * 0.01 ** 2;
    const rs = 0.45 - 0.08;
    const r = momentResistance(circularSection(m(0.9), m(rs)), m30, m2(As), kN(0))!;
    expect(Math.abs(r.MRd / fineMRdAtZero(0.9, rs, As) - 1)).toBeLessThan(0.005);
  });
  it('is memoised by geometry object and the exact values it depends on (ADR 0204)', () => {
    const rs = 0.45 - 0.08;
    const g = circularSection(m(0.9), m(rs));
    const fresh = () => circularSection(m(0.9), m(rs)); // another object: never a hit of g's entries
    const a = momentResistance(g, m30, m2(0.004), kN(1500))!;
    expect(momentResistance(g, m30, m2(0.004), kN(1500))).toBe(a); // a hit: the same frozen object
    expect(Object.isFrozen(a) && Object.isFrozen(a.plane)).toBe(true);
    const b = momentResistance(fresh(), m30, m2(0.004), kN(1500))!;
    expect(b).not.toBe(a);
    expect(b).toEqual(a); // computed again: the same numbers
    // each value the result depends on is part of the key: a neighbouring value is computed on its own
    const m35 = designMaterials(CONCRETE_CLASSES.classes[3], 1);
    const nextAs = 0.004 * (1 + 2 ** -52);
    for (const [m, As, NEd] of [
      [m30, 0.004, 1000],
      [m30, nextAs, 1500],
      [m35, 0.004, 1500],
    ] as const) {
      const hit = momentResistance(g, m, m2(As), kN(NEd))!;
      expect(hit).not.toBe(a);
      expect(hit).toEqual(momentResistance(fresh(), m, m2(As), kN(NEd)));
    }
    expect(momentResistance(g, m30, m2(0.004), kN(1000))!.MRd).not.toBe(a.MRd);
    expect(momentResistance(g, m35, m2(0.004), kN(1500))!.MRd).not.toBe(a.MRd);
  });
  it('returns null outside the axial range and the balanced region carries more moment than N = 0', () => {
    const g = circularSection(m(0.8), m(0.3));
    expect(momentResistance(g, m30, m2(0.005), kN(20000))).toBeNull();
    expect(momentResistance(g, m30, m2(0.005), kN(-3000))).toBeNull();
    expect(momentResistance(g, m30, m2(0.005), kN(3000))!.MRd).toBeGreaterThan(
      momentResistance(g, m30, m2(0.005), kN(0))!.MRd,
    );
  });
  it('requiredReinforcement puts the design point on the interaction curve', () => {
    const g = circularSection(m(0.8), m(0.3));
    const As = requiredReinforcement(g, m30, kN(1000), kNm(600))!;
    expect(As).toBeGreaterThan(0);
    expect(momentResistance(g, m30, As, kN(1000))!.MRd).toBeCloseTo(600, 0);
    const s = designStrains(g, m30, As, kN(1000), kNm(600))!;
    // at the limit one of the strain limits is reached
    expect(Math.max(s.epsConcrete / 0.0035, -s.epsSteel / 0.025)).toBeCloseTo(1, 2);
  });
});

describe('minimum reinforcement', () => {
  it.each([
    [0.4, 20],
    [0.785, 25],
    [1.131, 28.275],
  ])('EC2 9.8.5(3): Ac = %d m² → %d cm²', (Ac, cm2) =>
    expect(boredPileMinimum(m2(Ac)) * 1e4).toBeCloseTo(cm2, 6),
  );
  it('NA 9.5.2(2): 0.15·3000 kN / 434.8 N/mm² = 10.35 cm²', () => {
    expect(compressionMemberMinimum(kN(3000), m30.fyd) * 1e4).toBeCloseTo(10.35, 2);
    expect(compressionMemberMinimum(kN(-100), m30.fyd)).toBe(0);
  });
  it('takes the larger rule', () => {
    expect(minimumReinforcement('bored', m2(0.5), kN(10000), m30.fyd).rule).toBe('NA 9.5.2(2)');
    expect(minimumReinforcement('bored', m2(0.5), kN(100), m30.fyd).rule).toBe('EC2 9.8.5(3)');
    expect(minimumReinforcement('precast', m2(0.16), kN(0), m30.fyd).rule).toBe('none');
  });
});

describe('chooseBarLayout', () => {
  const rules = {
    shape: 'circle' as const,
    outer: m(0.8),
    cover: m(0.1),
    linkDiameter: m(0.01),
    maxDiameter: m(0.02),
    minClearSpacing: m(0.1),
    minDiameter: m(0.016),
    minCount: 6,
    maxClearSpacing: m(0.2),
  };
  it('respects the maximum clear spacing of 200 mm and at least 6 bars', () => {
    const b = chooseBarLayout({ ...rules, AsRequired: m2(0) })!;
    expect(b.count).toBeGreaterThanOrEqual(6);
    expect(b.clearSpacing).toBeLessThanOrEqual(0.2);
    expect(b.diameter).toBe(0.016);
  });
  it('provides at least the required area within MaxLaengs', () => {
    const b = chooseBarLayout({ ...rules, AsRequired: m2(30e-4) })!;
    expect(b.area).toBeGreaterThanOrEqual(30e-4);
    expect(b.diameter).toBeLessThanOrEqual(0.02);
    expect(b.BewTyp).toBe(`${b.count} Ø ${b.diameter * 1000}`);
  });
  it('returns null when MinLaengsAbstand cannot be kept', () => {
    expect(chooseBarLayout({ ...rules, AsRequired: m2(200e-4) })).toBeNull();
  });
});

describe('designShear by hand', () => {
  // VEd 300 kN, bw 0.8 m, d 0.6 m, Asl 25 cm², C30/37, N = 0 (values computed in docs/calculation-structural.md §3.6)
  const s = designShear(
    { VEd: kN(300), NEd: kN(0), bw: m(0.8), d: m(0.6), Ac: m2(0.5), Asl: m2(0.0025) },
    m30,
  );
  it('V_Rd,c = 0.1·1.577·(100·0.005208·30)^(1/3)·0.8·0.6 = 189.28 kN', () =>
    expect(s.VRdc).toBeCloseTo(189.28, 1));
  it('cot θ = 3 because V_Rd,cc = 322.2 kN > V_Ed', () => expect(s.cotTheta).toBe(3));
  it('A_sw/s = 300/(0.54·434.8·3) = 4.259 cm²/m', () =>
    expect(s.AsQuerCalc * 1e4).toBeCloseTo(4.259, 2));
  it('V_Rd,max = 0.8·0.54·0.75·17/(3 + 1/3) = 1652.4 kN', () =>
    expect(s.VRdmax).toBeCloseTo(1652.4, 0));
  it('ρ_w,min·b_w = 0.16·2.8965/500·0.8 = 7.415 cm²/m', () =>
    expect(s.AsSchubMin * 1e4).toBeCloseTo(7.415, 2));
  it('needs no shear reinforcement below V_Rd,c', () => {
    expect(
      designShear(
        { VEd: kN(150), NEd: kN(0), bw: m(0.8), d: m(0.6), Ac: m2(0.5), Asl: m2(0.0025) },
        m30,
      ).AsQuerCalc,
    ).toBe(0);
  });
});

describe('secondOrderMoment (EC2 5.8)', () => {
  it('is zero for a short column and N·(ε_yd/(0.45 d))·l0²/10 for a slender one', () => {
    expect(secondOrderMoment(m(2), m(0.2), kN(1000), m2(0.5), m(0.6), m30).M2).toBe(0);
    const r = secondOrderMoment(m(15), m(0.2), kN(1000), m2(0.5), m(0.6), m30);
    expect(r.M2).toBeCloseTo((1000 * (434782.6 / 2e8 / (0.45 * 0.6)) * 225) / 10, 1);
  });
});

const baseInput: SectionDesignInput = {
  shape: 'circle',
  nominalSize: m(0.8),
  isUncasedCastInPlace: true,
  minimumRules: 'bored',
  concrete: C30,
  cover: m(0.1),
  maxBarDiameter: m(0.02),
  maxLinkDiameter: m(0.01),
  minClearSpacing: m(0.1),
  shearAslShare: fraction(0.5),
  NEdMax: kN(2000),
  NEdMin: kN(1000),
  MEd: kNm(300),
  VEd: kN(150),
  bucklingLength: m(0),
};

describe('designSection', () => {
  it('gives provided ≥ max(calc, min) and consistent outputs', () => {
    const { result } = designSection(baseInput);
    expect(result!.AsLaengs).toBeGreaterThanOrEqual(
      Math.max(result!.AsLaengsCalc, result!.AsLaengsMin) - 1e-9,
    );
    expect(result!.AsQuer).toBe(Math.max(result!.AsQuerCalc, result!.AsSchubMin));
    expect(result!.BewTyp).toMatch(/^\d+ Ø \d+$/);
    expect(result!.Eps0).not.toBeNull();
  });
  it('reports SECTION_CAPACITY_EXCEEDED for an impossible moment', () => {
    const r = designSection({ ...baseInput, MEd: kNm(1e5) });
    expect(r.result).toBeNull();
    expect(r.issues.map((i) => i.code)).toContain('SECTION_CAPACITY_EXCEEDED');
  });
  it('never needs less reinforcement for more moment and never returns NaN (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: -1000, max: 6000, noNaN: true }),
        (M, dM, N) => {
          const a = designSection({
            ...baseInput,
            MEd: kNm(M),
            NEdMax: kN(N),
            NEdMin: kN(N),
          }).result;
          const b = designSection({
            ...baseInput,
            MEd: kNm(M + dM),
            NEdMax: kN(N),
            NEdMin: kN(N),
          }).result;
          if (a && b) {
            expect(b.AsLaengsCalc).toBeGreaterThanOrEqual(a.AsLaengsCalc - 1e-3);
            expect(Object.values(a).every((v) => typeof v !== 'number' || Number.isFinite(v))).toBe(
              true,
            );
          }
          if (a === null) expect(b).toBeNull();
        },
      ),
      { numRuns: 40 },
    );
  });
});
