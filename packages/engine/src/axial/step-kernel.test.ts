import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandProject } from '../../test/helpers';
import { normalizeProject } from '../input/normalize';
import { evaluateAt } from './evaluate';
import { setupPile } from './pile-setup';
import { StepKernel } from './step-kernel';

/** Setup of the first pile of a wire project (the test inputs are valid). */
function setupOf(input: unknown) {
  const { project } = normalizeProject(input);
  const profiles = new Map(project.soil_profiles.map((p) => [p.name, p]));
  const issues = normalizeProject(input).issues;
  const setup = setupPile(project.piles[0]!, project, profiles, new Map(), issues);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return setup!;
}

const layerArb = fc.record({
  thickness: fc.double({ min: 0.5, max: 6, noNaN: true }),
  qc: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 35, noNaN: true })),
  cuk: fc.oneof(fc.constant(0), fc.double({ min: 0.02, max: 0.35, noNaN: true })),
  qsk: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.3, noNaN: true })),
  tauNk: fc.oneof(fc.constant(0), fc.double({ min: 0.005, max: 0.05, noNaN: true })),
  FuszAbsetzbar: fc.boolean(),
  IstEindringRelevant: fc.boolean(),
});

describe('StepKernel (length iteration without allocations)', () => {
  it('agrees with evaluateAt at every trial length, bit for bit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(layerArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('bp', 'c', 'r', 'f', 'a'),
        fc.double({ min: 0.3, max: 1.5, noNaN: true }),
        fc.double({ min: 0, max: 4000, noNaN: true }),
        fc.double({ min: -800, max: 0, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 97, max: 103, noNaN: true }),
        (layers, PfahlTyp, D, Ek, EdMin, averaging, top) => {
          let level = 100;
          const soil = layers.map((l) => {
            level -= l.thickness;
            return { ...l, endKote: level };
          });
          soil.push({ ...layers[0]!, endKote: level - 10 });
          const setup = setupOf(
            sandProject(
              {
                PfahlTyp,
                SollDurchmesser: D,
                SollPfahlOberKante: top,
                AEHoehe: top,
                AlternativeCharakteristischeLastZ: Ek,
                AlternativeDesignLastZ: 1.4 * Ek,
                AlternativeCharakteristischeMinLastZ: EdMin / 1.5,
                AlternativeDesignMinLastZ: EdMin,
                einzelMindestEindringung: 1,
              },
              { SpitzendruckMittelung: averaging },
              soil,
            ),
          );
          const kernel = new StepKernel(setup.ctx);
          for (let L = 0.5; L <= setup.Lmax; L = Math.round((L + 0.7) * 1e9) / 1e9) {
            kernel.moveTo(L);
            kernel.evaluate();
            const e = evaluateAt(setup.ctx, L, true);
            expect([kernel.R_d, kernel.EzuR, kernel.s, kernel.failed]).toEqual([
              e.R_d,
              e.EzuR,
              e.s,
              e.failed,
            ]);
            expect(kernel.layer).toBe(e.toeLayer);
            // The cheap check passes exactly when the full evaluation passes.
            expect(kernel.check() === null).toBe(e.failed === null);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('treats a toe above the profile (pile top above startKote) as "toe-layer", not as a crash', () => {
    // Top 106.0, profile from 100.0: L = 3 m puts the toe at 103.0, above the soil.
    const setup = setupOf(sandProject({ SollPfahlOberKante: 106, AEHoehe: 106 }));
    const kernel = new StepKernel(setup.ctx);
    kernel.moveTo(3);
    expect(kernel.layer).toBe(-1);
    expect(kernel.check()).toBe('toe-layer');
    kernel.evaluate();
    expect(kernel.failed).toBe('toe-layer');
    expect(kernel.R_d).toBe(0);
    const e = evaluateAt(setup.ctx, 3, true);
    expect(e).toMatchObject({ toeLayer: -1, failed: 'toe-layer', Rb_k: 0, Rs_k: 0 });
  });
});
