import { App } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../lib/notify/useNotify';
import { projectsApi } from '../projects/api';
import type { ConflictState } from './state/useWorkbookStore';

/**
 * "Keep mine" after a version conflict: my workbook is saved as a copy of the project (under the copy's
 * own unique name) and the workspace moves to that copy without asking to leave (`allowLeaveRef`).
 */
export const useConflictCopy = (
  companyId: number,
  projectId: number,
  conflict: ConflictState | null,
  allowLeaveRef: RefObject<boolean>,
) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const keepMine = async () => {
    if (!conflict) return;
    setBusy(true);
    try {
      const copy = (await projectsApi.copy(companyId, [projectId])).data.results[0];
      if (!copy) throw new Error('copy returned no project');
      // the copy has its own (unique) name; the rest of the workbook is mine
      const mine = conflict.mine;
      await projectsApi.saveWorkbook(companyId, copy.id, {
        ...mine,
        settings: { ...mine.settings, name: copy.name },
        version: copy.version,
      });
      void message.success(t('workspace.conflict.copied', { name: copy.name }));
      allowLeaveRef.current = true;
      void navigate(`/projects/${copy.id}`);
    } catch (error) {
      notify.failure(error, t('workspace.conflict.keepMine'));
    } finally {
      setBusy(false);
    }
  };

  return { busy, keepMine };
};
