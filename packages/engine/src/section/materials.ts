import { structuralIssue, type StructuralIssue } from '../lateral/issue';
import type { KiloNewtonPerSquareMeter } from '../units/units';

/**
 * Concrete class with the EC2 Table 3.1 values used here. f_ck and E_cm stay plain numbers in N/mm² (ADR 0205,
 * addendum): table values read only by the EC2 formulas written in N/mm² (f_ctm, v_min, ν1) and by
 * `designMaterials`, which converts them once to the branded kN/m² of `DesignMaterials`.
 */
export type ConcreteClass = {
  name: string;
  /** characteristic cylinder strength f_ck [N/mm²] */ fck: number;
  /** mean modulus E_cm [N/mm²] */ Ecm: number;
};

/**
 * Normal-strength concrete classes C20/25 … C50/60 (the parabola–rectangle parameters below hold for
 * f_ck ≤ 50 N/mm²).
 * @see EN 1992-1-1:2004, Table 3.1 (f_ck, E_cm); docs/sources/engine.md §E4.1
 */
export const CONCRETE_CLASSES = {
  source: 'EN 1992-1-1:2004 + AC:2010, Table 3.1',
  classes: [
    { name: 'C20/25', fck: 20, Ecm: 30000 },
    { name: 'C25/30', fck: 25, Ecm: 31000 },
    { name: 'C30/37', fck: 30, Ecm: 33000 },
    { name: 'C35/45', fck: 35, Ecm: 34000 },
    { name: 'C40/50', fck: 40, Ecm: 35000 },
    { name: 'C45/55', fck: 45, Ecm: 36000 },
    { name: 'C50/60', fck: 50, Ecm: 37000 },
  ],
} as const satisfies { source: string; classes: readonly ConcreteClass[] };

/** Partial factors and strain limits (persistent design situation). */
export const MATERIAL_CONSTANTS = {
  /** α_cc, German NA to EC2 3.1.6(1) */ alphaCc: 0.85,
  /** γ_c, EC2 Table 2.1N */ gammaC: 1.5,
  /** γ_s, EC2 Table 2.1N */ gammaS: 1.15,
  /** ε_c2, ε_cu2 for f_ck ≤ 50, EC2 Table 3.1 / 3.1.7 */ epsC2: 0.002,
  epsCu2: 0.0035,
  /** ε_ud, German NA to EC2 3.2.7(2) */ epsUd: 0.025,
  /** E_s [N/mm²], EC2 3.2.7(4) */ Es: 200000,
  /** f_yk of B500B [N/mm²], EC2 Annex C / DIN 488 */ fykB500: 500,
} as const;

/**
 * Reads the concrete class from the project code: the predecessor's codes 25/30/35 (= f_ck of
 * C25/30, C30/37 and its non-standard "C35/40", read as C35/45 with a warning), any f_ck 20…50, or a
 * class name such as "C30/37".
 * @param code BetonZyl (number or name) @returns class and issues (error + C25/30 fallback when unknown)
 * @see docs/sources/legacy-format.md §L2.5 (BetonZyl), docs/sources/engine.md §E4.1 (the predecessor's "C35/40")
 */
export const concreteClassFromCode = (
  code: number | string,
): { concrete: ConcreteClass; issues: StructuralIssue[] } => {
  const text = String(code).trim().toUpperCase();
  const fck = /^C?(\d{2})(\/\d{2})?$/.exec(text)?.[1];
  const found = CONCRETE_CLASSES.classes.find((c) => String(c.fck) === fck);
  if (!found) {
    return {
      concrete: CONCRETE_CLASSES.classes[1],
      issues: [
        structuralIssue(
          'CONCRETE_CLASS_UNKNOWN',
          'error',
          { value: String(code), used: 'C25/30' },
          'BetonZyl',
        ),
      ],
    };
  }
  const isLegacy3540 = text === '35' || text === 'C35/40';
  return {
    concrete: found,
    issues: isLegacy3540
      ? [
          structuralIssue(
            'CONCRETE_CLASS_MAPPED',
            'warning',
            { value: String(code), used: 'C35/45' },
            'BetonZyl',
          ),
        ]
      : [],
  };
};

/** Design values of the materials [kN/m²]. */
export type DesignMaterials = {
  concrete: ConcreteClass;
  /** f_cd = α_cc·f_ck/(γ_c·k_f) [kN/m²] */ fcd: KiloNewtonPerSquareMeter;
  /** f_yd = f_yk/γ_s [kN/m²] */ fyd: KiloNewtonPerSquareMeter;
  /** E_s [kN/m²] */ Es: KiloNewtonPerSquareMeter;
  /** k_f used (1.0, or 1.1 for cast-in-place piles without permanent casing) */ kf: number;
};

/**
 * Design material values. k_f (EC2 2.4.2.5(2), recommended 1.1) divides f_cd of cast-in-place piles
 * without permanent casing; the German NA value was not available, the recommended value is used [U].
 * @param concrete concrete class @param kf factor k_f [-] @returns design values in kN/m²
 * @see EN 1992-1-1 3.1.6(1) (f_cd), 3.2.7 (f_yd), 2.4.2.5(2) (k_f); German NA α_cc = 0.85
 */
export const designMaterials = (concrete: ConcreteClass, kf: number): DesignMaterials => ({
  concrete,
  fcd: (((MATERIAL_CONSTANTS.alphaCc * concrete.fck) / (MATERIAL_CONSTANTS.gammaC * kf)) *
    1000) as KiloNewtonPerSquareMeter,
  fyd: ((MATERIAL_CONSTANTS.fykB500 / MATERIAL_CONSTANTS.gammaS) *
    1000) as KiloNewtonPerSquareMeter,
  Es: (MATERIAL_CONSTANTS.Es * 1000) as KiloNewtonPerSquareMeter,
  kf,
});

/** f_ctm = 0.30·f_ck^(2/3) [N/mm²] for ≤ C50/60. @see EN 1992-1-1 Table 3.1 */
export const fctm = (fck: number): number => 0.3 * fck ** (2 / 3);

/**
 * Concrete stress of the parabola–rectangle diagram, compression positive.
 * @param eps strain (compression positive) [-] @param fcd [kN/m²] @returns σ_c [kN/m²] (0 in tension)
 * @see EN 1992-1-1 3.1.7(1), Eq. (3.17), (3.18) with n = 2, ε_c2 = 2 ‰
 */
export const concreteStress = (
  eps: number,
  fcd: KiloNewtonPerSquareMeter,
): KiloNewtonPerSquareMeter => {
  if (eps <= 0) return 0 as KiloNewtonPerSquareMeter;
  if (eps >= MATERIAL_CONSTANTS.epsC2) return fcd;
  const r = 1 - eps / MATERIAL_CONSTANTS.epsC2;
  return (fcd * (1 - r * r)) as KiloNewtonPerSquareMeter;
};

/**
 * Reinforcing steel stress, bilinear with horizontal top branch (compression positive).
 * @param eps strain [-] @param m design materials @returns σ_s [kN/m²]
 * @see EN 1992-1-1 3.2.7(2) b), Figure 3.8
 */
export const steelStress = (eps: number, m: DesignMaterials): KiloNewtonPerSquareMeter => {
  // plain number for the sign change (a brand is not negated, @typescript-eslint/no-unsafe-unary-minus)
  const fyd: number = m.fyd;
  return Math.max(-fyd, Math.min(fyd, m.Es * eps)) as KiloNewtonPerSquareMeter;
};

/** Steel grade check: only B500B is implemented. @returns issues (warning when another grade is named) */
export const steelGradeIssues = (Stahlsorte: string): StructuralIssue[] =>
  Stahlsorte.trim().toUpperCase() === 'B500B'
    ? []
    : [
        structuralIssue(
          'STEEL_GRADE_ASSUMED',
          'warning',
          { value: Stahlsorte, used: 'B500B' },
          'Stahlsorte',
        ),
      ];
