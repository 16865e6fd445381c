import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';
import type { Evaluation } from './evaluate';
import type { PileSetup } from './pile-setup';
import { layerIndexAt } from './profile-model';

/** Indices of the layers the shaft passes through and the toe (or averaging zone) uses. */
export function usedLayers(setup: PileSetup, e: Evaluation): number[] {
  const { ctx } = setup;
  const { model } = ctx;
  const first = Math.max(0, layerIndexAt(model, Math.min(ctx.zStart, model.tops[0]!)));
  const zoneTop =
    ctx.averaging === null ? e.zToe : Math.min(e.zToe + ctx.averaging.above, model.tops[0]!);
  const zoneBottom =
    ctx.averaging === null
      ? e.zToe
      : Math.max(e.zToe - ctx.averaging.below, model.bottoms[model.bottoms.length - 1]!);
  const from = Math.min(first, Math.max(0, layerIndexAt(model, zoneTop)));
  const to = Math.max(e.toeLayer, layerIndexAt(model, zoneBottom));
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}

/**
 * Warnings that make unverified data visible (issue §3): unverified tables and rules, clamped table
 * ranges, pile types without verified tables, missing user values, η validity, curve rules, group rule.
 */
export function transparencyIssues(setup: PileSetup, e: Evaluation): EngineIssue[] {
  const { pile, family, ctx, group } = setup;
  const where = { rowIndex: pile.rowIndex };
  const out: EngineIssue[] = [];
  const layers = usedLayers(setup, e);
  const collect = (pick: (i: number) => string[]) => {
    const byTable = new Map<string, number[]>();
    for (const i of layers) {
      for (const id of pick(i)) byTable.set(id, [...(byTable.get(id) ?? []), i]);
    }
    return byTable;
  };
  for (const [table, idx] of collect((i) => ctx.model.layers[i]!.unverified)) {
    out.push(
      issue('TABLE_VALUE_UNVERIFIED', 'warning', {
        ...where,
        params: { table, layers: idx.join(',') },
      }),
    );
  }
  for (const [table, idx] of collect((i) => ctx.model.layers[i]!.clamped)) {
    out.push(
      issue('TABLE_ABOVE_RANGE_CLAMPED', 'warning', {
        ...where,
        params: { table, layers: idx.join(',') },
      }),
    );
  }
  const deepest = layerIndexAt(
    ctx.model,
    Math.max(ctx.top - setup.Lmax, ctx.model.bottoms[ctx.model.bottoms.length - 1]!),
  );
  const reachable = Array.from({ length: Math.max(0, deepest + 1) }, (_, i) => i);
  const missing = reachable.filter((i) => ctx.model.layers[i]!.isMissingUserValues);
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
        params: { layers: missing.join(','), PfahlTyp: pile.PfahlTyp },
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
  if (pile.PfahlTyp === 'c') {
    out.push(
      issue('EQUIVALENT_DIAMETER_ASSUMED', 'info', {
        ...where,
        field: 'SollDurchmesser',
        params: { rule: 'circular D_eq; square a: D_eq = 1.128 a' },
      }),
    );
  }
  if (family.curve === 'driven') {
    out.push(
      issue('CURVE_RULE_UNVERIFIED', 'warning', {
        ...where,
        params: { rule: 'ssgStar = 0.5 Rs*[MN] + 0.5 <= 1.0 cm' },
      }),
    );
  } else {
    out.push(
      issue(
        'CURVE_RULE_UNVERIFIED',
        family.tables === 'bored-tables' && family.hasVerifiedTables ? 'info' : 'warning',
        { ...where, params: { rule: 'ssg = 0.5 Rs[MN] + 0.5 <= 3.0 cm' } },
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
