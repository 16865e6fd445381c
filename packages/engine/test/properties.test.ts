import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateProject } from '../src/project/calculate-project';
import type { AxialPileResult as PileResult } from '../src/project/result-types';

// Metamorphic properties of the axial engine (docs/calculation.md §14; the lateral ones: lateral-properties.test.ts): a change of the input that must not change the answer,
// or must change it in a known direction. Projects are small so that each property runs in about a second.

type Layer = Record<string, unknown>;
type Pile = Record<string, unknown>;

const project = (
  piles: Pile[],
  layers: Layer[],
  settings: Record<string, unknown> = {},
  shift = 0,
) => ({
  settings: { MindestPfahllaenge: 3, Schrittweite: 0.5, ...settings },
  soil_profiles: [
    {
      name: 'P',
      grundwasserStand: 95 + shift,
      startKote: 100 + shift,
      soil_layers: layers.map((l) => ({ ...l, endKote: (l.endKote as number) + shift })),
    },
  ],
  piles: piles.map((p) => ({
    ...p,
    SollPfahlOberKante: (p.SollPfahlOberKante as number) + shift,
    AEHoehe: (p.AEHoehe as number) + shift,
  })),
  horizontal_loadcases: [],
});

const run = (input: unknown): PileResult[] =>
  calculateProject(input, { horizontalLoadCases: 'skip' }).piles;

/** The numeric results that must not depend on levels, layer splitting or row order. */
const numbers = (r: PileResult) => ({
  laenge_ohne: r.laenge_ohne,
  laenge_mit: r.laenge_mit,
  IstLaenge: r.IstLaenge,
  BohrLaenge: r.BohrLaenge,
  EindringTiefe: r.EindringTiefe,
  Rs_k: r.Rs_k,
  Rb_k: r.Rb_k,
  R_d: r.R_d,
  EzuR: r.EzuR,
  Setzung: r.Setzung,
  R_d_Min: r.R_d_Min,
  codes: r.issues.map((i) => i.code).sort(),
});

/** Equal up to rounding (relative 1e-9) for numbers; exact for the rest. */
const expectClose = (a: unknown, b: unknown): void => {
  if (typeof a === 'number' && typeof b === 'number') {
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a)));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const key of Object.keys(a)) {
      expectClose((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
    }
    return;
  }
  expect(b).toEqual(a);
};

// a soil layer: sand (q_c) or clay (c_u,k), with toe / embedment flags
const layerArb = fc.oneof(
  fc.record({ qc: fc.double({ min: 2, max: 30, noNaN: true }) }),
  fc.record({ cuk: fc.double({ min: 0.03, max: 0.3, noNaN: true }) }),
);
// 1–3 layers from 100.0 down to 70.0 m NHN with thicknesses in steps of 0.25 m
const profileArb = fc
  .tuple(
    fc.array(fc.tuple(layerArb, fc.integer({ min: 4, max: 40 }), fc.boolean()), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([rows]) => {
    let level = 100;
    const layers: Layer[] = rows.map(([values, quarters, isBearing]) => {
      level -= quarters * 0.25;
      return {
        ...values,
        endKote: level,
        FuszAbsetzbar: isBearing,
        IstEindringRelevant: isBearing,
      };
    });
    layers[layers.length - 1] = {
      ...layers[layers.length - 1],
      endKote: 70,
      FuszAbsetzbar: true,
      IstEindringRelevant: true,
    };
    return layers;
  });
const pileArb = fc.record({
  PfahlTyp: fc.constantFrom<string>('bp', 'r'),
  SollDurchmesser: fc.constantFrom<number>(0.4, 0.6, 0.9, 1.2),
  Ed: fc.double({ min: 200, max: 6000, noNaN: true }),
  x: fc.integer({ min: 0, max: 20 }),
  y: fc.integer({ min: 0, max: 20 }),
});
type Infer<A> = A extends fc.Arbitrary<infer T> ? T : never;
type PileArb = Infer<typeof pileArb>;
const toPile = (p: PileArb, i: number): Pile => ({
  Pname: `P${i}`,
  PfahlTyp: p.PfahlTyp,
  SollDurchmesser: p.SollDurchmesser,
  SollPfahlOberKante: 100,
  AEHoehe: 100.5,
  AlternativeDesignLastZ: p.Ed,
  AlternativeCharakteristischeLastZ: p.Ed / 1.4,
  Rechtswert: p.x,
  Hochwert: p.y,
  BodenProfil: 'P',
});
// toe coordination active: neighbours within 4 m get the same toe, stepping 45° within 10 m
const coordination = { AchsabstandGleicherTiefe: 4, FuszBeeinfluszung: 1, Beeinflussungsweite: 10 };

describe('engine properties (metamorphic)', () => {
  it('shifting every level by a constant changes only the levels', () => {
    fc.assert(
      fc.property(
        profileArb,
        fc.array(pileArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: -400, max: 400 }).map((q) => q * 0.25),
        (layers, piles, shift) => {
          const rows = piles.map(toPile);
          const a = run(project(rows, layers, coordination));
          const b = run(project(rows, layers, coordination, shift));
          a.forEach((r, i) => {
            expectClose(numbers(r), numbers(b[i]!));
            if (r.Soll_UK_Pfahl !== null) expectClose(r.Soll_UK_Pfahl + shift, b[i]!.Soll_UK_Pfahl);
            else expect(b[i]!.Soll_UK_Pfahl).toBeNull();
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('splitting a layer into two identical halves changes nothing', () => {
    fc.assert(
      fc.property(profileArb, pileArb, fc.nat(), fc.boolean(), (layers, pile, which, averaging) => {
        const at = which % layers.length;
        const top = at === 0 ? 100 : (layers[at - 1]!.endKote as number);
        const middle = (top + (layers[at]!.endKote as number)) / 2;
        const split = [
          ...layers.slice(0, at),
          { ...layers[at]!, endKote: middle },
          ...layers.slice(at),
        ];
        // with and without base averaging around the toe (SpitzendruckMittelung)
        const settings = { SpitzendruckMittelung: averaging };
        const a = run(project([toPile(pile, 0)], layers, settings))[0]!;
        const b = run(project([toPile(pile, 0)], split, settings))[0]!;
        expectClose(numbers(a), numbers(b));
      }),
      { numRuns: 60 },
    );
  });

  it('the order of the rows changes nothing (toe coordination included)', () => {
    fc.assert(
      fc.property(
        profileArb,
        fc.array(pileArb, { minLength: 2, maxLength: 4 }),
        fc.nat(),
        (layers, piles, seed) => {
          const rows = piles.map(toPile);
          // a rotation and a reversal of the rows
          const k = seed % rows.length;
          const reordered = [...rows.slice(k), ...rows.slice(0, k)].reverse();
          const a = run(project(rows, layers, coordination));
          const b = run(project(reordered, layers, coordination));
          rows.forEach((row, i) => {
            const j = reordered.indexOf(row);
            expectClose(numbers(a[i]!), numbers(b[j]!));
          });
          // the same rows share a Nachweisgruppe (its numbers follow the row order)
          const sameGroup = (r: PileResult[], order: Pile[]) =>
            rows.map((x) =>
              rows.map((y) => {
                const gx = r[order.indexOf(x)]!.Nachweisgruppe;
                return gx !== null && gx === r[order.indexOf(y)]!.Nachweisgruppe;
              }),
            );
          expect(sameGroup(b, reordered)).toEqual(sameGroup(a, rows));
        },
      ),
      { numRuns: 40 },
    );
  });

  const required = (r: PileResult) => r.laenge_ohne ?? Infinity;
  /** a ≥ b up to rounding (values equal in exact arithmetic may differ in the last bits) */
  const atLeast = (a: number | null, b: number | null) =>
    expect((a ?? 0) + 1e-9 * Math.max(1, Math.abs(b ?? 0))).toBeGreaterThanOrEqual(b ?? 0);

  it('a larger load never gives a shorter pile or a smaller utilisation at the same length', () => {
    fc.assert(
      fc.property(
        profileArb,
        pileArb,
        fc.double({ min: 1, max: 3, noNaN: true }),
        (layers, pile, f) => {
          const small = run(project([toPile(pile, 0)], layers))[0]!;
          const large = run(project([toPile({ ...pile, Ed: pile.Ed * f }, 0)], layers))[0]!;
          expect(required(large)).toBeGreaterThanOrEqual(required(small));
          const fixed = { MindestPfahllaenge: 12, MaxLaenge: 12 };
          const a = run(project([toPile(pile, 0)], layers, fixed))[0]!;
          const b = run(project([toPile({ ...pile, Ed: pile.Ed * f }, 0)], layers, fixed))[0]!;
          if (a.EzuR !== null && b.EzuR !== null) atLeast(b.EzuR, a.EzuR);
          if (a.Setzung !== null && b.Setzung !== null) atLeast(b.Setzung, a.Setzung);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a larger diameter never gives a longer pile or a smaller resistance at the same length', () => {
    fc.assert(
      fc.property(profileArb, pileArb, fc.constantFrom(0.4, 0.6, 0.9), (layers, pile, D) => {
        const bp = { ...pile, PfahlTyp: 'bp' };
        const rows = [D, D + 0.3].map(
          (d) => run(project([toPile({ ...bp, SollDurchmesser: d }, 0)], layers))[0]!,
        );
        expect(required(rows[1]!)).toBeLessThanOrEqual(required(rows[0]!));
        const fixed = { MindestPfahllaenge: 10, MaxLaenge: 10 };
        const [a, b] = [D, D + 0.3].map(
          (d) => run(project([toPile({ ...bp, SollDurchmesser: d }, 0)], layers, fixed))[0]!,
        );
        atLeast(b!.R_d, a!.R_d);
        atLeast(b!.R_d_Min, a!.R_d_Min);
      }),
      { numRuns: 30 },
    );
  });

  it('stronger soil (larger q_c and c_u,k) never gives a longer pile or a smaller resistance', () => {
    fc.assert(
      fc.property(
        profileArb,
        pileArb,
        fc.double({ min: 1, max: 2, noNaN: true }),
        (layers, pile, f) => {
          const stronger = layers.map((l) => ({
            ...l,
            ...(l.qc !== undefined ? { qc: (l.qc as number) * f } : {}),
            ...(l.cuk !== undefined ? { cuk: (l.cuk as number) * f } : {}),
          }));
          const a = run(project([toPile(pile, 0)], layers))[0]!;
          const b = run(project([toPile(pile, 0)], stronger))[0]!;
          expect(required(b)).toBeLessThanOrEqual(required(a));
          const fixed = { MindestPfahllaenge: 10, MaxLaenge: 10 };
          const c = run(project([toPile(pile, 0)], layers, fixed))[0]!;
          const d = run(project([toPile(pile, 0)], stronger, fixed))[0]!;
          atLeast(d.R_d, c.R_d);
          if (c.Setzung !== null && d.Setzung !== null) atLeast(c.Setzung, d.Setzung);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('larger partial factors never give a shorter pile or a larger design resistance', () => {
    fc.assert(
      fc.property(
        profileArb,
        pileArb,
        fc.double({ min: 1, max: 1.6, noNaN: true }),
        fc.double({ min: 1, max: 1.3, noNaN: true }),
        (layers, pile, gamma, f) => {
          const settings = (g: number) => ({ gammaDruck: g, gammaZug: g + 0.1 });
          const a = run(project([toPile(pile, 0)], layers, settings(gamma)))[0]!;
          const b = run(project([toPile(pile, 0)], layers, settings(gamma * f)))[0]!;
          expect(required(b)).toBeGreaterThanOrEqual(required(a));
          const fixed = (g: number) => ({ ...settings(g), MindestPfahllaenge: 10, MaxLaenge: 10 });
          const c = run(project([toPile(pile, 0)], layers, fixed(gamma)))[0]!;
          const d = run(project([toPile(pile, 0)], layers, fixed(gamma * f)))[0]!;
          atLeast(c.R_d, d.R_d);
          atLeast(c.R_d_Min, d.R_d_Min);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('load partial factors', () => {
  it('larger γ_G and γ_Q on the load-case loads never give a shorter pile or a smaller utilisation', () => {
    fc.assert(
      fc.property(
        profileArb,
        pileArb,
        fc.double({ min: 100, max: 3000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 1.3, noNaN: true }),
        fc.double({ min: 1, max: 1.3, noNaN: true }),
        (layers, pile, G, Q, fG, fQ) => {
          const row = toPile(pile, 0);
          delete row.AlternativeDesignLastZ;
          delete row.AlternativeCharakteristischeLastZ;
          const withCase = (settings: Record<string, unknown>) => ({
            ...project([row], layers, settings),
            horizontal_loadcases: [
              { name: 'LK 1', horizontal_loads: [{ Pname: row.Pname, gkz: G, qkz: Q }] },
            ],
          });
          const factors = (g: number, q: number, fixed: boolean) => ({
            gammaStaendig: g,
            gammaVeraenderlich: q,
            ...(fixed ? { MindestPfahllaenge: 10, MaxLaenge: 10 } : {}),
          });
          const a = run(withCase(factors(1.35, 1.5, false)))[0]!;
          const b = run(withCase(factors(1.35 * fG, 1.5 * fQ, false)))[0]!;
          expect(b.laenge_ohne ?? Infinity).toBeGreaterThanOrEqual(a.laenge_ohne ?? Infinity);
          const c = run(withCase(factors(1.35, 1.5, true)))[0]!;
          const d = run(withCase(factors(1.35 * fG, 1.5 * fQ, true)))[0]!;
          if (c.EzuR !== null && d.EzuR !== null) {
            expect(d.EzuR + 1e-9 * Math.max(1, c.EzuR)).toBeGreaterThanOrEqual(c.EzuR);
          }
          // the settlement uses the characteristic load G + Q: the factors do not change it
          expect(d.Setzung).toEqual(c.Setzung);
        },
      ),
      { numRuns: 30 },
    );
  });
});
