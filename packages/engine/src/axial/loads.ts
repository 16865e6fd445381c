import type {
  NormalizedHorizontalLoadCase,
  NormalizedPile,
  NormalizedSettings,
} from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';

/** Axial loads of one load point (whole load point, before sharing between piles) [kN]. */
export type AxialLoads = {
  Ek: number;
  Ed: number;
  EkMin: number;
  EdMin: number;
  /** 'alternative' (row values) or the name of the governing horizontal load case. */
  source: string;
  G: number | null;
  Q: number | null;
};

/**
 * Axial loads of a row: E_k = `AlternativeCharakteristischeLastZ`, else G + Q; E_d =
 * `AlternativeDesignLastZ`, else γ_G·G + γ_Q·Q, with G = `gkz`, Q = `qkz` of the load-case row of the
 * same `Pname` (the case with the largest E_d governs). Tension from the `…MinLastZ` fields.
 * @returns loads, or null with LOAD_MISSING issues
 * @see calculation-reference.md §2.3 (γ_G = 1.35, γ_Q = 1.50, EN 1997-1 A1 [S17]); legacy-format.md §2.6, §2.9
 */
export function resolveLoads(
  pile: NormalizedPile,
  cases: readonly NormalizedHorizontalLoadCase[],
  s: NormalizedSettings,
  issues: EngineIssue[],
): AxialLoads | null {
  let governing: { name: string; G: number; Q: number; Ed: number } | null = null;
  for (const c of cases) {
    for (const row of c.horizontal_loads) {
      if (row.Pname !== pile.Pname || (row.gkz === null && row.qkz === null)) continue;
      const G = row.gkz ?? 0;
      const Q = row.qkz ?? 0;
      const Ed = s.gammaStaendig * G + s.gammaVeraenderlich * Q;
      if (governing === null || Ed > governing.Ed) governing = { name: c.name, G, Q, Ed };
    }
  }
  const where = { rowIndex: pile.rowIndex };
  const Ek =
    pile.AlternativeCharakteristischeLastZ ??
    (governing === null ? null : governing.G + governing.Q);
  const Ed = pile.AlternativeDesignLastZ ?? governing?.Ed ?? null;
  if (Ek === null) {
    issues.push(
      issue('LOAD_MISSING', 'error', {
        ...where,
        field: 'AlternativeCharakteristischeLastZ',
        path: `piles[${pile.rowIndex}].AlternativeCharakteristischeLastZ`,
      }),
    );
  }
  if (Ed === null) {
    issues.push(
      issue('LOAD_MISSING', 'error', {
        ...where,
        field: 'AlternativeDesignLastZ',
        path: `piles[${pile.rowIndex}].AlternativeDesignLastZ`,
      }),
    );
  }
  if (Ek === null || Ed === null) return null;
  const isFromCase =
    governing !== null &&
    (pile.AlternativeCharakteristischeLastZ === null || pile.AlternativeDesignLastZ === null);
  if (isFromCase) {
    issues.push(
      issue('LOAD_FROM_LOADCASE', 'info', {
        ...where,
        params: { loadcase: governing!.name, G: governing!.G, Q: governing!.Q },
      }),
    );
  }
  if (pile.AlternativeCharakteristischeMinLastZ < 0 && pile.AlternativeDesignMinLastZ === 0) {
    issues.push(
      issue('LOAD_MISSING', 'error', {
        ...where,
        field: 'AlternativeDesignMinLastZ',
        path: `piles[${pile.rowIndex}].AlternativeDesignMinLastZ`,
        params: { reason: 'tension_without_design_value' },
      }),
    );
  }
  return {
    Ek,
    Ed,
    EkMin: pile.AlternativeCharakteristischeMinLastZ,
    EdMin: pile.AlternativeDesignMinLastZ,
    source: isFromCase ? governing!.name : 'alternative',
    G: governing?.G ?? null,
    Q: governing?.Q ?? null,
  };
}
