import type { ProjectResult } from '@pfahlplaner/engine';
import type { Workbook } from '@pfahlplaner/contracts';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { projectsApi, type CalculationInfo } from '../projects/api';
import type { SaveProblem } from './UnsavedNotice';

export type Calculation = {
  result: ProjectResult;
  info: CalculationInfo;
  workbook: Workbook | null;
  /** Workbook revision the results belong to (-1: stale from the start). */
  revision: number;
};

export type StoredCalculation = { result: ProjectResult; calculation: CalculationInfo };

type CalculationArgs = {
  companyId: number;
  projectId: number;
  /** The stored result the project opened with. */
  lastResult: StoredCalculation | null;
  /** Revision of the workbook on screen. */
  revision: number;
  saveNow: () => Promise<void>;
  hasUnsaved: () => boolean;
  /** Why the workbook is not saved, named when the calculation is refused. */
  saveProblems: readonly SaveProblem[];
  /** The server calculated: the project's stored state is fresh. */
  onCalculated: () => void;
};

/**
 * The server calculation of the workspace: the last result with the revision it belongs to, the chosen
 * calculation server, and `calculate` (save first, then calculate the stored state).
 */
export const useCalculation = ({
  companyId,
  projectId,
  lastResult,
  revision,
  saveNow,
  hasUnsaved,
  saveProblems,
  onCalculated,
}: CalculationArgs) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const revisionRef = useRef(revision);
  useLayoutEffect(() => {
    revisionRef.current = revision;
  }, [revision]);

  const [calc, setCalc] = useState<Calculation | null>(() =>
    lastResult
      ? {
          result: lastResult.result,
          info: lastResult.calculation,
          workbook: null,
          revision: lastResult.calculation.stale ? -1 : 0,
        }
      : null,
  );
  const [calculating, setCalculating] = useState<number | null>(null);
  const [server, setServer] = useState<string | undefined>(undefined);

  const servers = useQuery({
    queryKey: ['calculation-servers'],
    queryFn: async () => (await projectsApi.calculationServers()).data,
    staleTime: 5 * 60_000,
  });
  const serverId = server ?? servers.data?.find((s) => s.is_default)?.id ?? 'local';

  const calculate = async () => {
    const started = Date.now();
    setCalculating(0);
    const tick = setInterval(() => setCalculating(Math.round((Date.now() - started) / 1000)), 500);
    try {
      await saveNow();
      if (hasUnsaved()) {
        // never calculate the stored state while the screen shows another (ADR 0142)
        void message.error({
          key: 'calc',
          content: (
            <span data-testid="calc-refused">
              {t('entry.calc.refused')} {saveProblems.map((p) => p.text).join(' ')}
            </span>
          ),
        });
        return;
      }
      const calculatedRevision = revisionRef.current;
      const { data } = await projectsApi.calculate(companyId, projectId, serverId);
      setCalc({
        result: data.result,
        info: data.calculation,
        workbook: data.workbook,
        revision: calculatedRevision,
      });
      onCalculated();
      void message.success({ content: t('workspace.calc.done'), key: 'calc' });
    } catch (error) {
      notify.failure(error, t('workspace.calc.button'));
    } finally {
      clearInterval(tick);
      setCalculating(null);
    }
  };

  /** The workbook was replaced (import, reload): the shown results no longer belong to it. */
  const markStale = () => setCalc((c) => (c ? { ...c, revision: -1 } : c));

  return {
    calc,
    calculating,
    calculate,
    markStale,
    servers: servers.data,
    serversLoading: servers.isLoading,
    serverId,
    setServer,
  };
};
