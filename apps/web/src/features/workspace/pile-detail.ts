import type { PileDetail, ProjectResult } from '@pfahlplaner/engine';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { projectsApi } from '../projects/api';

/**
 * The result with the full detail of the load point at `index` in place of its compact entries: its axial
 * result with the trace, and its load rows with distributions (ADR 0170). Rows are matched by index: the
 * detail was computed from the inputs of the stored calculation, whose rows the result has.
 */
export const withPileDetail = (
  result: ProjectResult,
  index: number,
  detail: PileDetail,
): ProjectResult => {
  const loads = new Map(detail.loads.map((l) => [`${l.loadCase}/${l.row}`, l.result]));
  return {
    ...result,
    piles: result.piles.map((pile, i) => (i === index ? detail.pile : pile)),
    horizontal_loadcases: result.horizontal_loadcases.map((c, ci) => ({
      ...c,
      horizontal_loads: c.horizontal_loads.map((row, ri) => loads.get(`${ci}/${ri}`) ?? row),
    })),
  };
};

/**
 * A fresh stored result is compact (no traces, no distributions): for the load point the user looks at
 * (`index` into the result's load points), its detail is fetched from the server and merged in. Other
 * results (the live preview computes everything itself) are returned as they are.
 */
export const usePileDetail = (
  companyId: number,
  projectId: number,
  result: ProjectResult | null,
  isFresh: boolean,
  calculatedAt: string | null,
  index: number | null,
): ProjectResult | null => {
  const enabled =
    result?.isCompact === true &&
    isFresh &&
    index !== null &&
    index >= 0 &&
    index < result.piles.length;
  const detail = useQuery({
    queryKey: ['projects', companyId, projectId, 'pile-detail', calculatedAt, index],
    enabled,
    queryFn: async () => (await projectsApi.pileDetail(companyId, projectId, index ?? 0)).data,
    staleTime: Infinity,
    retry: false,
  });
  return useMemo(
    () =>
      enabled && result !== null && index !== null && detail.data
        ? withPileDetail(result, index, detail.data)
        : result,
    [enabled, result, index, detail.data],
  );
};
