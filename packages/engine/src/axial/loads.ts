import type {
  NormalizedHorizontalLoadCase,
  NormalizedPile,
  NormalizedSettings,
} from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';
import { axialActionRange } from '../loads/axial-actions';
import type { KiloNewton } from '../units/units';

/**
 * Axial loads of one load point (whole load point, before sharing between piles) [kN], compression positive.
 * `Ek`/`Ed` are the compression loads (≥ 0 after a tension main load was moved), `EkMin`/`EdMin` the
 * tension loads (negative) or a smaller compression.
 */
export type AxialLoads = {
  Ek: KiloNewton;
  Ed: KiloNewton;
  EkMin: KiloNewton;
  EdMin: KiloNewton;
  /** 'alternative' (row values) or the name of the governing horizontal load case. */
  source: string;
  /** Characteristic permanent and variable axial load of the governing load case [kN]. */
  G: KiloNewton | null;
  Q: KiloNewton | null;
  /** True when the main load (E_k/E_d) is tension and is verified as tension (ADR 0131). */
  isMainTension: boolean;
};

/** Loads of one load-case row [kN]. */
type CaseLoads = { name: string; G: KiloNewton; Q: KiloNewton; Ed: KiloNewton; Ek: KiloNewton };

const NONE = 0 as KiloNewton;

const at = (pile: NormalizedPile, field: string) => ({
  rowIndex: pile.rowIndex,
  field,
  path: `piles[${pile.rowIndex}].${field}`,
});

/**
 * Governing load-case rows of a pile: the largest N_Ed,max (compression) and the smallest N_Ed,min (tension),
 * each part factored as unfavourable or favourable (`axialActionRange`).
 */
function governingCases(
  pile: NormalizedPile,
  cases: readonly NormalizedHorizontalLoadCase[],
  s: NormalizedSettings,
): { max: CaseLoads | null; min: CaseLoads | null } {
  let max: CaseLoads | null = null;
  let min: CaseLoads | null = null;
  for (const c of cases) {
    for (const row of c.horizontal_loads) {
      if (row.Pname !== pile.Pname || (row.gkz === null && row.qkz === null)) continue;
      const G = row.gkz ?? NONE;
      const Q = row.qkz ?? NONE;
      // N_Ed,max/min and N_k,max/min [kN] (loads/axial-actions.ts keeps plain numbers)
      const r = axialActionRange(G, Q, s.gammaStaendig, s.gammaVeraenderlich);
      if (max === null || r.Edmax > max.Ed) {
        max = { name: c.name, G, Q, Ed: r.Edmax as KiloNewton, Ek: r.Ekmax as KiloNewton };
      }
      if (min === null || r.Edmin < min.Ed) {
        min = { name: c.name, G, Q, Ed: r.Edmin as KiloNewton, Ek: r.Ekmin as KiloNewton };
      }
    }
  }
  return { max, min };
}

/**
 * Axial loads of a row: E_k = `AlternativeCharakteristischeLastZ`, else N_k,max; E_d = `AlternativeDesignLastZ`,
 * else N_Ed,max of the governing load case (G = `gkz`, Q = `qkz` of the rows of the same `Pname`). Tension:
 * the `…MinLastZ` fields and N_Ed,min / N_k,min of the load cases, the more negative one.
 * A negative main load (E_d < 0, E_k ≤ 0) is a tension load: it is moved to the tension values and verified
 * against R_t,d in the length iteration (info LOAD_MAIN_TENSION). A main load with E_d and E_k of opposite
 * signs (or E_k < 0 with E_d ≥ 0) is refused (error LOAD_SIGN_MISMATCH): never a silent pass (ADR 0131).
 * @returns loads, or null with LOAD_MISSING / LOAD_SIGN_MISMATCH issues
 * @see docs/sources/engine.md §E2.3 (γ_G = 1.35, γ_Q = 1.50, EN 1997-1 A1 [S17]); docs/sources/legacy-format.md §L2.6, §L2.9;
 *   EN 1990 Table A1.2(B) (favourable parts)
 */
export function resolveLoads(
  pile: NormalizedPile,
  cases: readonly NormalizedHorizontalLoadCase[],
  s: NormalizedSettings,
  issues: EngineIssue[],
): AxialLoads | null {
  const governing = governingCases(pile, cases, s);
  const main = governing.max;
  const Ek = pile.AlternativeCharakteristischeLastZ ?? main?.Ek ?? null;
  const Ed = pile.AlternativeDesignLastZ ?? main?.Ed ?? null;
  if (Ek === null) {
    issues.push(issue('LOAD_MISSING', 'error', at(pile, 'AlternativeCharakteristischeLastZ')));
  }
  if (Ed === null) issues.push(issue('LOAD_MISSING', 'error', at(pile, 'AlternativeDesignLastZ')));
  if (Ek === null || Ed === null) return null;
  const where = { rowIndex: pile.rowIndex };
  const isFromCase =
    main !== null &&
    (pile.AlternativeCharakteristischeLastZ === null || pile.AlternativeDesignLastZ === null);
  if (isFromCase) {
    issues.push(
      issue('LOAD_FROM_LOADCASE', 'info', {
        ...where,
        params: { loadcase: main.name, G: main.G, Q: main.Q },
      }),
    );
  }
  const isMainTension = Ed < 0 || Ek < 0;
  if (isMainTension && !(Ed < 0 && Ek <= 0)) {
    issues.push(
      issue('LOAD_SIGN_MISMATCH', 'error', {
        ...at(pile, Ed < 0 ? 'AlternativeCharakteristischeLastZ' : 'AlternativeDesignLastZ'),
        params: { Ek, Ed },
      }),
    );
    return null;
  }
  let EkMin: KiloNewton = pile.AlternativeCharakteristischeMinLastZ;
  let EdMin: KiloNewton = pile.AlternativeDesignMinLastZ;
  if (EkMin < 0 && EdMin === 0) {
    issues.push(
      issue('LOAD_MISSING', 'error', {
        ...at(pile, 'AlternativeDesignMinLastZ'),
        params: { reason: 'tension_without_design_value' },
      }),
    );
  }
  if (EkMin < 0 && EdMin > 0) {
    // tension characteristic, compression design value: the tension would never be checked
    issues.push(
      issue('LOAD_SIGN_MISMATCH', 'error', {
        ...at(pile, 'AlternativeDesignMinLastZ'),
        params: { Ek: EkMin, Ed: EdMin },
      }),
    );
    return null;
  }
  const tensionCase = governing.min;
  if (tensionCase !== null && tensionCase.Ed < Math.min(EdMin, 0)) {
    EdMin = tensionCase.Ed;
    EkMin = Math.min(EkMin, tensionCase.Ek) as KiloNewton;
    issues.push(
      issue('LOAD_TENSION_FROM_LOADCASE', 'info', {
        ...where,
        params: { loadcase: tensionCase.name, G: tensionCase.G, Q: tensionCase.Q, Ed: EdMin },
      }),
    );
  }
  if (isMainTension) {
    EdMin = Math.min(EdMin, Ed) as KiloNewton;
    EkMin = Math.min(EkMin, Ek) as KiloNewton;
    issues.push(
      issue('LOAD_MAIN_TENSION', 'info', {
        ...at(pile, 'AlternativeDesignLastZ'),
        params: { Ed, Ek },
      }),
    );
  }
  return {
    Ek: isMainTension ? NONE : Ek,
    Ed: isMainTension ? NONE : Ed,
    EkMin,
    EdMin,
    source: isFromCase ? main.name : 'alternative',
    G: main?.G ?? null,
    Q: main?.Q ?? null,
    isMainTension,
  };
}
