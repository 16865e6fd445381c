import { describe, expect, it } from 'vitest';
import { sandProject } from '../../test/helpers';
import { calculateProject } from '../project/calculate-project';
import { pileGeometry } from './pile-geometry';

// ADR 0130: a precast square pile `c` has SollDurchmesser = side length a. One geometry for every
// part of the engine (ADR 0130): A_b = a², U = 4a, D_eq = 2a/√π = 1.128·a where the tables need a diameter.

describe('pile geometry per section family (defect 1)', () => {
  it('gives a square c pile a², 4a and the equal-area D_eq', () => {
    // a = 0.40 m: A = 0.16 m², U = 1.60 m, D_eq = 0.80/√π = 0.451352 m (π·0.451352²/4 = 0.16), I = 0.4⁴/12.
    const g = pileGeometry('c', 0.4);
    expect(g).toMatchObject({ kind: 'square-precast', sizeMeaning: 'side', width: 0.4 });
    expect(g.area).toBeCloseTo(0.16, 12);
    expect(g.perimeter).toBeCloseTo(1.6, 12);
    expect(g.Deq).toBeCloseTo(0.451352, 6);
    expect((Math.PI * g.Deq ** 2) / 4).toBeCloseTo(0.16, 12);
    expect(g.I).toBeCloseTo(0.4 ** 4 / 12, 15);
    // circle and steel pipe unchanged: πD²/4, πD, D
    const b = pileGeometry('bp', 1.0);
    expect([b.area, b.perimeter, b.Deq, b.sizeMeaning]).toEqual([
      Math.PI / 4,
      Math.PI,
      1,
      'diameter',
    ]);
    expect(pileGeometry('r', 0.5).kind).toBe('steel-pipe');
  });

  it('calculates a precast square pile with the side length a (axial, settlement, volume)', () => {
    // c, a = 0.40 m, sand qc = 15 MN/m², driven tables, EA 0 % (lower values), η = 1.0, L = 3.0 m:
    // q_s(s_g) = 95, q_s*(s_sg*) = 65, q_b(0.035·D) = 4000, q_b(0.10·D) = 7600 kN/m².
    // R_s,k = 95·4·0.4·3 = 456.0 kN; R_s* = 65·1.6·3 = 312.0 kN; R_b,k = 7600·0.16 = 1216.0 kN
    // R_d = (456 + 1216)/1.4 = 1194.2857 kN; EzuR = 1000/1194.2857 = 83.732 %.
    // Before the fix: U = π·0.4, A = π·0.4²/4 → R_s,k = 358.14 kN, R_b,k = 955.04 kN.
    // Curve (driven, ADR 0010): s_sg* = 0.5·0.312 + 0.5 = 0.656 cm; 0.035·D_eq = 1.57973 cm; s_g = 0.10·D_eq = 4.51352 cm.
    // E_k = 700 kN lies between s_sg* and 0.035·D_eq (R(0.656) = 312 + 640·0.656/1.57973 = 577.77 kN < 700):
    // R(s) = 312 + 144·(s − 0.656)/(4.51352 − 0.656) + 640·s/1.57973 = 700 → s = 0.93226 cm.
    const r = calculateProject(
      sandProject({
        PfahlTyp: 'c',
        SollDurchmesser: 0.4,
        AlternativeDesignLastZ: 1000,
        AlternativeCharakteristischeLastZ: 700,
      }),
    ).piles[0]!;
    expect(r.laenge_ohne).toBe(3);
    expect(r.Rs_k).toBeCloseTo(456.0, 6);
    expect(r.Rb_k).toBeCloseTo(1216.0, 6);
    expect(r.R_d).toBeCloseTo(1194.2857, 4);
    expect(r.EzuR).toBeCloseTo(83.732, 3);
    const Deq = 0.8 / Math.sqrt(Math.PI);
    const s035 = 0.035 * Deq * 100;
    const sg = 0.1 * Deq * 100;
    const s = (700 - 312 + (144 * 0.656) / (sg - 0.656)) / (144 / (sg - 0.656) + 640 / s035);
    expect(s).toBeCloseTo(0.93226, 4);
    expect(r.Setzung).toBeCloseTo(s, 6);
    expect(r.PfahlVolumen).toBeCloseTo(0.16 * 3, 12);
    expect(r.trace!.inputs).toMatchObject({ size: 0.4, sizeMeaning: 'side' });
    expect(r.trace!.inputs.D).toBeCloseTo(Deq, 12);
    expect(r.trace!.inputs.perimeter).toBeCloseTo(1.6, 12);
    expect(r.issues.map((i) => i.code)).not.toContain('EQUIVALENT_DIAMETER_ASSUMED');
  });
});
