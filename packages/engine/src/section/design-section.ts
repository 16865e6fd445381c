import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import { cageClearSpacing, chooseBarLayout, type BarLayout } from './bar-layout';
import { KF_UNCASED, uncasedDesignDiameter } from './design-diameter';
import { designMaterials, type ConcreteClass } from './materials';
import { minimumReinforcement } from './minimum-reinforcement';
import { interactionGridFor } from './interaction-grid';
import { designStrains, requiredReinforcement } from './required-reinforcement';
import { secondOrderMoment } from './second-order';
import { requiredReinforcementBiaxial, type BiaxialMoments } from './biaxial';
import { sectionGeometry, type SectionGeometry } from './section-geometry';
import { designShear, type ShearResult } from './shear';
import { chooseLinks, type LinkLayout } from './links';
import type {
  Fraction,
  KiloNewton,
  KiloNewtonMeter,
  Meter,
  SquareMeter,
  SquareMeterPerMeter,
} from '../units/units';

/** Input of the cross-section design of one pile (calculation units; compression positive). */
export type SectionDesignInput = {
  shape: 'circle' | 'square';
  /** nominal diameter or side [m] */ nominalSize: Meter;
  /** cast-in-place without permanent casing: design diameter reduction and k_f */ isUncasedCastInPlace: boolean;
  /** minimum rules: bored piles (EC2 9.8.5) or precast */ minimumRules: 'bored' | 'precast';
  concrete: ConcreteClass;
  /** Betondeckung (to the link) [m] */ cover: Meter;
  /** MaxLaengs [m] */ maxBarDiameter: Meter;
  /** MaxBuegel [m] */ maxLinkDiameter: Meter;
  /** MinLaengsAbstand (clear) [m] */ minClearSpacing: Meter;
  /** MvonMaxfuerSchub: share of A_s counted as tension reinforcement A_sl in V_Rd,c [-] */ shearAslShare: Fraction;
  /** largest and smallest design axial force [kN] */ NEdMax: KiloNewton;
  NEdMin: KiloNewton;
  /** design moment (resultant, incl. imperfection loads) [kNm] */ MEd: KiloNewtonMeter;
  /** design shear force (resultant) [kN] */ VEd: KiloNewton;
  /** buckling length einzelKnickLaenge [m] (0 = none) */ bucklingLength: Meter;
  /**
   * square sections: the simultaneous moment components along the pile for the biaxial load-contour
   * check (EC2 5.8.9(4)); without them the resultant MEd is designed uniaxially
   */
  biaxial?: BiaxialMoments;
};

/** Section design result (wire names; cm², cm²/m, ‰ as stated). */
export type SectionDesignResult = {
  /** required longitudinal reinforcement from strain compatibility [cm²] */ AsLaengsCalc: number;
  /** governing minimum reinforcement [cm²] */ AsLaengsMin: number;
  /** provided longitudinal reinforcement of the chosen bars [cm²] */ AsLaengs: number;
  /** bar layout, e.g. "12 Ø 20" */ BewTyp: string;
  /** required shear reinforcement A_sw/s [cm²/m] */ AsQuerCalc: number;
  /** minimum shear reinforcement [cm²/m] */ AsSchubMin: number;
  /** governing shear reinforcement max(calc, min) [cm²/m] */ AsQuer: number;
  /** concrete edge strain of the design state [‰], compression negative */ Eps0: number | null;
  /** strain of the outermost tension bar [‰], tension positive */ Eps1: number | null;
  designDiameter: number;
  bars: BarLayout | null;
  links: LinkLayout | null;
  shear: ShearResult;
  /** design moment used incl. minimum eccentricity and second order, governing combination [kNm] */ MEdUsed: number;
  NEdUsed: number;
  /** square biaxial check: exponent a of the load contour of the governing combination (null otherwise) */
  biaxialExponent: number | null;
};

const geometryFor = (
  input: SectionDesignInput,
  size: Meter,
  barDiameter: number,
  linkDiameter: number,
): SectionGeometry => {
  const inset = input.cover + linkDiameter + barDiameter / 2;
  const offset = Math.min(input.nominalSize / 2 - inset, 0.45 * size) as Meter;
  return sectionGeometry(input.shape, size, offset);
};

/**
 * One design of the section with the bars placed inside links of diameter `linkDiameter`: strength
 * (A_s,req), minimum rules, bar choice (clear spacing on the ring/square of this cage), strains, shear, links.
 */
const designCage = (
  input: SectionDesignInput,
  size: Meter,
  materials: ReturnType<typeof designMaterials>,
  linkDiameter: Meter,
  minLinkDiameter: Meter,
): {
  result: SectionDesignResult | null;
  issues: StructuralIssue[];
  trace: TraceEntry[];
  links: LinkLayout | null;
} => {
  const issues: StructuralIssue[] = [];
  const g = geometryFor(input, size, input.maxBarDiameter, linkDiameter);
  const trace: TraceEntry[] = [
    { name: 'D_design', value: size, unit: 'm', source: 'EC2 2.3.4.2(2)' },
    {
      name: 'fcd',
      value: materials.fcd / 1000,
      unit: 'N/mm²',
      source: 'EC2 3.1.6(1), NA αcc = 0.85',
    },
    { name: 'fyd', value: materials.fyd / 1000, unit: 'N/mm²', source: 'EC2 3.2.7, γs = 1.15' },
    {
      name: 'rs',
      value: g.barRadius,
      unit: 'm',
      source: 'D/2 − Betondeckung − link Ø of the reported cage − MaxLaengs/2',
    },
  ];
  if (g.barRadius <= 0) {
    issues.push(
      structuralIssue(
        'SECTION_BAR_LAYOUT_NOT_FOUND',
        'error',
        { barRadius: g.barRadius },
        'Betondeckung',
      ),
    );
    return { result: null, issues, trace, links: null };
  }
  const e0 = Math.max(size / 30, 0.02);
  const d = (
    input.shape === 'circle' ? size / 2 + g.barRadius / Math.SQRT2 : size / 2 + g.barRadius
  ) as Meter;
  const radiusOfGyration = (input.shape === 'circle' ? size / 4 : size / Math.sqrt(12)) as Meter;
  const grid = interactionGridFor(g, materials);
  const isBiaxial = input.shape === 'square' && input.biaxial !== undefined;
  const combos = [input.NEdMax, input.NEdMin].map((N) => {
    const so = secondOrderMoment(input.bucklingLength, radiusOfGyration, N, g.area, d, materials);
    const addOn = (M: number) => (Math.max(M, Math.max(N, 0) * e0) + so.M2) as KiloNewtonMeter;
    if (isBiaxial) {
      const r = requiredReinforcementBiaxial(g, materials, N, input.biaxial!, addOn, grid);
      return { N, M: r?.Meq ?? addOn(Math.abs(input.MEd)), so, As: r?.As ?? null, a: r?.a ?? null };
    }
    const M = addOn(Math.abs(input.MEd));
    return { N, M, so, As: requiredReinforcement(g, materials, N, M, grid), a: null };
  });
  for (const c of combos) {
    if (c.so.M2 > 0) {
      issues.push(
        structuralIssue(
          'SECTION_SLENDER_SECOND_ORDER',
          'warning',
          { lambda: c.so.lambda, lambdaLim: c.so.lambdaLim, M2: c.so.M2 },
          'einzelKnickLaenge',
        ),
      );
    }
  }
  if (combos.some((c) => c.As === null)) {
    issues.push(
      structuralIssue('SECTION_CAPACITY_EXCEEDED', 'error', { NEd: input.NEdMax, MEd: input.MEd }),
    );
    return { result: null, issues, trace, links: null };
  }
  const governing = combos.reduce((a, b) => ((b.As ?? 0) > (a.As ?? 0) ? b : a));
  const AsCalc = governing.As ?? 0;
  const min = minimumReinforcement(
    input.minimumRules,
    (input.nominalSize ** 2 * (input.shape === 'circle' ? Math.PI / 4 : 1)) as SquareMeter,
    input.NEdMax,
    materials.fyd,
  );
  if (min.AsMin > AsCalc) {
    issues.push(
      structuralIssue('SECTION_MIN_REINFORCEMENT_GOVERNS', 'info', {
        rule: min.rule,
        AsMin: min.AsMin * 1e4,
      }),
    );
  }
  const isBored = input.minimumRules === 'bored';
  const bars = chooseBarLayout({
    AsRequired: Math.max(AsCalc, min.AsMin) as SquareMeter,
    shape: input.shape,
    outer: input.nominalSize,
    cover: input.cover,
    linkDiameter,
    maxDiameter: input.maxBarDiameter,
    minClearSpacing: input.minClearSpacing,
    minDiameter: (isBored ? 0.016 : 0.012) as Meter,
    minCount: input.shape === 'circle' ? 6 : 4,
    maxClearSpacing: (isBored ? 0.2 : Infinity) as Meter,
  });
  if (!bars) {
    issues.push(
      structuralIssue(
        'SECTION_BAR_LAYOUT_NOT_FOUND',
        'error',
        { AsRequired: Math.max(AsCalc, min.AsMin) * 1e4 },
        'MaxLaengs',
      ),
    );
  }
  const AsProvided = bars?.area ?? (Math.max(AsCalc, min.AsMin) as SquareMeter);
  const strains = designStrains(
    geometryFor(input, size, bars?.diameter ?? input.maxBarDiameter, linkDiameter),
    materials,
    AsProvided,
    governing.N,
    governing.M,
  );
  const shear = designShear(
    {
      VEd: input.VEd,
      NEd: input.NEdMin,
      bw: size,
      d: (input.shape === 'circle'
        ? size / 2 + (2 * g.barRadius) / Math.PI
        : size / 2 + g.barRadius) as Meter,
      Ac: g.area,
      Asl: (input.shearAslShare * AsProvided) as SquareMeter,
    },
    materials,
  );
  if (shear.isCapacityExceeded) {
    issues.push(
      structuralIssue('SECTION_SHEAR_CAPACITY_EXCEEDED', 'error', {
        VEd: input.VEd,
        VRdmax: shear.VRdmax,
      }),
    );
  }
  const AsQuer = Math.max(shear.AsQuerCalc, shear.AsSchubMin) as SquareMeterPerMeter;
  const links = chooseLinks(
    AsQuer,
    bars?.diameter ?? input.maxBarDiameter,
    input.maxLinkDiameter,
    size,
    minLinkDiameter,
  );
  trace.push(
    { name: 'e0', value: e0, unit: 'm', source: 'EC2 6.1(4)' },
    { name: 'NEd', value: governing.N, unit: 'kN', source: 'governing combination' },
    {
      name: 'MEd',
      value: governing.M,
      unit: 'kNm',
      source: isBiaxial
        ? 'max(M_eq, N·e0) + M2, M_eq = max_z (|Mx|^a + |My|^a)^(1/a) (EC2 5.8.9(4))'
        : 'max(|M|, N·e0) + M2',
    },
    ...(isBiaxial
      ? [{ name: 'a', value: governing.a ?? 0, unit: '-', source: 'EC2 5.8.9(4), N_Ed/N_Rd' }]
      : []),
    { name: 'AsMinRule', value: min.rule, unit: '-', source: 'EC2 9.8.5(3) / NA 9.5.2(2)' },
    { name: 'VRdc', value: shear.VRdc, unit: 'kN', source: 'EC2 6.2.2 + NA' },
    { name: 'cotTheta', value: shear.cotTheta, unit: '-', source: 'NA (6.7aDE)' },
    { name: 'links', value: links?.text ?? '-', unit: '-', source: 'EC2 9.5.3 + NA' },
  );
  return {
    result: {
      AsLaengsCalc: AsCalc * 1e4,
      AsLaengsMin: min.AsMin * 1e4,
      AsLaengs: AsProvided * 1e4,
      BewTyp: bars?.BewTyp ?? '',
      AsQuerCalc: shear.AsQuerCalc * 1e4,
      AsSchubMin: shear.AsSchubMin * 1e4,
      AsQuer: AsQuer * 1e4,
      Eps0: strains ? -strains.epsConcrete * 1000 : null,
      Eps1: strains ? -strains.epsSteel * 1000 : null,
      designDiameter: size,
      bars,
      links,
      shear,
      MEdUsed: governing.M,
      NEdUsed: governing.N,
      biaxialExponent: governing.a,
    },
    issues,
    trace,
    links,
  };
};

/**
 * Checks the cage that is reported (bars and the chosen links): clear bar spacing on the axis inside the
 * chosen link ≤ 200 mm for bored piles and ≥ MinLaengsAbstand. A violation is an error, never a silent pass.
 * @see EN 1992-1-1 9.8.5(3) (bored piles: clear distance ≤ 200 mm), 8.2(2); ADR 0134
 */
const checkReportedCage = (
  input: SectionDesignInput,
  result: SectionDesignResult | null,
): StructuralIssue[] => {
  if (!result?.bars || !result.links) return [];
  const clear = cageClearSpacing(
    { cover: input.cover, shape: input.shape, outer: input.nominalSize },
    result.links.diameter,
    result.bars,
  );
  const max = input.minimumRules === 'bored' ? 0.2 : Infinity;
  if (clear <= max + 1e-9 && clear >= input.minClearSpacing - 1e-9) return [];
  return [
    structuralIssue(
      'SECTION_BAR_LAYOUT_NOT_FOUND',
      'error',
      {
        clearSpacing: clear,
        maxClearSpacing: Number.isFinite(max) ? max : null,
        minClearSpacing: input.minClearSpacing,
        link: result.links.diameter,
      },
      'MaxBuegel',
    ),
  ];
};

/**
 * Designs the pile section: required A_s for (N_Ed,max, M_Ed) and (N_Ed,min, M_Ed) with the minimum
 * eccentricity e0 = max(h/30, 20 mm) and second-order moment, minimum rules, bar choice, shear, strains.
 * @param input see SectionDesignInput @returns result with issues and trace
 * @see docs/sources/engine.md §E4; EN 1992-1-1 6.1(4), 6.1, 6.2, 9.5.2, 9.8.5; docs/calculation-structural.md §3
 */
export const designSection = (
  input: SectionDesignInput,
): { result: SectionDesignResult | null; issues: StructuralIssue[]; trace: TraceEntry[] } => {
  const issues: StructuralIssue[] = [];
  const size = input.isUncasedCastInPlace
    ? uncasedDesignDiameter(input.nominalSize)
    : input.nominalSize;
  const materials = designMaterials(input.concrete, input.isUncasedCastInPlace ? KF_UNCASED : 1);
  if (input.isUncasedCastInPlace) {
    issues.push(
      structuralIssue(
        'SECTION_DIAMETER_REDUCED',
        'info',
        { nominal: input.nominalSize, design: size },
        'SollDurchmesser',
      ),
    );
    issues.push(structuralIssue('SECTION_KF_APPLIED', 'warning', { kf: KF_UNCASED }));
  }
  // The cage is designed with the link diameter it reports (ADR 0134): first with
  // MaxBuegel, then again with the link actually chosen until bars and links agree; the reported cage
  // is then checked once more (clear spacing EC2 9.8.5(3) ≤ 200 mm, MinLaengsAbstand).
  let link = input.maxLinkDiameter;
  let minLink = 0 as Meter;
  let cage = designCage(input, size, materials, link, minLink);
  for (let k = 0; k < 4 && cage.links !== null && cage.links.diameter !== link; k += 1) {
    if (cage.links.diameter > link) minLink = cage.links.diameter;
    link = cage.links.diameter;
    cage = designCage(input, size, materials, link, minLink);
  }
  issues.push(...cage.issues, ...checkReportedCage(input, cage.result));
  return { result: cage.result, issues, trace: cage.trace };
};
