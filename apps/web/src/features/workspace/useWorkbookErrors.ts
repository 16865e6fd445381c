import {
  findWorkbookRuleViolations,
  formatIssuePath,
  type ErrorCode,
  type ErrorDetail,
  type Plan,
} from '@pfahlplaner/contracts';
import { useMemo } from 'react';
import type { WorkbookDoc } from './state/workbook-reducer';
import { useSaveProblems, violationSources } from './UnsavedNotice';

/**
 * What keeps the workbook from being saved: the cross-row and plan rules (known here, so a refusal shows
 * before the save is even tried) and the server's refusal — as texts for the notice and as error codes by
 * wire path for the grids.
 */
export const useWorkbookErrors = (
  doc: WorkbookDoc,
  plan: Plan,
  serverErrors: ReadonlyMap<string, ErrorCode>,
  refusal: readonly ErrorDetail[],
) => {
  const ruleErrors = useMemo(() => findWorkbookRuleViolations(doc, { plan }), [doc, plan]);
  const saveProblems = useSaveProblems(
    [...violationSources(ruleErrors), ...refusal],
    doc.soil_profiles,
  );
  const errors = useMemo(() => {
    const map = new Map<string, ErrorCode>(serverErrors);
    for (const violation of ruleErrors) map.set(formatIssuePath(violation.path), violation.code);
    return map;
  }, [serverErrors, ruleErrors]);
  return { saveProblems, errors };
};
