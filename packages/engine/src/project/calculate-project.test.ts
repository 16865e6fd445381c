import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandProject } from '../../test/helpers';
import { calculateProject } from './calculate-project';

const first = (input: unknown) => calculateProject(input).piles[0]!;
const codes = (input: unknown) => first(input).issues.map((i) => i.code);

describe('calculateProject', () => {
  it('matches the hand calculation of a bored pile in sand (qc = 15 MN/m², D = 1.0 m)', () => {
    // Tab. 5.13 qc = 15: q_s,k = 105 kN/m² (lower, EA 0 %); Tab. 5.12 qc = 15: q_b,k = 1050 / 1350 / 3000.
    // L = 3.0 m (MindestPfahllaenge): R_s,k = 105·π·1.0·3.0 = 989.602 kN; A_b = π/4 = 0.785398 m²
    // R_b,k = 3000·0.785398 = 2356.194 kN; R_c,k = 3345.796; R_d = 3345.796/1.4 = 2389.854 kN
    // E/R = 1400/2389.854 = 58.581 %
    // s_sg = 0.5·0.989602 + 0.5 = 0.994801 cm; R(s_sg) = 989.602 + 1050·0.785398·0.994801/2 = 1399.794 kN
    // E_k = 1000 < 1399.794 → s = 1000/1399.794·0.994801 = 0.710677 cm; k = 1000/0.00710677 = 140 711 kN/m
    const r = first(sandProject());
    expect(r.laenge_ohne).toBe(3);
    expect(r.Rs_k).toBeCloseTo(989.602, 3);
    expect(r.Rb_k).toBeCloseTo(2356.194, 3);
    expect(r.R_d).toBeCloseTo(2389.854, 3);
    expect(r.EzuR).toBeCloseTo(58.581, 3);
    expect(r.Setzung).toBeCloseTo(0.710677, 5);
    expect(r.Federsteifigkeit).toBeCloseTo(140711, -1);
    expect(r.Soll_UK_Pfahl).toBe(97);
    expect(r.BohrLaenge).toBe(3);
    expect(r.EindringTiefe).toBe(3);
    expect(r.PfahlVolumen).toBeCloseTo((Math.PI / 4) * 3, 9);
    expect(r.trace!.layers[0]!.skin.lookup!.tableId).toBe('EA-5.13');
  });

  it('lengthens the pile until the design load is covered', () => {
    // R_d(L) = (329.867·L + 2356.194)/1.4 ≥ 5000 → L ≥ 14.076 m → first step of 0.5 m: 14.5 m
    const r = first(
      sandProject({ AlternativeDesignLastZ: 5000, AlternativeCharakteristischeLastZ: 1000 }),
    );
    expect(r.laenge_ohne).toBe(14.5);
    expect(r.EzuR!).toBeLessThanOrEqual(100);
  });

  it.each([
    ['EAErhoehungProzent = 100 uses the upper value', {}, { EAErhoehungProzent: 100 }, 140],
    ['useErhoehung = 0 adds MantelErhoehungProzent', {}, { useErhoehung: 0 }, 105 * 1.15],
    [
      'useErhoehung = 1 adds the increase to layers with qc/cu',
      {},
      { useErhoehung: 1, MantelErhoehungProzent: 10 },
      105 * 1.1,
    ],
  ])('%s', (_name, pile, settings, qs) => {
    const r = first(sandProject(pile, settings));
    expect(r.trace!.layers[0]!.skin.used).toBeCloseTo(qs, 9);
  });

  it('applies prozentualerMantelAnteil to the skin friction', () => {
    // 50 % of 989.602 kN
    expect(first(sandProject({ prozentualerMantelAnteil: 50 })).Rs_k).toBeCloseTo(494.801, 3);
  });

  it('lets a layer override win over the table (qsk = 0.2 MN/m² → 200 kN/m²)', () => {
    const r = first(
      sandProject({}, {}, [
        { endKote: 80, qc: 15, qsk: 0.2, FuszAbsetzbar: true, IstEindringRelevant: true },
      ]),
    );
    expect(r.trace!.layers[0]!.skin).toMatchObject({ source: 'override', used: 200 });
    expect(
      calculateProject(
        sandProject({}, {}, [
          { endKote: 80, qc: 15, qsk: 0.2, FuszAbsetzbar: true, IstEindringRelevant: true },
        ]),
      ).soil_profiles[0]!.soil_layers[0]!.usedQsk,
    ).toBeCloseTo(0.2, 12);
  });

  it('uses zero below the table unless qskQcAb0 / qbkQcAb0 are set', () => {
    const weak = [{ endKote: 80, qc: 5, FuszAbsetzbar: true, IstEindringRelevant: true }];
    expect(first(sandProject({}, {}, weak)).trace!.layers[0]!.skin.used).toBe(0);
    // qc = 5: 5/7.5·55 = 36.667 kN/m²; base 0.10: 5/7.5·1600 = 1066.667
    const r = first(sandProject({}, { qskQcAb0: true, qbkQcAb0: true }, weak));
    expect(r.trace!.layers[0]!.skin.used).toBeCloseTo(36.667, 3);
    expect(r.trace!.layers[0]!.base[2]!.used).toBeCloseTo(1066.667, 3);
  });

  it('reads cuk in MN/m²: 0.1 MN/m² is c_u,k = 100 kN/m² in Tab. 5.15 (30 + 40/90·20 = 38.889)', () => {
    const r = first(
      sandProject({}, {}, [
        { endKote: 80, cuk: 0.1, FuszAbsetzbar: true, IstEindringRelevant: true },
      ]),
    );
    expect(r.trace!.layers[0]!.skin.used).toBeCloseTo(38.889, 3);
    expect(r.trace!.layers[0]!.base[0]!.used).toBe(350);
  });

  it('applies η_b = 0.8, η_s = 0.6 to the driven tables for closed steel tubes', () => {
    const r = first(sandProject({ PfahlTyp: 'r', SollDurchmesser: 0.5 }));
    expect(r.trace!.layers[0]!.skin.used).toBeCloseTo(95 * 0.6, 9);
    expect(r.trace!.layers[0]!.base[1]!.used).toBeCloseTo(7600 * 0.8, 9);
    expect(codes(sandProject({ PfahlTyp: 'r', SollDurchmesser: 0.9 }))).toContain(
      'ETA_OUT_OF_VALIDITY',
    );
  });

  it.each(['fv', 'v', 'a', 'fdp', 'js', 'jo', 'jb', 'jv'])(
    'requires user layer values for %s and says so',
    (type) => {
      const c = codes(sandProject({ PfahlTyp: type }));
      expect(c).toContain('PILE_TYPE_REQUIRES_LAYER_VALUES');
      expect(c).toContain('LAYER_VALUES_MISSING');
    },
  );

  it('flags Fundex (f) as a product convention and the driven s_sg* rule as unverified', () => {
    expect(codes(sandProject({ PfahlTyp: 'f' }))).toContain('PILE_TYPE_TABLES_UNVERIFIED');
    expect(codes(sandProject({ PfahlTyp: 'c', SollDurchmesser: 0.4 }))).toContain(
      'CURVE_RULE_UNVERIFIED',
    );
  });

  it('names unverified tables used (driven cohesive skin friction)', () => {
    const r = first(
      sandProject({ PfahlTyp: 'c', SollDurchmesser: 0.4 }, {}, [
        { endKote: 80, cuk: 0.2, FuszAbsetzbar: true, IstEindringRelevant: true },
      ]),
    );
    expect(r.issues).toContainEqual(
      expect.objectContaining({
        code: 'TABLE_VALUE_UNVERIFIED',
        severity: 'warning',
        params: expect.objectContaining({ table: 'EA-driven-qs-cu' }) as unknown,
      }),
    );
  });

  it('applies the product group rule for 2–5 piles and flags larger groups', () => {
    // 4 piles, a/D = 3: θ = atan(1/3) = 18.435°, E = 1 − 18.435·(1·2 + 1·2)/(90·4) = 0.79517
    const r = first(sandProject({ PfahlAnzahl: 4, PfahlAchsAbstandxD: 3 }));
    expect(r.trace!.group.factor).toBeCloseTo(0.79517, 5);
    expect(r.Rs_k).toBeCloseTo(989.602 * 0.79517, 0);
    expect(r.GesamtBohrLaenge).toBe(4 * r.BohrLaenge!);
    expect(codes(sandProject({ PfahlAnzahl: 6 }))).toContain('GROUP_ANALYSIS_REQUIRED');
  });

  it('shares the loads of a row equally between its PfahlAnzahl piles (ADR 0019)', () => {
    // 2 piles: E_d = 1400/2 = 700 kN, E_k = 1000/2 = 500 kN per pile; results are per pile.
    const r = first(sandProject({ PfahlAnzahl: 2, PfahlAchsAbstandxD: 3 }));
    expect(r.trace!.inputs).toMatchObject({ Ed: 700, Ek: 500 });
    expect(r.EzuR).toBeCloseTo((700 / r.R_d!) * 100, 9);
    expect(r.issues).toContainEqual(
      expect.objectContaining({ code: 'GROUP_LOAD_SHARED', params: { PfahlAnzahl: 2 } }),
    );
  });

  it.each([1, 2])(
    'applies the same stepping rule for FuszBeeinfluszung %i (AA = RR, ADR 0019)',
    (mode) => {
      // B (5 m away) needs 14.5 m (toe 85.5); A alone 3.0 m. Stepping 45°: A's toe ≤ 85.5 + 5·tan 45° = 90.5
      // → laenge_mit(A) = 9.5 m.
      const input = sandProject(
        { Rechtswert: 0, Hochwert: 0 },
        { FuszBeeinfluszung: mode, AbtreppungsWinkelRad: 45, Beeinflussungsweite: 20 },
      );
      input.piles.push({
        ...input.piles[0]!,
        Pname: 'B',
        Rechtswert: 5,
        AlternativeDesignLastZ: 5000,
      });
      const result = calculateProject(input);
      expect(result.piles.map((p) => p.laenge_mit)).toEqual([9.5, 14.5]);
      expect(result.issues).toContainEqual(
        expect.objectContaining({
          code: 'TOE_INFLUENCE_MODE_UNVERIFIED',
          params: { value: mode, rule: 'AA = RR: same stepping rule' },
        }),
      );
    },
  );

  it('designs tension piles on skin friction only', () => {
    // R_d_Min = 989.602/1.5 = 659.735 kN; E/R = 300/659.735 = 45.473 %
    const r = first(
      sandProject({ AlternativeCharakteristischeMinLastZ: -200, AlternativeDesignMinLastZ: -300 }),
    );
    expect(r.R_d_Min).toBeCloseTo(659.734, 2);
    expect(r.EzuRMin).toBeCloseTo(45.473, 3);
  });

  it('takes G and Q from the load case when the row has no alternative loads', () => {
    const input = sandProject({
      AlternativeCharakteristischeLastZ: null,
      AlternativeDesignLastZ: null,
    });
    input.horizontal_loadcases = [
      { name: 'LK', horizontal_loads: [{ Pname: 'A', gkz: 600, qkz: 200 }] },
    ] as never;
    const r = first(input);
    expect(r.trace!.inputs.Ed).toBeCloseTo(1.35 * 600 + 1.5 * 200, 9);
    expect(r.trace!.inputs.Ek).toBe(800);
  });

  it('gives neighbours closer than AchsabstandGleicherTiefe the same toe level', () => {
    const input = sandProject({ Rechtswert: 0, Hochwert: 0 }, { AchsabstandGleicherTiefe: 3 });
    input.piles.push({
      ...input.piles[0]!,
      Pname: 'B',
      Rechtswert: 2,
      AlternativeDesignLastZ: 5000,
    });
    const [a, b] = calculateProject(input).piles;
    expect(b!.laenge_ohne).toBe(14.5);
    expect(a!.laenge_ohne).toBe(3);
    expect(a!.laenge_mit).toBe(14.5);
    expect(a!.delta_Laenge).toBe(11.5);
    expect(a!.trace!.toeCoordination.governedBy).toBe('B');
  });

  it('limits the toe step between neighbours to the stepping angle', () => {
    // 45°, distance 4 m: toe A ≤ toe B + 4 → toe B = 85.5 → toe A = 89.5 → L = 10.5 m
    const input = sandProject(
      { Rechtswert: 0, Hochwert: 0 },
      { FuszBeeinfluszung: 1, AbtreppungsWinkelRad: 45 },
    );
    input.piles.push({
      ...input.piles[0]!,
      Pname: 'B',
      Rechtswert: 4,
      AlternativeDesignLastZ: 5000,
    });
    const [a] = calculateProject(input).piles;
    expect(a!.laenge_mit).toBeCloseTo(10.5, 9);
  });

  it('calculates a pile whose top is above the profile start (regression: the toe above the soil threw)', () => {
    // Top 106.0, soil from 100.0: skin friction starts at 100.0; embedment 2.5 m needs the toe at 97.5
    // → L = 8.5 m (steps of 0.5 m from 3.0 m; the toe is above the soil up to L = 6.0 m).
    // R_s,k = 105·π·1.0·2.5 = 824.668 kN; R_d = (824.668 + 2356.194)/1.4 = 2272.045 kN ≥ 1400.
    const r = first(sandProject({ SollPfahlOberKante: 106, AEHoehe: 106 }));
    expect(r.laenge_ohne).toBe(8.5);
    expect(r.Soll_UK_Pfahl).toBe(97.5);
    expect(r.Rs_k).toBeCloseTo(824.668, 3);
    expect(r.R_d).toBeCloseTo(2272.045, 2);
    expect(r.trace!.iteration.trace[0]).toMatchObject({ L: 3, failed: 'toe-layer', R_d: 0 });
  });

  it('reports the reason and best values when no length suffices', () => {
    const r = first(sandProject({ AlternativeDesignLastZ: 1e6 }));
    expect(r.laenge_ohne).toBeNull();
    expect(r.IstLaenge).toBe(20);
    expect(r.issues).toContainEqual(
      expect.objectContaining({
        code: 'REQUIRED_LENGTH_NOT_FOUND',
        params: expect.objectContaining({
          limit: 'profileBottom',
          failedCheck: 'uls-compression',
        }) as unknown,
      }),
    );
  });

  it.each([
    ['missing profile', { BodenProfil: 'nope' }, 'UNKNOWN_SOIL_PROFILE', 'BodenProfil'],
    ['negative diameter', { SollDurchmesser: -1 }, 'TOO_SMALL', 'SollDurchmesser'],
    ['unknown pile type', { PfahlTyp: 'q' }, 'UNKNOWN_PILE_TYPE', 'PfahlTyp'],
    ['non-number', { SollPfahlOberKante: 'hoch' }, 'INVALID_TYPE', 'SollPfahlOberKante'],
    [
      'missing loads',
      { AlternativeCharakteristischeLastZ: null },
      'LOAD_MISSING',
      'AlternativeCharakteristischeLastZ',
    ],
  ])('reports %s on the row and field without NaN', (_name, pile, code, field) => {
    const input = sandProject(pile);
    input.piles.push({ ...sandProject().piles[0]!, Pname: 'OK' });
    const result = calculateProject(input);
    expect(result.piles[0]!.issues).toContainEqual(
      expect.objectContaining({ code, field, rowIndex: 0 }),
    );
    expect(result.piles[0]!.R_d).toBeNull();
    expect(result.piles[1]!.laenge_ohne).toBe(3);
    expect(JSON.stringify(result)).not.toMatch(/NaN|Infinity/);
  });

  it('reports layers out of order on the profile and PROFILE_INVALID on the pile', () => {
    const result = calculateProject(sandProject({}, {}, [{ endKote: 90 }, { endKote: 95 }]));
    expect(result.issues).toContainEqual(expect.objectContaining({ code: 'LAYERS_OUT_OF_ORDER' }));
    expect(result.piles[0]!.issues).toContainEqual(
      expect.objectContaining({ code: 'PROFILE_INVALID', field: 'BodenProfil' }),
    );
  });

  it('lets a zero-thickness layer contribute nothing and not break the embedment run (ADR 0017)', () => {
    // Sand to 90, a zero-thickness clay "layer" at 90 (not relevant, toe not allowed, strong values), sand to 80.
    // The pile must reach the same results as without the zero layer: with E_d = 5000 kN the hand case
    // "lengthens the pile" above gives L = 14.5 m (R_d(L) = (329.867·L + 2356.194)/1.4).
    const sand = { qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true };
    const loads = { AlternativeDesignLastZ: 5000, AlternativeCharakteristischeLastZ: 1000 };
    const zero = {
      endKote: 90,
      cuk: 0.3,
      qsk: 0.5,
      FuszAbsetzbar: false,
      IstEindringRelevant: false,
    };
    const plain = first(
      sandProject(loads, {}, [
        { endKote: 90, ...sand },
        { endKote: 80, ...sand },
      ]),
    );
    const withZero = first(
      sandProject(loads, {}, [{ endKote: 90, ...sand }, zero, { endKote: 80, ...sand }]),
    );
    expect(withZero.laenge_ohne).toBe(14.5);
    expect(withZero.EindringTiefe).toBe(plain.EindringTiefe);
    expect([withZero.Rs_k, withZero.Rb_k, withZero.R_d, withZero.Setzung]).toEqual([
      plain.Rs_k,
      plain.Rb_k,
      plain.R_d,
      plain.Setzung,
    ]);
    expect(withZero.trace!.layers[1]).toMatchObject({ shaftLength: 0, Rs_i: 0 });
  });

  it('never changes a result by inserting a zero-thickness layer (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.record({
          qc: fc.double({ min: 0, max: 30, noNaN: true }),
          qsk: fc.double({ min: 0, max: 0.4, noNaN: true }),
          FuszAbsetzbar: fc.boolean(),
          IstEindringRelevant: fc.boolean(),
        }),
        fc.constantFrom('bp', 'c', 'r'),
        fc.double({ min: 500, max: 6000, noNaN: true }),
        (at, values, PfahlTyp, Ed) => {
          const layers = [
            { endKote: 95, qc: 8, FuszAbsetzbar: false, IstEindringRelevant: false },
            { endKote: 90, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
            { endKote: 80, cuk: 0.15, FuszAbsetzbar: true, IstEindringRelevant: true },
          ];
          const top = at === 0 ? 100 : layers[at - 1]!.endKote;
          const withZero = [
            ...layers.slice(0, at),
            { endKote: top, ...values },
            ...layers.slice(at),
          ];
          const pile = {
            PfahlTyp,
            AlternativeDesignLastZ: Ed,
            AlternativeCharakteristischeLastZ: Ed / 1.4,
          };
          const a = first(sandProject(pile, {}, layers));
          const b = first(sandProject(pile, {}, withZero));
          const numbers = (r: typeof a) => [
            r.laenge_ohne,
            r.Rs_k,
            r.Rb_k,
            r.R_d,
            r.Setzung,
            r.EindringTiefe,
          ];
          expect(numbers(b)).toEqual(numbers(a));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('applies negative skin friction from tauNk as a drag force and flags the method (§E6.4 [U])', () => {
    // Layer 1 (100 → 95): τ_n,k = 0.02 MN/m² = 20 kN/m², toe not allowed; layer 2 (95 → 80): sand qc = 15, relevant.
    // Embedment 2.5 m below 95.0 → toe 92.5 → L = 7.5 m (steps 0.5 m).
    // F_n = π·1.0·20·5.0 = 314.159 kN; E_d = 1400 + 1.35·314.159 = 1824.115; E_k = 1000 + 314.159 = 1314.159 kN
    // R_s,k = 105·π·2.5 = 824.668 (no positive skin friction in layer 1); R_b,k = 2356.194
    // R_d = 3180.862/1.4 = 2272.045 → E/R = 1824.115/2272.045 = 80.285 %
    // s_sg = 0.912334 cm, R(s_sg) = 1200.854 < E_k → s = 2·(1314.159 − 824.668)/824.668 = 1.187123 cm
    const layers = [
      { endKote: 95, qc: 15, tauNk: 0.02 },
      { endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
    ];
    const r = first(sandProject({}, {}, layers));
    expect(r.laenge_ohne).toBe(7.5);
    expect(r.trace!.negativeSkinFriction.Fn).toBeCloseTo(314.159, 3);
    expect(r.Rs_k).toBeCloseTo(824.668, 3);
    expect(r.EzuR).toBeCloseTo(80.285, 3);
    expect(r.Setzung).toBeCloseTo(1.187123, 5);
    expect(r.trace!.layers[0]).toMatchObject({ tauNk: 20, Rs_i: 0 });
    expect(r.issues).toContainEqual(
      expect.objectContaining({ code: 'NEGATIVE_SKIN_FRICTION_UNVERIFIED', severity: 'warning' }),
    );
    // Without τ_n,k layer 1 carries skin friction and there is no drag: R_s,k = 105·π·7.5 = 2474.004 kN.
    const plain = first(sandProject({}, {}, [{ ...layers[0]!, tauNk: 0 }, layers[1]!]));
    expect(plain.Rs_k).toBeCloseTo(2474.004, 3);
    expect(plain.issues.map((i) => i.code)).not.toContain('NEGATIVE_SKIN_FRICTION_UNVERIFIED');
  });

  it('never lets more negative skin friction give a shorter pile or a smaller utilisation (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const run = (tauNk: number) =>
            first(
              sandProject({ AlternativeDesignLastZ: 3000 }, {}, [
                { endKote: 95, qc: 10, tauNk },
                { endKote: 70, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
              ]),
            );
          const [x, y] = [run(lo), run(hi)];
          expect(y.laenge_ohne ?? Infinity).toBeGreaterThanOrEqual(x.laenge_ohne ?? Infinity);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    // D = 1.0 m → 3·D = 3.0 m. Bearing sand from 95 to 80; toe 92.5 → 12.5 m below: no warning.
    ['thick bearing layer', 80, 1.0, false],
    // Bearing sand 95 → 91 only (below: not FuszAbsetzbar); toe 92.5 → 1.5 m < 3.0 m: warning.
    ['thin bearing layer', 91, 1.0, true],
    // D = 0.4 m → 3·D = 1.2 m; toe 92.5, sand to 91 → 1.5 m ≥ 1.2 m: no warning.
    ['thin layer, small pile', 91, 0.4, false],
  ])('checks the bearing layer below the toe (3·D [U]): %s', (_n, sandBottom, D, warns) => {
    const layers = [
      { endKote: 95, qc: 5 },
      { endKote: sandBottom, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
      { endKote: 70, qc: 3 },
    ];
    const r = first(
      sandProject(
        { SollDurchmesser: D, AlternativeDesignLastZ: 200, AlternativeCharakteristischeLastZ: 150 },
        {},
        layers,
      ),
    );
    expect(r.Soll_UK_Pfahl).toBe(92.5);
    const found = r.issues.find((i) => i.code === 'BEARING_LAYER_THIN_BELOW_TOE');
    expect(found !== undefined).toBe(warns);
    if (warns) {
      expect(found!.params).toMatchObject({
        thickness: 1.5,
        required: 3,
        reachesProfileBottom: false,
      });
    }
  });

  it('says that the uplift soil-cone check is not performed for tension piles (GGU [S3], no cone geometry)', () => {
    const tension = { AlternativeCharakteristischeMinLastZ: -200, AlternativeDesignMinLastZ: -300 };
    expect(codes(sandProject(tension))).toContain('UPLIFT_CONE_NOT_COVERED');
    expect(codes(sandProject())).not.toContain('UPLIFT_CONE_NOT_COVERED');
    const single = calculateProject(sandProject(tension)).piles[0]!.issues.find(
      (i) => i.code === 'UPLIFT_CONE_NOT_COVERED',
    )!;
    expect(single.params).toMatchObject({ PfahlAnzahl: 1, isGroup: false });
    const group = calculateProject(
      sandProject({ ...tension, PfahlAnzahl: 4 }),
    ).piles[0]!.issues.find((i) => i.code === 'UPLIFT_CONE_NOT_COVERED')!;
    // the row stands for a group of 4 tension piles: the group-block check must be named
    expect(group.params).toMatchObject({ PfahlAnzahl: 4, isGroup: true });
  });

  it('returns no rows for input that is not a project', () => {
    expect(calculateProject(null).issues[0]!.code).toBe('PROJECT_NOT_AN_OBJECT');
    expect(calculateProject({ piles: [] }).piles).toEqual([]);
  });

  it('never gives a longer pile less skin resistance, nor a pile in strengthening soil less resistance', () => {
    const layers = [
      { endKote: 95, qc: 4, FuszAbsetzbar: true, IstEindringRelevant: true },
      { endKote: 90, cuk: 0.12, FuszAbsetzbar: true, IstEindringRelevant: true },
      { endKote: 70, qc: 20, FuszAbsetzbar: true, IstEindringRelevant: true },
    ];
    fc.assert(
      fc.property(
        fc.double({ min: 3, max: 29, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('bp', 'c', 'r', 'f'),
        (L, dL, type) => {
          const at = (len: number) =>
            first(
              sandProject(
                {
                  PfahlTyp: type,
                  SollDurchmesser: 0.6,
                  AlternativeDesignLastZ: 0,
                  AlternativeCharakteristischeLastZ: 0,
                },
                { MindestPfahllaenge: len, MindestEinbindung: 0 },
                layers.map((l) => ({ ...l })),
              ),
            );
          const a = at(L);
          const b = at(L + dL);
          expect([a.IstLaenge, b.IstLaenge]).toEqual([
            Math.round(L * 1e9) / 1e9,
            Math.round((L + dL) * 1e9) / 1e9,
          ]);
          expect(b.Rs_k!).toBeGreaterThanOrEqual(a.Rs_k! - 1e-9);
          expect(b.R_d!).toBeGreaterThanOrEqual(a.R_d! - 1e-9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never returns NaN for arbitrary layer and pile values', () => {
    const num = fc.oneof(
      fc.double({ min: -5, max: 50, noNaN: false }),
      fc.constant(null),
      fc.constant('x'),
    );
    fc.assert(
      fc.property(
        num,
        num,
        num,
        num,
        num,
        num,
        fc.constantFrom('bp', 'c', 'r', 'f', 'a', 'zz'),
        (qc, cuk, qsk, D, Ek, pct, type) => {
          const r = calculateProject(
            sandProject(
              {
                PfahlTyp: type,
                SollDurchmesser: D,
                AlternativeCharakteristischeLastZ: Ek,
                prozentualerMantelAnteil: pct,
              },
              { SpitzendruckMittelung: true },
              [
                { endKote: 92, qc, cuk, qsk, FuszAbsetzbar: true, IstEindringRelevant: true },
                { endKote: 80, qc: 20, FuszAbsetzbar: true, IstEindringRelevant: true },
              ],
            ),
          );
          expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
        },
      ),
      { numRuns: 150 },
    );
  });
});
