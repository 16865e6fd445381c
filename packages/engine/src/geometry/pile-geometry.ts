import type { PfahlTyp } from '../input/pile-types';
import type { Meter } from '../units/units';

/** Cross-section family of a pile type. */
export type SectionKind = 'circle-cast-in-place' | 'square-precast' | 'steel-pipe';

/**
 * Section family by pile type: `c` precast square (SollDurchmesser = side length a), `r` closed steel pipe
 * (SollDurchmesser = outside diameter), all others circular cast-in-place (SollDurchmesser = diameter D).
 * @see docs/sources/legacy-format.md §L2.10 (pile type codes); docs/sources/engine.md §E1.5 (c: square section), §E4
 */
export const sectionKindOfType = (type: PfahlTyp | null): SectionKind =>
  type === 'c' ? 'square-precast' : type === 'r' ? 'steel-pipe' : 'circle-cast-in-place';

/**
 * The one geometry of a pile section, used by the axial calculation (area, perimeter, D for s/D),
 * settlement, lateral analysis (width, I), section design and report (ADR 0130).
 */
export type PileGeometry = {
  kind: SectionKind;
  /** entered size `SollDurchmesser`: diameter D (circle, pipe) or side length a (square) [m] */
  size: number;
  /** 'diameter' or 'side' — how `size` is labelled (UI, Excel, PDF) */
  sizeMeaning: 'diameter' | 'side';
  /** base area A_b [m²]: πD²/4, square a² */
  area: number;
  /** shaft perimeter U [m]: πD, square 4a */
  perimeter: number;
  /**
   * diameter for the D-based rules of the EA tables and the curve (s/D, s_g = 0.10·D, averaging zone,
   * 3·D below the toe, η validity) [m]: D; square: equal-area D_eq = 2a/√π = 1.128·a
   */
  Deq: Meter;
  /** width of the pile face for lateral bedding and passive pressure [m]: D, square a */
  width: Meter;
  /** gross second moment of area of the full section [m⁴]: πD⁴/64, square a⁴/12 */
  I: number;
};

const circle = (kind: SectionKind, D: number): PileGeometry => ({
  kind,
  size: D,
  sizeMeaning: 'diameter',
  area: (Math.PI * D * D) / 4,
  perimeter: Math.PI * D,
  Deq: D as Meter,
  width: D as Meter,
  I: (Math.PI * D ** 4) / 64,
});

/**
 * Square a×a. D_eq from equal base area: πD_eq²/4 = a² → D_eq = 2a/√π ≈ 1.1284·a.
 * @see docs/sources/engine.md §E1.1 rule 8 (D_eq = √(4A/π) = 1.128·a for a square a×a)
 */
const square = (a: number): PileGeometry => ({
  kind: 'square-precast',
  size: a,
  sizeMeaning: 'side',
  area: a * a,
  perimeter: 4 * a,
  Deq: ((2 * a) / Math.sqrt(Math.PI)) as Meter,
  width: a as Meter,
  I: a ** 4 / 12,
});

/** Geometry function of each section family. */
export const SECTION_GEOMETRY: Readonly<Record<SectionKind, (size: number) => PileGeometry>> = {
  'circle-cast-in-place': (D) => circle('circle-cast-in-place', D),
  'steel-pipe': (D) => circle('steel-pipe', D),
  'square-precast': square,
};

/**
 * Geometry of a pile of type `type` with entered size `SollDurchmesser` [m].
 * @param type pile type code @param size `SollDurchmesser` [m] @returns the section geometry
 */
export const pileGeometry = (type: PfahlTyp | null, size: number): PileGeometry =>
  SECTION_GEOMETRY[sectionKindOfType(type)](size);
