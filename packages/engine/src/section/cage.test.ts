import { describe, expect, it } from 'vitest';
import { cageClearSpacing } from './bar-layout';
import { designSection, type SectionDesignInput } from './design-section';
import { concreteClassFromCode } from './materials';
import { fraction, kN, kNm, m } from '../units/units';

// ADR 0134: the clear-spacing check must be made on the cage that is reported (bars inside the
// chosen links), not on a cage with the largest link MaxBuegel (ADR 0134; EN 1992-1-1 9.8.5(3): clear
// distance between the longitudinal bars of bored piles ≤ 200 mm).

const input: SectionDesignInput = {
  shape: 'circle',
  nominalSize: m(0.8),
  isUncasedCastInPlace: true,
  minimumRules: 'bored',
  concrete: concreteClassFromCode(30).concrete,
  cover: m(0.1),
  maxBarDiameter: m(0.02),
  maxLinkDiameter: m(0.012),
  minClearSpacing: m(0.1),
  shearAslShare: fraction(0.5),
  NEdMax: kN(1000),
  NEdMin: kN(500),
  MEd: kNm(50),
  VEd: kN(20),
  bucklingLength: m(0),
};

describe('reinforcement cage (defect 4)', () => {
  it('hand check: 8 Ø 20 inside Ø 6 links of a D = 0.80 m pile breaks the 200 mm rule', () => {
    // axis diameter = 0.80 − 2·(0.10 + 0.006 + 0.020/2) = 0.568 m; axis length = π·0.568 = 1.78442 m
    // clear = 1.78442/8 − 0.020 = 0.20305 m > 0.200 m (with Ø 12 links: 0.556 m → 0.19834 m, which passed)
    const rules = { cover: m(0.1), shape: 'circle' as const, outer: m(0.8) };
    expect(cageClearSpacing(rules, m(0.006), { count: 8, diameter: m(0.02) })).toBeCloseTo(
      0.20305,
      5,
    );
    expect(cageClearSpacing(rules, m(0.012), { count: 8, diameter: m(0.02) })).toBeCloseTo(
      0.19834,
      5,
    );
  });

  it('reports a cage whose bar spacing, checked with the reported links, keeps EC2 9.8.5(3)', () => {
    // Before the fix: "8 Ø 20" with links Ø 6 (chosen), spacing checked with MaxBuegel Ø 12 (0.198 m);
    // the built cage has 0.203 m clear between the bars.
    const { result, issues } = designSection(input);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    const { bars, links } = result!;
    const rules = { cover: input.cover, shape: input.shape, outer: input.nominalSize };
    const clear = cageClearSpacing(rules, links!.diameter, bars!);
    expect(clear).toBeLessThanOrEqual(0.2 + 1e-9);
    expect(clear).toBeGreaterThanOrEqual(0.1 - 1e-9);
    // the reported clear spacing is the one of the reported cage
    expect(bars!.clearSpacing).toBeCloseTo(clear, 12);
    expect(result!.AsLaengs).toBeGreaterThanOrEqual(
      Math.max(result!.AsLaengsCalc, result!.AsLaengsMin) - 1e-9,
    );
  });

  it('keeps the 200 mm rule on the reported cage for every pile size and link limit (sweep)', () => {
    for (const maxLinkDiameter of [0.01, 0.012, 0.016]) {
      for (let k = 0; k <= 28; k += 1) {
        const nominalSize = 0.6 + 0.05 * k;
        for (const cover of [0.05, 0.075, 0.1]) {
          const r = designSection({
            ...input,
            nominalSize: m(nominalSize),
            cover: m(cover),
            maxLinkDiameter: m(maxLinkDiameter),
          }).result;
          if (!r?.bars || !r.links) continue;
          const clear = cageClearSpacing(
            { cover: m(cover), shape: 'circle', outer: m(nominalSize) },
            r.links.diameter,
            r.bars,
          );
          expect(
            clear,
            `D ${nominalSize} cover ${cover} Ø_bw,max ${maxLinkDiameter}`,
          ).toBeLessThanOrEqual(0.2 + 1e-9);
          expect(r.bars.clearSpacing).toBeCloseTo(clear, 12);
        }
      }
    }
  });
});
