import { describe, expect, it } from 'vitest';
import { readRepoJson } from '../../test/helpers';
import { calculateProject, compactResult } from '../index';
import { analysePileLateral } from '../lateral/pile-lateral';
import type { LateralModel } from '../lateral/mesh';
import { kN, kNm, kNPerM3, kPa, m, rad } from '../units/units';

/**
 * JSON of a result with −0, NaN and ±∞ written as text, so that the comparison is exact to the bit of every
 * number that JSON can carry and distinguishes the values JSON would merge.
 */
const exact = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v)) ? `#${String(v)}` : v,
  );

type Wire = {
  settings: Record<string, unknown>;
  piles: Record<string, unknown>[];
  horizontal_loadcases: { name: string; horizontal_loads: Record<string, unknown>[] }[];
};

/** The load-case example with the head restraint and the passive-pressure limitation set as given. */
const variant = (isHeadFixed: boolean, gegenRaeumlichenEP: boolean): Wire => {
  const input = structuredClone(readRepoJson('docs/examples/loadcases-project.json')) as Wire;
  input.settings = { ...input.settings, KopfEingespannt: isHeadFixed, gegenRaeumlichenEP };
  return input;
};

describe('calculateProject({ compact: true }) (ADR 0209)', () => {
  it('is compactResult of the full calculation, to the bit, for every variant of the load-case example', () => {
    for (const isHeadFixed of [false, true]) {
      for (const ep of [false, true]) {
        const input = variant(isHeadFixed, ep);
        const full = calculateProject(input);
        const compact = calculateProject(input, { compact: true });
        // the example has calculated rows with distributions in the full result (else this proves nothing)
        const rows = full.horizontal_loadcases.flatMap((c) => c.horizontal_loads);
        expect(rows.filter((r) => r.distribution !== null).length).toBeGreaterThan(3);
        expect(compact.isCompact).toBe(true);
        expect(exact(compact)).toBe(exact(compactResult(full)));
      }
    }
  });

  it('keeps the rows that are not calculated and their issues (input errors, missing load points)', () => {
    const input = variant(false, true);
    const rows = input.horizontal_loadcases[0]!.horizontal_loads;
    rows.push({ ...rows[0]!, Pname: 'does-not-exist' });
    rows.push({ ...rows[0]!, Hgkx: 'zehn' });
    const compact = calculateProject(input, { compact: true });
    expect(exact(compact)).toBe(exact(compactResult(calculateProject(input))));
    const codes = compact.horizontal_loadcases[0]!.horizontal_loads.flatMap((r) =>
      r.issues.map((i) => i.code),
    );
    expect(codes).toContain('LOADCASE_PILE_NOT_FOUND');
  });

  it('the lateral analysis without detail builds no distribution but gives the same numbers and design moments', () => {
    // a limited pile (passive pressure reached near the head), 12 m, D = 0.9 m
    const model: LateralModel = {
      headLevel: m(0),
      toeLevel: m(-12),
      diameter: m(0.9),
      EI: 1.2e6,
      isHeadFixed: false,
      groundLevel: m(0),
      groundwaterLevel: m(-100),
      layers: [
        {
          topLevel: m(0),
          bottomLevel: m(-12),
          ESoben: kPa(20000),
          ESunten: kPa(60000),
          MaxElementWeite: m(0.2),
          phi: rad((30 * Math.PI) / 180),
          cuEP: kPa(0),
          gammaBoden: kNPerM3(19),
          gammaStrichBoden: kNPerM3(10),
        },
      ],
      ksNichtReduzieren: false,
      gegenRaeumlichenEP: true,
    };
    const k = { x: { H: kN(250), M: kNm(40) }, y: { H: kN(60), M: kNm(0) } };
    const d = { x: { H: kN(360), M: kNm(55) }, y: { H: kN(85), M: kNm(0) } };
    const full = analysePileLateral(model, k, d).result!;
    const summary = analysePileLateral(model, k, d, 'newton', false).result!;
    expect(full.iterations).toBeGreaterThan(1); // limited: solved by Newton, not a linear case
    expect(summary.distribution).toBeNull();
    expect(full.distribution).not.toBeNull();
    const { distribution, forces, ...values } = full;
    const { distribution: none, forces: summaryForces, ...summaryValues } = summary;
    expect(none).toBeNull();
    expect(exact(summaryValues)).toBe(exact(values));
    expect(exact(summaryForces)).toBe(exact(forces));
    // the design moments are the distribution's own arrays, not copies
    expect(forces.M).toBe(distribution!.M);
    expect(forces.Mx).toBe(distribution!.Mx);
    expect(forces.My).toBe(distribution!.My);
    expect(forces.level).toBe(distribution!.level);
    // QMax without the Q array is the largest entry of that array
    expect(Object.is(summary.QMax, Math.max(...distribution!.Q))).toBe(true);
  });
});
