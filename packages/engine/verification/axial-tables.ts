import type { ExpectedValue, VerificationExample, VerificationFamily } from './types';
import { onePileProject, usedLayerValues } from './project';

// Expected values are read from the tables as printed in docs/sources/engine.md §E1.2–§E1.4 (EA-Pfähle 2012
// Tab. 5.12–5.15 and the driven-pile tables, values per GEO5 help [S8][S9]) and interpolated by hand with the
// rules of §E1.1: linear between columns (item 3), EA range q = lower + p·(upper − lower) (item 5).
// The table values are written out here, not read from src/tables.

const SRC_BORED =
  'EA-Pfähle 2012 Tab. 5.12–5.15 as printed in docs/sources/engine.md §E1.2; rules §E1.1 (3), (5)';
const SRC_DRIVEN =
  'EA-Pfähle 2012 driven-pile tables as printed in docs/sources/engine.md §E1.3 (η_b = 0.8, η_s = 0.6 for closed steel tubes `r`); rules §E1.1 (3), (5)';
const exact = { rel: 1e-9 };

const q = (quantity: string, expected: number): ExpectedValue => ({
  quantity,
  unit: 'kN/m²',
  expected,
  tolerance: exact,
});

const tableExample = (args: {
  id: string;
  title: string;
  source: string;
  inputs: Record<string, string>;
  derivation: string[];
  expected: ExpectedValue[];
  pile?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  layer: Record<string, unknown>;
}): VerificationExample => ({
  id: args.id,
  title: args.title,
  source: args.source,
  inputs: args.inputs,
  derivation: args.derivation,
  expected: args.expected,
  run: () =>
    usedLayerValues(
      onePileProject({ pile: args.pile, settings: args.settings, layer: args.layer }),
    ),
});

/** 50 % of the way between a and b. */
const mid = (a: number, b: number) => a + 0.5 * (b - a);

export const AXIAL_TABLES: VerificationFamily = {
  id: 'T',
  title: 'EA-Pfähle table values (bored, driven, screw / full-displacement)',
  examples: [
    tableExample({
      id: 'T-1',
      title: 'Bored pile, non-cohesive, q_c on a column, EA range 0 %',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', q_c: '15 MN/m²', EAErhoehungProzent: '0 %', D: '1.0 m' },
      derivation: [
        'Tab. 5.13, column q_c = 15: q_s,k = 105 – 140 kN/m²; lower value (p = 0): q_s = 105 kN/m².',
        'Tab. 5.12, column q_c = 15: s/D = 0.02: 1050 – 1400; 0.03: 1350 – 1800; 0.10: 3000 – 4000 → lower values.',
      ],
      expected: [
        q('q_s', 105),
        q('q_b(s/D=0.02)', 1050),
        q('q_b(s/D=0.03)', 1350),
        q('q_b(s/D=0.1)', 3000),
      ],
      layer: { qc: 15 },
    }),
    tableExample({
      id: 'T-2',
      title: 'Bored pile, non-cohesive, q_c between columns, EA range 50 %',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', q_c: '20 MN/m²', EAErhoehungProzent: '50 %' },
      derivation: [
        'q_c = 20 lies halfway between the columns 15 and 25 (t = (20 − 15)/(25 − 15) = 0.5).',
        'Tab. 5.13: lower 105 + 0.5·(130 − 105) = 117.5; upper 140 + 0.5·(170 − 140) = 155; p = 0.5: q_s = 117.5 + 0.5·(155 − 117.5) = 136.25 kN/m².',
        'Tab. 5.12 s/D = 0.02: lower 1050 + 0.5·700 = 1400, upper 1400 + 0.5·900 = 1850 → 1625 kN/m².',
        'Tab. 5.12 s/D = 0.03: lower 1350 + 0.5·900 = 1800, upper 1800 + 0.5·1150 = 2375 → 2087.5 kN/m².',
        'Tab. 5.12 s/D = 0.10: lower 3000 + 0.5·1000 = 3500, upper 4000 + 0.5·1300 = 4650 → 4075 kN/m².',
      ],
      expected: [
        q('q_s', mid(117.5, 155)),
        q('q_b(s/D=0.02)', mid(1400, 1850)),
        q('q_b(s/D=0.03)', mid(1800, 2375)),
        q('q_b(s/D=0.1)', mid(3500, 4650)),
      ],
      settings: { EAErhoehungProzent: 50 },
      layer: { qc: 20 },
    }),
    tableExample({
      id: 'T-3',
      title: 'Bored pile, non-cohesive, EA range 100 % (upper values)',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', q_c: '10 MN/m²', EAErhoehungProzent: '100 %' },
      derivation: [
        'q_c = 10 between the columns 7.5 and 15: t = (10 − 7.5)/(15 − 7.5) = 1/3.',
        'Tab. 5.13 upper values: q_s = 80 + (140 − 80)/3 = 100 kN/m².',
        'Tab. 5.12 upper values: 0.02: 800 + (1400 − 800)/3 = 1000; 0.03: 1050 + (1800 − 1050)/3 = 1300; 0.10: 2300 + (4000 − 2300)/3 = 2866.667 kN/m².',
      ],
      expected: [
        q('q_s', 100),
        q('q_b(s/D=0.02)', 1000),
        q('q_b(s/D=0.03)', 1300),
        q('q_b(s/D=0.1)', 2300 + 1700 / 3),
      ],
      settings: { EAErhoehungProzent: 100 },
      layer: { qc: 10 },
    }),
    tableExample({
      id: 'T-4',
      title: 'Bored pile, cohesive, EA range 0 %',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', 'c_u,k': '0.2 MN/m² (200 kN/m²)', EAErhoehungProzent: '0 %' },
      derivation: [
        'c_u,k = 200 kN/m² lies halfway between the columns 150 and 250 of both tables (t = 0.5).',
        'Tab. 5.15 lower: q_s = 50 + 0.5·(65 − 50) = 57.5 kN/m².',
        'Tab. 5.14 lower: 0.02: 600 + 0.5·350 = 775; 0.03: 700 + 0.5·500 = 950; 0.10: 1200 + 0.5·400 = 1400 kN/m².',
      ],
      expected: [
        q('q_s', 57.5),
        q('q_b(s/D=0.02)', 775),
        q('q_b(s/D=0.03)', 950),
        q('q_b(s/D=0.1)', 1400),
      ],
      layer: { cuk: 0.2 },
    }),
    tableExample({
      id: 'T-5',
      title: 'Bored pile, cohesive, EA range 50 %',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', 'c_u,k': '0.15 MN/m²', EAErhoehungProzent: '50 %' },
      derivation: [
        'Column c_u,k = 150 of both tables; p = 0.5 (middle of the range).',
        'Tab. 5.15: q_s = 50 + 0.5·(65 − 50) = 57.5 kN/m².',
        'Tab. 5.14: 0.02: 600 + 0.5·150 = 675; 0.03: 700 + 0.5·200 = 800; 0.10: 1200 + 0.5·300 = 1350 kN/m².',
      ],
      expected: [
        q('q_s', 57.5),
        q('q_b(s/D=0.02)', 675),
        q('q_b(s/D=0.03)', 800),
        q('q_b(s/D=0.1)', 1350),
      ],
      settings: { EAErhoehungProzent: 50 },
      layer: { cuk: 0.15 },
    }),
    tableExample({
      id: 'T-6',
      title: 'Bored pile, cohesive, EA range 100 %, different skin and base columns',
      source: SRC_BORED,
      inputs: { PfahlTyp: 'bp', 'c_u,k': '0.12 MN/m²', EAErhoehungProzent: '100 %' },
      derivation: [
        'Tab. 5.15 (columns 60 / 150): t = (120 − 60)/90 = 2/3; upper: q_s = 40 + (2/3)·(65 − 40) = 56.667 kN/m².',
        'Tab. 5.14 (columns 100 / 150): t = (120 − 100)/50 = 0.4; upper: 0.02: 450 + 0.4·300 = 570; 0.03: 550 + 0.4·350 = 690; 0.10: 1000 + 0.4·500 = 1200 kN/m².',
      ],
      expected: [
        q('q_s', 40 + (2 / 3) * 25),
        q('q_b(s/D=0.02)', 570),
        q('q_b(s/D=0.03)', 690),
        q('q_b(s/D=0.1)', 1200),
      ],
      settings: { EAErhoehungProzent: 100 },
      layer: { cuk: 0.12 },
    }),
    tableExample({
      id: 'T-7',
      title: 'Driven closed steel tube, non-cohesive, EA range 0 %',
      source: SRC_DRIVEN,
      inputs: { PfahlTyp: 'r', D: '0.5 m', q_c: '15 MN/m²', EAErhoehungProzent: '0 %' },
      derivation: [
        'Skin friction column q_c = 15: s_sg*: 65 – 90, s_g: 95 – 125; lower values × η_s = 0.6: q_s* = 39, q_s = 57 kN/m².',
        'Base column q_c = 15: s/D = 0.035: 4000 – 6500, 0.10: 7600 – 10200; lower values × η_b = 0.8: 3200 and 6080 kN/m².',
      ],
      expected: [q('q_s', 57), q('q_s*', 39), q('q_b(s/D=0.035)', 3200), q('q_b(s/D=0.1)', 6080)],
      pile: { PfahlTyp: 'r', SollDurchmesser: 0.5 },
      layer: { qc: 15 },
    }),
    tableExample({
      id: 'T-8',
      title: 'Driven closed steel tube, non-cohesive, EA range 50 %',
      source: SRC_DRIVEN,
      inputs: { PfahlTyp: 'r', D: '0.5 m', q_c: '20 MN/m²', EAErhoehungProzent: '50 %' },
      derivation: [
        'q_c = 20 halfway between the columns 15 and 25.',
        's_g skin: lower 95 + 0.5·30 = 110, upper 125 + 0.5·35 = 142.5, middle 126.25; × 0.6 = 75.75 kN/m².',
        's_sg* skin: lower 65 + 0.5·20 = 75, upper 90 + 0.5·30 = 105, middle 90; × 0.6 = 54 kN/m².',
        'Base 0.035: lower 4250, upper 7000, middle 5625; × 0.8 = 4500. Base 0.10: lower 8175, upper 10850, middle 9512.5; × 0.8 = 7610 kN/m².',
      ],
      expected: [
        q('q_s', 75.75),
        q('q_s*', 54),
        q('q_b(s/D=0.035)', 4500),
        q('q_b(s/D=0.1)', 7610),
      ],
      pile: { PfahlTyp: 'r', SollDurchmesser: 0.5 },
      settings: { EAErhoehungProzent: 50 },
      layer: { qc: 20 },
    }),
    tableExample({
      id: 'T-9',
      title: 'Driven closed steel tube, cohesive, EA range 100 %',
      source: SRC_DRIVEN,
      inputs: { PfahlTyp: 'r', D: '0.5 m', 'c_u,k': '0.125 MN/m²', EAErhoehungProzent: '100 %' },
      derivation: [
        'Base columns c_u,k = 100 / 150: t = 0.5; upper values 0.035: 450 + 0.5·250 = 575, 0.10: 750 + 0.5·350 = 925; × η_b = 0.8: 460 and 740 kN/m².',
        '(The cohesive skin-friction columns are flagged as conflicting in docs/sources/engine.md §E1.3 and are not used as a reference here.)',
      ],
      expected: [q('q_b(s/D=0.035)', 460), q('q_b(s/D=0.1)', 740)],
      pile: { PfahlTyp: 'r', SollDurchmesser: 0.5 },
      settings: { EAErhoehungProzent: 100 },
      layer: { cuk: 0.125 },
    }),
    tableExample({
      id: 'T-10',
      title: 'Partial-displacement screw pile (Fundex `f`): bored tables + increase on all layers',
      source:
        'docs/sources/engine.md §E1.4, §E1.6 (`f` = bored tables × (1 + increase), `useErhoehung` 0 = all layers); docs/calculation.md §2 (5)',
      inputs: {
        PfahlTyp: 'f',
        q_c: '15 MN/m²',
        useErhoehung: '0 (all layers)',
        'MantelErhoehungProzent, FuszErhoehungProzent': '15 %, 20 %',
      },
      derivation: [
        'Tab. 5.13 / 5.12, column q_c = 15, lower values: q_s = 105, q_b = 1050 / 1350 / 3000 kN/m².',
        'Increase: q_s = 105·1.15 = 120.75; q_b = 1050·1.2 = 1260, 1350·1.2 = 1620, 3000·1.2 = 3600 kN/m².',
      ],
      expected: [
        q('q_s', 120.75),
        q('q_b(s/D=0.02)', 1260),
        q('q_b(s/D=0.03)', 1620),
        q('q_b(s/D=0.1)', 3600),
      ],
      pile: { PfahlTyp: 'f' },
      settings: { useErhoehung: 0, MantelErhoehungProzent: 15, FuszErhoehungProzent: 20 },
      layer: { qc: 15 },
    }),
    tableExample({
      id: 'T-11',
      title:
        'Full-displacement screw pile (`fv`): entered layer values are used (no public EA table)',
      source:
        'docs/sources/engine.md §E1.4 (screw-pile tables not public: user values q_s,k, q_b,k required); docs/sources/legacy-format.md §L4.3 (MN/m² × 1000)',
      inputs: {
        PfahlTyp: 'fv',
        'qsk, qbk002, qbk003, qbk01': '0.15, 1.2, 1.6, 3.5 MN/m²',
      },
      derivation: [
        'Entered values × 1000: q_s = 150, q_b = 1200 / 1600 / 3500 kN/m² (no table, no increase).',
      ],
      expected: [
        q('q_s', 150),
        q('q_b(s/D=0.02)', 1200),
        q('q_b(s/D=0.03)', 1600),
        q('q_b(s/D=0.1)', 3500),
      ],
      pile: { PfahlTyp: 'fv' },
      layer: { qc: 15, qsk: 0.15, qbk002: 1.2, qbk003: 1.6, qbk01: 3.5 },
    }),
    tableExample({
      id: 'T-12',
      title: 'Below the first column: zero, or linear from the origin with the …Ab0 switches',
      source:
        'docs/sources/engine.md §E1.1 rule 4 (zero below the table; `qskQcAb0`, `qbkQcAb0`: linear from q_c = 0)',
      inputs: { PfahlTyp: 'bp', q_c: '5 MN/m² (below 7.5)', 'qskQcAb0, qbkQcAb0': 'true' },
      derivation: [
        'Without the switches q_s = q_b = 0 (not load bearing).',
        'With them: q_s = 5/7.5·55 = 36.667; q_b = 5/7.5·(550, 700, 1600) = 366.667, 466.667, 1066.667 kN/m².',
      ],
      expected: [
        q('q_s', (5 / 7.5) * 55),
        q('q_b(s/D=0.02)', (5 / 7.5) * 550),
        q('q_b(s/D=0.03)', (5 / 7.5) * 700),
        q('q_b(s/D=0.1)', (5 / 7.5) * 1600),
      ],
      settings: { qskQcAb0: true, qbkQcAb0: true },
      layer: { qc: 5 },
    }),
    tableExample({
      id: 'T-13',
      title: 'Above the last column the last value is kept',
      source:
        'docs/sources/engine.md §E1.1 rule 3 (last column headed "≥" for skin friction [U]; base kept likewise)',
      inputs: { PfahlTyp: 'bp', q_c: '30 MN/m² (above 25)', EAErhoehungProzent: '0 %' },
      derivation: ['Column q_c = 25, lower values: q_s = 130; q_b = 1750, 2250, 4000 kN/m².'],
      expected: [
        q('q_s', 130),
        q('q_b(s/D=0.02)', 1750),
        q('q_b(s/D=0.03)', 2250),
        q('q_b(s/D=0.1)', 4000),
      ],
      layer: { qc: 30 },
    }),
  ],
};
