/**
 * Branded unit types of the engine. Calculation units are m, kN, kN/m², radians (docs/calculation.md §1);
 * wire units (cm, mm, MN/m², degrees, %) exist only so that the boundary conversion is typed.
 * A brand makes `Meter + Centimeter` mix-ups a compile error (see units.typetest.ts).
 */
declare const unitBrand: unique symbol;
type Brand<U extends string> = number & { readonly [unitBrand]: U };

/** Length or level [m] (levels in m NHN). */
export type Meter = Brand<'m'>;
/** Force [kN]. */
export type KiloNewton = Brand<'kN'>;
/** Stress / pressure [kN/m²] (= kPa). */
export type KiloNewtonPerSquareMeter = Brand<'kN/m2'>;
/** Unit weight [kN/m³]. */
export type KiloNewtonPerCubicMeter = Brand<'kN/m3'>;
/** Moment [kNm]. */
export type KiloNewtonMeter = Brand<'kNm'>;
/** Axial spring stiffness [kN/m]. */
export type KiloNewtonPerMeter = Brand<'kN/m'>;
/** Angle [rad]. */
export type Radiant = Brand<'rad'>;
/** Dimensionless ratio (a wire percentage divided by 100). */
export type Fraction = Brand<'1'>;
/**
 * Area [m²]: cross-section areas (A_c, A_s, a bar's area). Not a length: an area passed where a diameter or cover
 * is meant does not compile. Wire output in cm² (×1e4) stays a plain number.
 */
export type SquareMeter = Brand<'m2'>;
/** Area per length [m²/m]: transverse reinforcement A_sw/s. Wire output in cm²/m (×1e4) stays a plain number. */
export type SquareMeterPerMeter = Brand<'m2/m'>;

/** Wire unit: length [cm] (settlements, MaxElementWeite). */
export type Centimeter = Brand<'cm'>;
/** Wire unit: length [mm] (bar diameters, cover). */
export type Millimeter = Brand<'mm'>;
/** Wire unit: stress [MN/m²] (qc, cuk, layer q values, Es). */
export type MegaNewtonPerSquareMeter = Brand<'MN/m2'>;
/** Wire unit: angle [°]. */
export type Degree = Brand<'deg'>;
/** Wire unit: percentage [%]. */
export type Percent = Brand<'%'>;

/** Tags a plain number as metres (only at the boundary or for constants). */
export const m = (value: number): Meter => value as Meter;
/** Tags a plain number as kN. */
export const kN = (value: number): KiloNewton => value as KiloNewton;
/** Tags a plain number as kN/m². */
export const kPa = (value: number): KiloNewtonPerSquareMeter => value as KiloNewtonPerSquareMeter;
/** Tags a plain number as kNm. */
export const kNm = (value: number): KiloNewtonMeter => value as KiloNewtonMeter;
/** Tags a plain number as m². */
export const m2 = (value: number): SquareMeter => value as SquareMeter;
/** Tags a plain number as radians. */
export const rad = (value: number): Radiant => value as Radiant;
/** Tags a plain number as kN/m³. */
export const kNPerM3 = (value: number): KiloNewtonPerCubicMeter => value as KiloNewtonPerCubicMeter;
/** Tags a plain number as a fraction. */
export const fraction = (value: number): Fraction => value as Fraction;

/** cm → m (÷100). @see docs/sources/legacy-format.md §L4.3 (MaxElementWeite ×0.01) */
export const cmToM = (value: Centimeter): Meter => (value / 100) as Meter;
/** m → cm (×100), for wire output of settlements. */
export const mToCm = (value: Meter): Centimeter => (value * 100) as Centimeter;
/** mm → m (÷1000). @see docs/sources/legacy-format.md §L4.3 (MaxLaengs, MaxBuegel, MinLaengsAbstand, Betondeckung) */
export const mmToM = (value: Millimeter): Meter => (value / 1000) as Meter;
/** MN/m² → kN/m² (×1000). @see docs/sources/legacy-format.md §L4.3 (qsk, qbk*, ESoben, ESunten ×1000) */
export const mnToKpa = (value: MegaNewtonPerSquareMeter): KiloNewtonPerSquareMeter =>
  (value * 1000) as KiloNewtonPerSquareMeter;
/** kN/m² → MN/m² (÷1000), for wire output of used q values. @see docs/sources/legacy-format.md §L4.3 */
export const kpaToMn = (value: KiloNewtonPerSquareMeter): MegaNewtonPerSquareMeter =>
  (value / 1000) as MegaNewtonPerSquareMeter;
/** degrees → radians (×π/180). @see docs/sources/legacy-format.md §L4.3 (AbtreppungsWinkelRad, phi) */
export const degToRad = (value: Degree): Radiant => ((value * Math.PI) / 180) as Radiant;
/** % → fraction (÷100). @see docs/sources/legacy-format.md §L4.3 (prozentualerMantelAnteil, MvonMaxfuerSchub ×0.01) */
export const percentToFraction = (value: Percent): Fraction => (value / 100) as Fraction;
/** fraction → % (×100), for wire output of EzuR. @see docs/sources/legacy-format.md §L4.3 (_EzuR ×100) */
export const fractionToPercent = (value: Fraction): Percent => (value * 100) as Percent;
/** kN → MN as a plain number, only for empirical formulas written in MN (e.g. s_sg). */
export const kNToMN = (value: KiloNewton): number => value / 1000;
