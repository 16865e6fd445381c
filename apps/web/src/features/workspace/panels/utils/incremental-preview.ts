import type { Workbook } from '@pfahlplaner/contracts';
import {
  calculateProject,
  coordinateToes,
  normalizeProject,
  type AxialPileResult,
  type ProjectResult,
} from '@pfahlplaner/engine';

/** What the worker keeps between runs: the inputs and the result of the last run. */
export type PreviewCache = { workbook: Workbook; result: ProjectResult } | null;

/** Message from the worker: a whole result, or the rows that changed since the last message. */
export type PreviewUpdate =
  | { kind: 'full'; result: ProjectResult }
  | {
      kind: 'patch';
      piles: [number, AxialPileResult][];
      soil_profiles: ProjectResult['soil_profiles'];
    };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const EPS = 1e-9;

/**
 * The preview is the axial calculation only: the load cases (lateral analysis and section design) are
 * left to the server calculation, so that a keystroke never waits for them (ADR 0065).
 */
const AXIAL_ONLY = { horizontalLoadCases: 'skip' } as const;

const full = (workbook: Workbook): { cache: PreviewCache; update: PreviewUpdate } => {
  const result = calculateProject(workbook, AXIAL_ONLY);
  return { cache: { workbook, result }, update: { kind: 'full', result } };
};

/** Row → result of a sub-project row, with row indices and issue paths moved back to the whole project. */
const moveRow = (r: AxialPileResult, from: number, to: number): AxialPileResult => ({
  ...r,
  rowIndex: to,
  issues: r.issues.map((x) => ({
    ...x,
    ...(x.rowIndex === from ? { rowIndex: to } : {}),
    ...(x.path?.startsWith(`piles[${from}]`)
      ? { path: x.path.replace(`piles[${from}]`, `piles[${to}]`) }
      : {}),
  })),
});

/** Rows whose toe coordination changes after editing `changed` (plus their governing chains). */
const coordinatedSubset = (
  workbook: Workbook,
  cache: NonNullable<PreviewCache>,
  changed: number[],
): number[] | null => {
  const s = normalizeProject({ ...workbook, piles: [], horizontal_loadcases: [] }).project.settings;
  const isStepping = s.FuszBeeinfluszung !== 0;
  if (s.AchsabstandGleicherTiefe <= 0 && !isStepping) return changed;
  const alone = calculateProject(
    {
      ...workbook,
      settings: { ...workbook.settings, AchsabstandGleicherTiefe: 0, FuszBeeinfluszung: 0 },
      piles: changed.map((i) => workbook.piles[i]),
    },
    AXIAL_ONLY,
  ).piles;
  const aloneOf = new Map(changed.map((i, k) => [i, alone[k]!]));
  const members: number[] = [];
  const points = workbook.piles.flatMap((p, i) => {
    const r = aloneOf.get(i) ?? cache.result.piles[i]!;
    const tr = r.trace;
    if (tr === null || r.laenge_ohne === null || p.Rechtswert === null || p.Hochwert === null) {
      return [];
    }
    members.push(i);
    return [
      {
        x: p.Rechtswert,
        y: p.Hochwert,
        toe: tr.inputs.top - r.laenge_ohne,
        lowestToe: tr.inputs.top - tr.inputs.Lmax,
      },
    ];
  });
  const toes = coordinateToes(
    points,
    s.AchsabstandGleicherTiefe,
    s.Beeinflussungsweite,
    s.AbtreppungsWinkelRad,
    isStepping,
  );
  const affected = new Set(changed);
  const governor = new Map<number, number>();
  members.forEach((i, k) => {
    const c = toes[k]!;
    const old = cache.result.piles[i]!.trace?.toeCoordination;
    const gov = c.governedBy === null ? null : members[c.governedBy]!;
    if (gov !== null) governor.set(i, gov);
    const oldToe = old?.toeCoordinated ?? null;
    const govName = gov === null ? null : workbook.piles[gov]!.Pname;
    if (
      oldToe === null ||
      Math.abs(oldToe - c.toe) > EPS ||
      (old?.governedBy ?? null) !== govName
    ) {
      affected.add(i);
    }
  });
  // The shortest-path chain of every affected row must be in the sub-project for its toe to come out equal.
  const subset = new Set<number>();
  for (const i of affected) {
    for (let k: number | undefined = i; k !== undefined && !subset.has(k); k = governor.get(k)) {
      subset.add(k);
    }
  }
  return [...subset].sort((a, b) => a - b);
};

/** Nachweisgruppe numbering of the engine (assemble.ts) over merged rows, from the traced inputs. */
const renumberGroups = (workbook: Workbook, piles: AxialPileResult[]): AxialPileResult[] => {
  const groups = new Map<string, number>();
  return piles.map((r, i) => {
    if (r.trace === null || r.laenge_mit === null) {
      return r.Nachweisgruppe === null ? r : { ...r, Nachweisgruppe: null };
    }
    const p = workbook.piles[i]!;
    const t = r.trace.inputs;
    const key = JSON.stringify([
      r.trace.PfahlTyp,
      t.D,
      p.BodenProfil?.trim(),
      t.top,
      t.drillLevel,
      r.IstLaenge,
      t.skinShare,
      p.PfahlAnzahl ?? 1,
      p.PfahlAchsAbstandxD ?? 3,
    ]);
    if (!groups.has(key)) groups.set(key, groups.size + 1);
    const n = groups.get(key)!;
    return r.Nachweisgruppe === n ? r : { ...r, Nachweisgruppe: n };
  });
};

/** First calculated row per profile (the row the engine reports used q values for), -1 if none. */
const firstUsers = (workbook: Workbook, piles: readonly AxialPileResult[]): number[] =>
  workbook.soil_profiles.map((profile) =>
    piles.findIndex(
      (r, i) => r.trace !== null && workbook.piles[i]?.BodenProfil?.trim() === profile.name,
    ),
  );

/** Recalculates `subset` as a sub-project and merges it into the cached result. */
const patchRows = (workbook: Workbook, cache: NonNullable<PreviewCache>, subset: number[]) => {
  // Load cases stay in: the axial loads of a row may come from them (LOAD_FROM_LOADCASE).
  const sub = calculateProject(
    { ...workbook, piles: subset.map((i) => workbook.piles[i]) },
    AXIAL_ONLY,
  );
  const merged = [...cache.result.piles];
  subset.forEach((i, k) => (merged[i] = moveRow(sub.piles[k]!, k, i)));
  const piles = renumberGroups(workbook, merged);
  const inSubset = new Set(subset);
  const before = firstUsers(cache.workbook, cache.result.piles);
  const after = firstUsers(workbook, piles);
  const missing: number[] = [];
  const soil_profiles = cache.result.soil_profiles.map((usage, p) => {
    const row = after[p]!;
    if (row >= 0 && inSubset.has(row)) return sub.soil_profiles[p]!;
    if (row !== before[p] && row >= 0) missing.push(row);
    return usage;
  });
  // A profile no longer used by any calculated row: the engine reports it without values.
  const unused = soil_profiles.map((u, p) =>
    after[p]! < 0 && before[p]! >= 0 ? emptyUsage(u) : u,
  );
  return { piles, soil_profiles: unused, missing };
};

const emptyUsage = (
  u: ProjectResult['soil_profiles'][number],
): ProjectResult['soil_profiles'][number] => ({
  ...u,
  PfahlTyp: null,
  soil_layers: u.soil_layers.map((l) => ({
    rowIndex: l.rowIndex,
    usedQsk: null,
    usedQbk002: null,
    usedQbk003: null,
    usedQbk01: null,
  })),
});

/**
 * Live-preview calculation. After an edit of load-point rows only (settings, profiles, load cases, row
 * count and names unchanged; `changedRows` when the caller already knows which rows changed) it recalculates just the edited rows plus the rows whose toe coordination
 * changes (with their governing chains) and patches the cached result; anything else is a full run.
 * The patched result equals `calculateProject(workbook)` (tested).
 */
export const computePreview = (
  cache: PreviewCache,
  workbook: Workbook,
  /** Indices of the only rows that differ from the cached workbook (the caller knows; skips the diff). */
  changedRows?: readonly number[],
): { cache: PreviewCache; update: PreviewUpdate } => {
  if (cache === null) return full(workbook);
  if (
    changedRows === undefined &&
    (cache.workbook.piles.length !== workbook.piles.length ||
      !same(cache.workbook.settings, workbook.settings) ||
      !same(cache.workbook.soil_profiles, workbook.soil_profiles) ||
      !same(cache.workbook.horizontal_loadcases, workbook.horizontal_loadcases))
  ) {
    return full(workbook);
  }
  if (new Set(workbook.soil_profiles.map((p) => p.name)).size !== workbook.soil_profiles.length) {
    return full(workbook);
  }
  const changed =
    changedRows !== undefined
      ? [...changedRows].sort((a, b) => a - b)
      : workbook.piles.flatMap((p, i) => (same(p, cache.workbook.piles[i]) ? [] : [i]));
  if (changed.some((i) => workbook.piles[i]!.Pname !== cache.workbook.piles[i]!.Pname)) {
    return full(workbook);
  }
  if (changed.length === 0) {
    return {
      cache: { workbook, result: cache.result },
      update: { kind: 'patch', piles: [], soil_profiles: cache.result.soil_profiles },
    };
  }
  const subset = coordinatedSubset(workbook, cache, changed);
  if (subset === null) return full(workbook);
  let run = patchRows(workbook, cache, subset);
  if (run.missing.length > 0) {
    // A profile's first calculated row moved to a row outside the subset: calculate that row too.
    run = patchRows(
      workbook,
      cache,
      [...new Set([...subset, ...run.missing])].sort((a, b) => a - b),
    );
  }
  if (run.missing.length > 0) return full(workbook);
  const { piles, soil_profiles } = run;
  const result: ProjectResult = { ...cache.result, piles, soil_profiles };
  const patch = piles.flatMap((r, i): [number, AxialPileResult][] =>
    r === cache.result.piles[i] ? [] : [[i, r]],
  );
  return {
    cache: { workbook, result },
    update: { kind: 'patch', piles: patch, soil_profiles: result.soil_profiles },
  };
};

/** Applies a worker update to the result the page shows (null before the first full result). */
export const applyPreviewUpdate = (
  current: ProjectResult | null,
  update: PreviewUpdate,
): ProjectResult | null => {
  if (update.kind === 'full') return update.result;
  if (current === null) return null;
  if (update.piles.length === 0 && update.soil_profiles === current.soil_profiles) return current;
  const piles = [...current.piles];
  for (const [i, r] of update.piles) piles[i] = r;
  return { ...current, piles, soil_profiles: update.soil_profiles };
};
