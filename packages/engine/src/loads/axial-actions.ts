/**
 * Axial design values from the characteristic permanent part G and variable part Q of one load row,
 * compression positive. Each part is factored as unfavourable or favourable for the extreme sought,
 * so that a tension part (negative) can never reduce a design value silently:
 *
 * - N_Ed,max (largest compression) = γ_G,sup·G for G > 0, γ_G,inf·G for G < 0; + γ_Q·Q for Q > 0, 0 for Q < 0
 * - N_Ed,min (largest tension)     = γ_G,inf·G for G > 0, γ_G,sup·G for G < 0; + γ_Q·Q for Q < 0, 0 for Q > 0
 * - N_k,max = G + max(Q, 0), N_k,min = G + min(Q, 0) (characteristic, a favourable variable action omitted)
 *
 * γ_G,sup = `gammaStaendig`, γ_Q = `gammaVeraenderlich` (project settings), γ_G,inf = 1.0.
 * For G, Q ≥ 0 this is the previous rule (N_Ed,max = γ_G·G + γ_Q·Q, N_Ed,min = 1.0·G, N_k = G + Q).
 * @see EN 1990:2002 + A1, Table A1.2(B) (γ_G,sup = 1.35, γ_G,inf = 1.00, γ_Q = 1.50, 0 where favourable);
 *   EN 1997-1 A.3.1 Table A.3; docs/sources/engine.md §E2.3; ADR 0131
 */
export type AxialActionRange = {
  /** N_Ed,max [kN] (largest compression; negative = the row is tension in every combination) */
  Edmax: number;
  /** N_Ed,min [kN] (smallest axial force; negative = tension) */
  Edmin: number;
  /** N_k,max and N_k,min [kN] */
  Ekmax: number;
  Ekmin: number;
};

/** γ_G,inf for favourable permanent actions (EN 1990 Table A1.2(B)). */
export const GAMMA_G_INF = 1.0;

/**
 * @param G characteristic permanent axial force [kN] @param Q characteristic variable axial force [kN]
 * @param gammaG γ_G,sup @param gammaQ γ_Q @returns the design and characteristic extremes
 */
export function axialActionRange(
  G: number,
  Q: number,
  gammaG: number,
  gammaQ: number,
): AxialActionRange {
  return {
    Edmax: (G >= 0 ? gammaG : GAMMA_G_INF) * G + (Q > 0 ? gammaQ * Q : 0),
    Edmin: (G >= 0 ? GAMMA_G_INF : gammaG) * G + (Q < 0 ? gammaQ * Q : 0),
    Ekmax: G + Math.max(Q, 0),
    Ekmin: G + Math.min(Q, 0),
  };
}
