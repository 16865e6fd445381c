import type { NormalizedPile, NormalizedProject, NormalizedSoilProfile } from '../input/types';
import type { LateralLayer, LateralModel } from '../lateral/mesh';
import type { ConcreteClass } from '../section/materials';
import { corrodedPipe, PIPE_STEEL, pipeSection } from '../section/steel-pipe-section';
import {
  pileGeometry,
  SECTION_GEOMETRY,
  sectionKindOfType,
  type SectionKind,
} from '../geometry/pile-geometry';
import { m, type Meter } from '../units/units';

export type { SectionKind } from '../geometry/pile-geometry';

/** Section family of a row (`c` square: SollDurchmesser = side a; `r` steel pipe; others circular), ADR 0130. */
export const sectionKindOf = (pile: NormalizedPile): SectionKind =>
  sectionKindOfType(pile.PfahlTyp);

/** Soil layers of a profile with their top levels (top = previous endKote or the profile startKote). */
export const lateralLayers = (profile: NormalizedSoilProfile): LateralLayer[] => {
  const layers: LateralLayer[] = [];
  let top: Meter = profile.startKote ?? m(0);
  for (const l of profile.soil_layers) {
    if (l.endKote === null) break;
    layers.push({
      topLevel: top,
      bottomLevel: l.endKote,
      ESoben: l.ESoben,
      ESunten: l.ESunten,
      MaxElementWeite: l.MaxElementWeite,
      phi: l.phi,
      cuEP: l.cuEP,
      gammaBoden: l.gammaBoden,
      gammaStrichBoden: l.gammaStrichBoden,
    });
    top = l.endKote;
  }
  return layers;
};

/**
 * Gross bending stiffness EI = E_cm·I with the nominal size (I of the section family: πD⁴/64, square a⁴/12).
 * @param size D or side a [m] @returns EI [kNm²] (plain: no kNm² brand)
 * @see EN 1992-1-1 Table 3.1 (E_cm); docs/sources/engine.md §E4.6 (gross EI, verification cases)
 */
export const grossBendingStiffness = (
  kind: SectionKind,
  size: Meter,
  concrete: ConcreteClass,
): number => concrete.Ecm * 1000 * SECTION_GEOMETRY[kind](size).I;

/**
 * Bending stiffness of an unfilled steel pipe: E_s·I with E_s = 210 000 N/mm² and I of the ring left after the
 * corrosion loss c off the outer surface (D − 2c, t − c): the end-of-life state that the section check verifies
 * (ADR 0103). A concrete filling is not counted (EN 1994-1-1 composite members are not covered, ADR 0105).
 * @param D outside diameter [m] @param t nominal wall thickness [m] @param c corrosion loss [m], default 0
 * @returns EI [kNm²] (plain: no kNm² brand)
 * @see EN 1993-1-1 3.2.6; ADR 0028 (unfilled section assumed), ADR 0103
 */
export const steelPipeBendingStiffness = (D: Meter, t: Meter, c: Meter = m(0)): number => {
  const net = corrodedPipe(D, t, c);
  return PIPE_STEEL.E * 1000 * pipeSection(net.D, net.t).I;
};

/** Builds the lateral model of a pile for one load row (levels [m NHN], EI [kNm²]). */
export const buildLateralModel = (
  project: NormalizedProject,
  pile: NormalizedPile,
  profile: NormalizedSoilProfile,
  args: {
    headLevel: Meter;
    toeLevel: Meter;
    EI: number;
    isHeadFixed: boolean;
    groundLevel: Meter;
    groundwaterLevel: Meter;
  },
): LateralModel => ({
  headLevel: args.headLevel,
  toeLevel: args.toeLevel,
  // Face width of the pile (D, square a) for k = ks·b and the passive pressure (ADR 0130).
  diameter:
    pile.SollDurchmesser === null ? m(0) : pileGeometry(pile.PfahlTyp, pile.SollDurchmesser).width,
  EI: args.EI,
  isHeadFixed: args.isHeadFixed,
  groundLevel: m(args.groundLevel),
  groundwaterLevel: m(args.groundwaterLevel),
  layers: lateralLayers(profile),
  ksNichtReduzieren: project.settings.ksNichtReduzieren,
  gegenRaeumlichenEP: project.settings.gegenRaeumlichenEP,
});
