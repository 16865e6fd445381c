/**
 * Steel of a steel pipe pile and its circular hollow section: yield strength, γ_M0, corrosion loss, section
 * properties and the cross-section class (EN 1993-1-1 3.2, 5.5, 6.1; EN 1993-5 4.4).
 */
import type { Meter, SquareMeter } from '../units/units';

/**
 * Yield strength f_y of the structural steels of steel pipe piles for nominal thickness t ≤ 40 mm
 * [N/mm²] and the modulus E. @see EN 1993-1-1:2005 Table 3.1 (EN 10025-2 grades), 3.2.6 (E = 210 000)
 */
export const PIPE_STEEL = {
  source: 'EN 1993-1-1:2005 Table 3.1 (t ≤ 40 mm), 3.2.6',
  fy: { S235: 235, S275: 275, S355: 355 },
  E: 210000,
  /** thickness limit of the Table 3.1 values used here [m] */ tMax: 0.04,
} as const;

export type PipeSteelGrade = keyof typeof PIPE_STEEL.fy;

/** Partial factor γ_M0 (recommended value, EN 1993-1-1 6.1 Note 2B; German NA value not checked [U]). */
export const GAMMA_M0 = 1.0;

/** Section properties of a circular hollow section. */
export type PipeSection = {
  /** outside diameter D, wall thickness t [m] */ D: Meter;
  t: Meter;
  /**
   * area [m²], second moment of area [m⁴], elastic / plastic modulus [m³] (m⁴ and m³ have no brand: read only by
   * the EN 1993-1-1 formulas of this folder and the pile's bending stiffness, ADR 0205 addendum)
   */
  A: SquareMeter;
  I: number;
  Wel: number;
  Wpl: number;
};

/**
 * Outside diameter and wall thickness left after a uniform corrosion loss c taken off the OUTER surface:
 * D_net = D − 2c, t_net = t − c. The value of c is the engineer's, from EN 1993-5:2007 4.4 for the design working
 * life and the soil (the engine holds no table). Taking the whole loss off the outside gives smaller A, I and W than
 * taking it off the inside (the ring's mean diameter D − t falls by c instead of rising by c), so a loss of both faces
 * entered as one sum is on the safe side — ADR 0103.
 * @param D outside diameter [m] @param t nominal wall thickness [m] @param c thickness loss [m], 0 ≤ c < t
 */
export const corrodedPipe = (D: Meter, t: Meter, c: Meter): { D: Meter; t: Meter } => ({
  D: (D - 2 * c) as Meter,
  t: (t - c) as Meter,
});

/**
 * Properties of a circular hollow section: A = π/4·(D² − d²), I = π/64·(D⁴ − d⁴), W_el = 2I/D,
 * W_pl = (D³ − d³)/6 with d = D − 2t (exact for a thin or thick ring).
 */
export const pipeSection = (D: Meter, t: Meter): PipeSection => {
  const d = D - 2 * t;
  const I = (Math.PI / 64) * (D ** 4 - d ** 4);
  return {
    D,
    t,
    A: ((Math.PI / 4) * (D * D - d * d)) as SquareMeter,
    I,
    Wel: (2 * I) / D,
    Wpl: (D ** 3 - d ** 3) / 6,
  };
};

/**
 * Cross-section class of a tubular section in bending and/or compression: d/t ≤ 50ε² class 1, ≤ 70ε²
 * class 2, ≤ 90ε² class 3, else 4; ε = √(235/f_y). @see EN 1993-1-1:2005 Table 5.2 (sheet 3)
 * @param D outside diameter [m] @param t wall thickness [m] @param fy yield strength [N/mm²] (table value)
 */
export const pipeClass = (D: Meter, t: Meter, fy: number): 1 | 2 | 3 | 4 => {
  const e2 = 235 / fy;
  const r = D / t;
  return r <= 50 * e2 ? 1 : r <= 70 * e2 ? 2 : r <= 90 * e2 ? 3 : 4;
};
