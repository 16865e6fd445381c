import type { HorizontalLoadCase, PileRow, SoilProfile, Workbook } from '@pfahlplaner/contracts';
import type { AxialPileResult, EngineIssue, ProjectResult } from '@pfahlplaner/engine';
import type { RowIssue } from '../grid/CatalogueGrid';
import type { PilePlot } from './panels';

/**
 * The engine result of each load point, aligned with the rows: by `Pname` when it names exactly one
 * result (rows may have moved since the calculation); unnamed rows by row index, when the result there
 * is unnamed too (so a moved named result is never shown twice).
 */
export const alignPileResults = (
  piles: readonly PileRow[],
  result: ProjectResult | null,
): (AxialPileResult | null)[] => {
  if (!result) return piles.map(() => null);
  const byName = new Map<string, AxialPileResult | null>();
  for (const pile of result.piles) {
    const name = pile.Pname?.trim();
    if (!name) continue;
    byName.set(name, byName.has(name) ? null : pile); // null: ambiguous name
  }
  const byIndex = new Map(result.piles.map((pile) => [pile.rowIndex, pile]));
  return piles.map((row, index) => {
    const name = row.Pname?.trim();
    const named = name ? byName.get(name) : undefined;
    if (named) return named;
    if (named === null) return byIndex.get(index) ?? null;
    if (name) return null;
    // an unnamed row takes the result of its index only when that result is unnamed too
    const atIndex = byIndex.get(index);
    return atIndex && !atIndex.Pname?.trim() ? atIndex : null;
  });
};

/** A result with an error (no valid pile): its numbers belong to no length that passed the checks. */
export const isFailedResult = (
  result: { issues: readonly { severity: string }[] } | null,
): boolean => result !== null && result.issues.some((issue) => issue.severity === 'error');

/**
 * A pile result as a row of result columns (wire names). A failed row shows no result numbers (no R_d,
 * no length at the profile bottom): its cells stay empty and the row marker says why (ADR 0146).
 */
export const pileResultRow = (result: AxialPileResult | null): Record<string, unknown> | null =>
  result && !isFailedResult(result) ? result : null;

type TranslateIssue = (issue: EngineIssue<string>) => string;

// Per translate function (i.e. per language): the texts by code and parameters, and the rows by result
// object. After a one-row edit the preview and the alignment hand back mostly known objects and codes, so
// 2,000 rows are not translated again on every keystroke (ADR 0060).
const textCache = new WeakMap<TranslateIssue, Map<string, string>>();
/** A result of one row with its issues: a load point's or a load-case row's. */
type WithIssues = { readonly issues: readonly EngineIssue<string>[] };
const rowCache = new WeakMap<TranslateIssue, WeakMap<WithIssues, RowIssue[] | undefined>>();

const cached = <K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V => {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
};

/** Translated issues of each row (failed rows: severity error; warnings such as unverified tables). */
export const rowIssuesOf = (
  results: readonly (WithIssues | null | undefined)[],
  translate: TranslateIssue,
): (RowIssue[] | undefined)[] => {
  const texts = cached(textCache, translate, () => new Map<string, string>());
  const rows = cached(rowCache, translate, () => new WeakMap<WithIssues, RowIssue[] | undefined>());
  const textOf = (issue: EngineIssue<string>): string => {
    const key = `${issue.code}|${JSON.stringify(issue.params)}`;
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(issue);
      texts.set(key, text);
    }
    return text;
  };
  return results.map((result) => {
    if (!result || result.issues.length === 0) return undefined;
    if (rows.has(result)) return rows.get(result);
    const issues = result.issues
      .filter((issue) => issue.severity !== 'info')
      .map((issue) => ({ severity: issue.severity, text: textOf(issue) }));
    rows.set(result, issues);
    return issues;
  });
};

/** Used q values of a profile's layers from the calculation, aligned with its layers. */
export const layerResultRows = (
  profile: SoilProfile,
  result: ProjectResult | null,
): (Record<string, unknown> | null)[] => {
  const usage = result?.soil_profiles.find((p) => p.name === profile.name);
  return profile.soil_layers.map((_layer, index) => {
    const layer = usage?.soil_layers.find((l) => l.rowIndex === index);
    return layer ? { ...layer, PfahlTyp: usage?.PfahlTyp ?? null } : null;
  });
};

/** Result values of a load case's rows from the calculated workbook (same case name, same row). */
export const loadResultRows = (
  loadCase: HorizontalLoadCase,
  calculated: Workbook | null,
): (Record<string, unknown> | null)[] | undefined => {
  const source = calculated?.horizontal_loadcases.find((c) => c.name === loadCase.name);
  if (!source) return undefined;
  return loadCase.horizontal_loads.map(
    (_row, index) =>
      (source.horizontal_loads[index] as Record<string, unknown> | undefined) ?? null,
  );
};

/**
 * The engine results of a load case's rows (same case name, same row), for the row markers: a row the lateral
 * analysis could not calculate says why in the grid, not only in the panel below (ADR 0144).
 */
export const loadRowResults = (
  loadCase: HorizontalLoadCase,
  result: ProjectResult | null,
): (WithIssues | null)[] => {
  const source = result?.horizontal_loadcases.find((c) => c.name === loadCase.name);
  return loadCase.horizontal_loads.map((_row, index) => source?.horizontal_loads[index] ?? null);
};

/** The load points drawn in a soil profile: the rows that use it, with their toe after calculation. */
export const pilesInProfile = (
  profile: SoilProfile,
  piles: readonly PileRow[],
  results: readonly (AxialPileResult | null)[],
): PilePlot[] =>
  piles.flatMap((pile, index) =>
    pile.BodenProfil?.trim() === profile.name.trim() && pile.SollPfahlOberKante != null
      ? [
          {
            Pname: pile.Pname ?? String(index + 1),
            topLevel: pile.SollPfahlOberKante,
            // a failed row has no toe (its best trial length is no result)
            toeLevel: isFailedResult(results[index] ?? null)
              ? null
              : (results[index]?.Soll_UK_Pfahl ?? null),
            diameter: pile.SollDurchmesser ?? 0,
          },
        ]
      : [],
  );
