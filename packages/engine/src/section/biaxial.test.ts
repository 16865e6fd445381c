import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  biaxialExponent,
  equivalentMoment,
  governingCandidates,
  requiredReinforcementBiaxial,
} from './biaxial';
import { designSection, type SectionDesignInput } from './design-section';
import { buildInteractionGrid } from './interaction-grid';
import { CONCRETE_CLASSES, designMaterials } from './materials';
import { requiredReinforcement } from './required-reinforcement';
import { circularSection, sectionGeometry, squareSection } from './section-geometry';
import { fraction, kN, kNm, m } from '../units/units';

const C30 = CONCRETE_CLASSES.classes[2];
const m30 = designMaterials(C30, 1);
// 0.4 m square, bars on a 2·0.14 m square: N_Rd,c = A_c·f_cd = 0.16·17000 = 2720 kN
const g = squareSection(m(0.4), m(0.14));
const grid = buildInteractionGrid(g, m30);
const plain = (M: number) => M;

describe('biaxialExponent (EC2 5.8.9(4) table)', () => {
  it('gives 1.0 up to 0.1, 1.5 at 0.7, 2.0 at 1.0 and interpolates linearly', () => {
    expect(biaxialExponent(-0.5)).toBe(1);
    expect(biaxialExponent(0.1)).toBe(1);
    expect(biaxialExponent(0.4)).toBeCloseTo(1.25, 12);
    expect(biaxialExponent(0.7)).toBeCloseTo(1.5, 12);
    expect(biaxialExponent(0.85)).toBeCloseTo(1.75, 12);
    expect(biaxialExponent(1.2)).toBe(2);
  });
});

describe('equivalentMoment', () => {
  it('is (|Mx|^a + |My|^a)^(1/a) at the worst node, plus the 45° a-norm of the extra moment', () => {
    // a = 1: |Mx| + |My|; a = 2: resultant
    expect(equivalentMoment([30, -10], [40, 5], 1)).toBeCloseTo(70, 12);
    expect(equivalentMoment([30, -10], [40, 5], 2)).toBeCloseTo(50, 12);
    // a = 1.5: (30^1.5 + 40^1.5)^(2/3) = 417.299^(2/3) = e^(2/3·6.03380) = 55.8425
    expect(equivalentMoment([30], [40], 1.5)).toBeCloseTo(55.8425, 3);
    // extra 10 kNm, a = 1: 10·2^(1/2) = 14.142 (|mx| + |my| of a 45° vector of length 10)
    expect(equivalentMoment([0], [0], 1, 10)).toBeCloseTo(14.142, 3);
  });
});

describe('requiredReinforcementBiaxial (square, load contour)', () => {
  it('equals the uniaxial design when one component is zero', () => {
    const r = requiredReinforcementBiaxial(
      g,
      m30,
      kN(500),
      { Mx: [120], My: [0], extra: kNm(0) },
      plain,
      grid,
    )!;
    expect(r.As).toBeCloseTo(requiredReinforcement(g, m30, kN(500), kNm(120), grid)!, 9);
  });
  it('designs a diagonal moment with a = 1 for the uniaxial moment |Mx| + |My| (N_Ed/N_Rd ≤ 0.1)', () => {
    // N_Ed = 100 kN ≤ 0.1·N_Rd: a = 1, M_eq = 60 + 60 = 120 kNm
    const r = requiredReinforcementBiaxial(
      g,
      m30,
      kN(100),
      { Mx: [60], My: [60], extra: kNm(0) },
      plain,
      grid,
    )!;
    expect(r.a).toBe(1);
    expect(r.Meq).toBeCloseTo(120, 9);
    expect(r.As).toBeCloseTo(requiredReinforcement(g, m30, kN(100), kNm(120), grid)!, 9);
  });
  it('needs more steel for the diagonal than for the same resultant about one axis', () => {
    const M = 100;
    const diagonal = requiredReinforcementBiaxial(
      g,
      m30,
      kN(800),
      { Mx: [M / Math.SQRT2], My: [M / Math.SQRT2], extra: kNm(0) },
      plain,
      grid,
    )!;
    const axis = requiredReinforcementBiaxial(
      g,
      m30,
      kN(800),
      { Mx: [M], My: [0], extra: kNm(0) },
      plain,
      grid,
    )!;
    expect(diagonal.As).toBeGreaterThan(axis.As);
  });
  it('never needs less steel for larger moments (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: 1, max: 1.5, noNaN: true }),
        fc.double({ min: -500, max: 2000, noNaN: true }),
        (mx, my, factor, N) => {
          const small = requiredReinforcementBiaxial(
            g,
            m30,
            kN(N),
            { Mx: [mx], My: [my], extra: kNm(0) },
            plain,
            grid,
          );
          const large = requiredReinforcementBiaxial(
            g,
            m30,
            kN(N),
            { Mx: [mx * factor], My: [my * factor], extra: kNm(0) },
            plain,
            grid,
          );
          if (small === null) expect(large).toBeNull();
          else if (large !== null) expect(large.As).toBeGreaterThanOrEqual(small.As - 1e-9);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('designSection, square precast with biaxial moments', () => {
  const input: SectionDesignInput = {
    shape: 'square',
    nominalSize: m(0.4),
    isUncasedCastInPlace: false,
    minimumRules: 'precast',
    concrete: C30,
    cover: m(0.03),
    maxBarDiameter: m(0.025),
    maxLinkDiameter: m(0.01),
    minClearSpacing: m(0.05),
    shearAslShare: fraction(0.5),
    NEdMax: kN(200),
    NEdMin: kN(100),
    MEd: kNm(100),
    VEd: kN(50),
    bucklingLength: m(0),
  };
  it('uses M_eq of the load contour and reports a', () => {
    const uni = designSection(input).result!;
    const bi = designSection({
      ...input,
      biaxial: { Mx: [0, 70.71], My: [0, 70.71], extra: kNm(0) },
    }).result!;
    expect(uni.biaxialExponent).toBeNull();
    expect(bi.biaxialExponent).toBe(1);
    expect(bi.MEdUsed).toBeCloseTo(141.42, 2);
    expect(bi.AsLaengsCalc).toBeGreaterThan(uni.AsLaengsCalc);
  });
});

describe('governingCandidates (ADR 0190)', () => {
  it('drops a node whose |Mx| + |My| is below the largest single component and keeps the others', () => {
    // largest single component: |−80| at node 1; node 0: 30 + 40 = 70 < 80 → dropped; node 2: 50 + 50 = 100 kept
    const kept = governingCandidates([30, -80, 50], [40, 0, -50]);
    expect(kept).toEqual({ Mx: [-80, 50], My: [0, -50] });
  });
  it('gives exactly the M_eq of all nodes for every exponent 1 ≤ a ≤ 2 (property)', () => {
    // (|x|^a + |y|^a)^(1/a) lies between max(|x|, |y|) and |x| + |y|, so a dropped node never is the maximum
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -500, max: 500, noNaN: true }),
            fc.double({ min: -500, max: 500, noNaN: true }),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        fc.double({ min: 1, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (nodes, a, extra) => {
          const Mx = nodes.map((n) => n[0]);
          const My = nodes.map((n) => n[1]);
          const kept = governingCandidates(Mx, My);
          expect(equivalentMoment(kept.Mx, kept.My, a, extra)).toBe(
            equivalentMoment(Mx, My, a, extra),
          );
        },
      ),
    );
  });
});

describe('sectionGeometry (memoised, ADR 0190)', () => {
  it('gives the same numbers as circularSection / squareSection and one object per key', () => {
    const circle = sectionGeometry('circle', m(0.85), m(0.33));
    expect(circle).toEqual(circularSection(m(0.85), m(0.33)));
    expect(sectionGeometry('circle', m(0.85), m(0.33))).toBe(circle);
    expect(sectionGeometry('square', m(0.4), m(0.14))).toEqual(squareSection(m(0.4), m(0.14)));
    // −0 is not the key of 0 (the bar ordinates would differ in sign)
    expect(sectionGeometry('square', m(0.4), m(-0))).not.toBe(
      sectionGeometry('square', m(0.4), m(0)),
    );
  });
});
