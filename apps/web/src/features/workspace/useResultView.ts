import type { Workbook } from '@pfahlplaner/contracts';
import type { EngineIssue, ProjectResult } from '@pfahlplaner/engine';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format/number-format';
import type { ResultMode } from '../grid/CatalogueGrid';
import { usePreferences } from '../preferences/usePreferences';
import { useLivePreview } from './panels';
import { issueText, type Translator } from './panels/utils/issue-text';
import { usePileDetail } from './pile-detail';
import { alignPileResults, pileResultRow, rowIssuesOf } from './results';
import type { Calculation } from './useCalculation';

type ResultViewArgs = {
  companyId: number;
  projectId: number;
  /** The workbook on screen. */
  workbook: Workbook;
  /** Revision of the workbook on screen. */
  revision: number;
  calc: Calculation | null;
  /** Row of the load point open in the detail drawer. */
  detailRow: number | null;
};

/**
 * Which results the workspace shows: the server calculation while it belongs to the workbook on screen,
 * else the live preview, else the stale calculation; with the detail of the load point looked at and the
 * row issues in the user's words.
 */
export const useResultView = ({
  companyId,
  projectId,
  workbook,
  revision,
  calc,
  detailRow,
}: ResultViewArgs) => {
  const { i18n } = useTranslation();
  const piles = workbook.piles;
  const fresh = calc !== null && calc.revision === revision;
  const preview = useLivePreview(workbook, !fresh);
  const [source, mode] = useMemo((): [ProjectResult | null, ResultMode] => {
    if (calc && fresh) return [calc.result, 'fresh'];
    if (preview.result) return [preview.result, 'preview'];
    if (calc) return [calc.result, 'stale'];
    return [null, 'none'];
  }, [calc, fresh, preview.result]);

  // The stored result is compact: the load point shown in the drawer or the load-case panel gets its
  // trace and distributions on demand (ADR 0170).
  const [loadPointName, setLoadPointName] = useState<string | null>(null);
  const sourcePiles = useMemo(() => alignPileResults(piles, source), [piles, source]);
  const wanted = useMemo(() => {
    if (!source) return null;
    const picked =
      detailRow !== null
        ? sourcePiles[detailRow]
        : source.piles.find((p) => loadPointName !== null && p.Pname === loadPointName);
    const index = picked ? source.piles.indexOf(picked) : -1;
    return index >= 0 ? index : null;
  }, [source, sourcePiles, detailRow, loadPointName]);
  const shown = usePileDetail(
    companyId,
    projectId,
    source,
    mode === 'fresh',
    calc?.info.calculated_at ?? null,
    wanted,
  );
  const pileResults = useMemo(() => alignPileResults(piles, shown), [piles, shown]);
  const pileRows = useMemo(() => pileResults.map(pileResultRow), [pileResults]);
  const { decimalSeparator } = usePreferences();
  const translateIssue = useCallback(
    (issue: EngineIssue<string>) =>
      // one text rule for the row tooltips and the detail panel (identifiers in words, advice on failure,
      // numbers with the user's decimal mark as the detail panel writes them)
      issueText(
        {
          language: i18n.language,
          exists: (k) => i18n.exists(k),
          t: i18n.t.bind(i18n) as unknown as Translator['t'],
        },
        issue,
        (value) => formatNumber(value, decimalSeparator, { maxDecimals: 4 }),
      ),
    [i18n, decimalSeparator],
  );
  const rowIssues = useMemo(
    () => rowIssuesOf(pileResults, translateIssue),
    [pileResults, translateIssue],
  );

  return {
    mode,
    source,
    shown,
    isPreviewComputing: preview.isComputing,
    pileResults,
    pileRows,
    rowIssues,
    translateIssue,
    setLoadPointName,
  };
};
