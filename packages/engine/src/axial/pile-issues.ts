import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';
import type { Meter } from '../units/units';
import type { Evaluation } from './evaluate';
import type { PileSetup } from './pile-setup';
import { layerIndexAt, LEVEL_EPS } from './profile-model';

/** Indices of the layers the shaft passes through and the toe (or averaging zone) uses. */
export function usedLayers(setup: PileSetup, e: Evaluation): number[] {
  const { ctx } = setup;
  const { model } = ctx;
  const first = Math.max(0, layerIndexAt(model, Math.min(ctx.zStart, model.tops[0]!) as Meter));
  // averaging zone around the toe [m NHN]
  const zoneTop = (
    ctx.averaging === null ? e.zToe : Math.min(e.zToe + ctx.averaging.above, model.tops[0]!)
  ) as Meter;
  const zoneBottom = (
    ctx.averaging === null
      ? e.zToe
      : Math.max(e.zToe - ctx.averaging.below, model.bottoms[model.bottoms.length - 1]!)
  ) as Meter;
  const from = Math.min(first, Math.max(0, layerIndexAt(model, zoneTop)));
  const to = Math.max(e.toeLayer, layerIndexAt(model, zoneBottom));
  const out: number[] = [];
  for (let i = from; i <= to; i += 1) out.push(i);
  return out;
}

/** Layers per table id, in first-seen order (for one warning per table). */
function layersByTable(
  layers: readonly number[],
  ids: (i: number) => readonly string[],
): Map<string, number[]> {
  const byTable = new Map<string, number[]>();
  for (const i of layers) {
    for (const id of ids(i)) {
      const list = byTable.get(id);
      if (list === undefined) byTable.set(id, [i]);
      else list.push(i);
    }
  }
  return byTable;
}

/** Layer numbers as the engineer sees them in the profile table (1 = top layer); the model counts from 0. */
const layerNumbers = (indices: readonly number[]): string => indices.map((i) => i + 1).join(',');

const unverifiedOf = (setup: PileSetup) => (i: number) => setup.ctx.model.layers[i]!.unverified;
const clampedOf = (setup: PileSetup) => (i: number) => setup.ctx.model.layers[i]!.clamped;

/**
 * Warnings that make unverified data visible (issue §3): unverified tables and rules, clamped table
 * ranges, pile types without verified tables, missing user values, η validity, curve rules, group rule.
 */
export function transparencyIssues(setup: PileSetup, e: Evaluation): EngineIssue[] {
  const { pile, family, ctx, group } = setup;
  const where = { rowIndex: pile.rowIndex };
  const out: EngineIssue[] = [];
  const layers = usedLayers(setup, e);
  for (const [table, idx] of layersByTable(layers, unverifiedOf(setup))) {
    out.push(
      issue('TABLE_VALUE_UNVERIFIED', 'warning', {
        ...where,
        params: { table, layers: layerNumbers(idx) },
      }),
    );
  }
  for (const [table, idx] of layersByTable(layers, clampedOf(setup))) {
    out.push(
      issue('TABLE_ABOVE_RANGE_CLAMPED', 'warning', {
        ...where,
        params: { table, layers: layerNumbers(idx) },
      }),
    );
  }
  const deepest = layerIndexAt(
    ctx.model,
    // deepest toe level reachable [m NHN]
    Math.max(ctx.top - setup.Lmax, ctx.model.bottoms[ctx.model.bottoms.length - 1]!) as Meter,
  );
  const missing: number[] = [];
  for (let i = 0; i <= deepest; i += 1) {
    if (ctx.model.layers[i]!.isMissingUserValues) missing.push(i);
  }
  if (family.tables === 'user-values') {
    out.push(
      issue('PILE_TYPE_REQUIRES_LAYER_VALUES', 'warning', {
        ...where,
        field: 'PfahlTyp',
        params: { PfahlTyp: pile.PfahlTyp, mapping: family.mapping },
      }),
    );
  } else if (!family.hasVerifiedTables) {
    out.push(
      issue('PILE_TYPE_TABLES_UNVERIFIED', 'warning', {
        ...where,
        field: 'PfahlTyp',
        params: { PfahlTyp: pile.PfahlTyp, mapping: family.mapping },
      }),
    );
  }
  if (missing.length > 0) {
    out.push(
      issue('LAYER_VALUES_MISSING', 'warning', {
        ...where,
        field: 'BodenProfil',
        params: {
          layers: layerNumbers(missing),
          PfahlTyp: pile.PfahlTyp,
          profile: ctx.model.profile.name,
          fields: 'qsk,qbk002,qbk003,qbk01',
        },
      }),
    );
  }
  if (family.etaMaxDiameter !== null && ctx.D > family.etaMaxDiameter) {
    out.push(
      issue('ETA_OUT_OF_VALIDITY', 'warning', {
        ...where,
        field: 'SollDurchmesser',
        params: { value: ctx.D, max: family.etaMaxDiameter },
      }),
    );
  }
  if (family.curve === 'driven') {
    out.push(
      issue('CURVE_RULE_UNVERIFIED', 'warning', {
        ...where,
        params: { rule: 'ssgStar = 0.5 Rs*[MN] + 0.5 <= 1.0 cm', symbol: 's_sg*', limit: 1.0 },
      }),
    );
  } else {
    out.push(
      issue(
        'CURVE_RULE_UNVERIFIED',
        family.tables === 'bored-tables' && family.hasVerifiedTables ? 'info' : 'warning',
        {
          ...where,
          params: { rule: 'ssg = 0.5 Rs[MN] + 0.5 <= 3.0 cm', symbol: 's_sg', limit: 3.0 },
        },
      ),
    );
  }
  if (e.curve !== null && e.curve.ssg > e.curve.sg) {
    out.push(
      issue('SSG_EXCEEDS_SG', 'warning', {
        ...where,
        params: { ssg: e.curve.ssg * 100, sg: e.curve.sg * 100 },
      }),
    );
  }
  if (ctx.averaging !== null) {
    out.push(
      issue('BASE_AVERAGING_ZONE_UNVERIFIED', 'warning', {
        ...where,
        params: { above: ctx.averaging.above, below: ctx.averaging.below },
      }),
    );
  }
  if (
    ctx.averaging !== null &&
    e.zToe - ctx.averaging.below < ctx.model.bottoms[ctx.model.bottoms.length - 1]!
  ) {
    out.push(issue('BASE_AVERAGING_ZONE_TRUNCATED', 'warning', { ...where }));
  }
  out.push(...bearingLayerIssues(setup, e), ...actionIssues(setup, e));
  if (group.kind === 'product-rule') {
    out.push(
      issue('GROUP_RULE_PRODUCT', 'warning', {
        ...where,
        field: 'PfahlAnzahl',
        params: {
          factor: group.factor,
          rows: group.rows,
          columns: group.columns,
          settlementIncrease: 'not applied',
        },
      }),
    );
  }
  if (group.kind === 'analysis-required') {
    out.push(
      issue('GROUP_ANALYSIS_REQUIRED', 'error', {
        ...where,
        field: 'PfahlAnzahl',
        params: { PfahlAnzahl: pile.PfahlAnzahl },
      }),
    );
  }
  if (pile.PfahlAnzahl > 1) {
    out.push(
      issue('GROUP_LOAD_SHARED', 'info', {
        ...where,
        field: 'PfahlAnzahl',
        params: { PfahlAnzahl: pile.PfahlAnzahl },
      }),
    );
  }
  return out;
}

/**
 * Bearing layer below the toe (docs/sources/engine.md §E1.1 rule 6, [U]; no source found): the contiguous `FuszAbsetzbar` layers from the
 * toe down must reach at least 3·D below the toe. The rule is unverified, so it only warns; it does not change the
 * length. A run that ends at the profile bottom is reported as such (the soil below is unknown).
 */
export function bearingLayerIssues(setup: PileSetup, e: Evaluation): EngineIssue[] {
  const { model, D } = setup.ctx;
  if (e.toeLayer < 0 || !model.profile.soil_layers[e.toeLayer]!.FuszAbsetzbar) return [];
  let i = e.toeLayer;
  const last = model.bottoms.length - 1;
  while (
    i < last &&
    (model.profile.soil_layers[i + 1]!.FuszAbsetzbar || model.tops[i + 1] === model.bottoms[i + 1])
  ) {
    i += 1;
  }
  const thickness = e.zToe - model.bottoms[i]!;
  const required = 3 * D;
  if (thickness >= required - LEVEL_EPS) return [];
  return [
    issue('BEARING_LAYER_THIN_BELOW_TOE', 'warning', {
      rowIndex: setup.pile.rowIndex,
      params: {
        thickness,
        required,
        reachesProfileBottom: i === last,
        rule: 'bearing layer >= 3 D below the toe [U, EA-Pfaehle 5.4 not verified]',
      },
    }),
  ];
}

/**
 * Actions the engine cannot or only partly verify: negative skin friction from `tauNk` (docs/sources/engine.md §E6.4 [U]) and the
 * uplift soil-body check of tension piles and tension-pile groups (GGU [S3], EN 1997-1 7.6.3.1: body geometry and
 * DIN 1054 UPL factors not sourced → not performed, ADR 0101).
 */
function actionIssues(setup: PileSetup, e: Evaluation): EngineIssue[] {
  const { ctx, pile } = setup;
  const out: EngineIssue[] = [];
  if (ctx.model.hasNegativeSkinFriction) {
    const layers = ctx.model.qNeg.flatMap((q, i) => (q > 0 ? [i] : []));
    out.push(
      issue('NEGATIVE_SKIN_FRICTION_UNVERIFIED', 'warning', {
        rowIndex: pile.rowIndex,
        params: {
          Fn: e.Fn,
          layers: layerNumbers(layers),
          rule: 'F_n = pi D sum(tauNk t) above the toe, + gamma_G F_n on E_d, no positive skin friction in tauNk layers',
        },
      }),
    );
  }
  if (ctx.EdMin < 0) {
    // Not performed (ADR 0018, ADR 0101): the uplift of the soil body attached to a tension pile or a tension-pile
    // group (EN 1997-1 7.6.3.1 with Figure 7.2 and the UPL format 2.4.7.4; DIN 1054 A 7.6.3) needs the body
    // geometry and the DIN 1054 UPL partial factors and model factor; neither was found in a citable source
    // (docs/sources/engine.md §E2.4, §E6.3; GGU [S3] shows the cone only as a figure). The warning names what the engineer must
    // verify separately; the group block is called out when the row stands for several piles.
    out.push(
      issue('UPLIFT_CONE_NOT_COVERED', 'warning', {
        rowIndex: pile.rowIndex,
        field: 'AlternativeDesignMinLastZ',
        params: {
          EdMin: ctx.EdMin,
          PfahlAnzahl: pile.PfahlAnzahl,
          isGroup: pile.PfahlAnzahl > 1,
          rule: 'soil-body uplift (EN 1997-1 7.6.3.1 / 2.4.7.4 UPL, DIN 1054 A 7.6.3) not verified - check separately',
        },
      }),
    );
  }
  return out;
}
