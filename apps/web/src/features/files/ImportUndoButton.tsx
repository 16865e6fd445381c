import type { ImportApplyResult, ImportUndoStatus } from '@pfahlplaner/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { useCurrentUser } from '../auth/session';
import { filesApi } from './files-api';

/** Query key of a project's import-undo status (shared by every import button of the project). */
export const importUndoKey = (companyId: number, projectId: number) =>
  ['files', 'import-undo', companyId, projectId] as const;

const NOTHING: ImportUndoStatus = {
  available: false,
  undo_until: null,
  imported_version: null,
  reason: 'none',
};

/** After an apply or an undo: the status the server now has, without asking it again. */
export const rememberImport = (
  queryClient: QueryClient,
  companyId: number,
  projectId: number,
  result: ImportApplyResult | null,
): void => {
  queryClient.setQueryData<ImportUndoStatus>(
    importUndoKey(companyId, projectId),
    result?.undo_until
      ? {
          available: true,
          undo_until: result.undo_until,
          imported_version: result.version,
          reason: null,
        }
      : NOTHING,
  );
};

export type ImportUndoButtonProps = {
  companyId: number;
  projectId: number;
  /** Current project version: the undo is offered only while it is the version the import produced. */
  version: number;
  /** The import was undone: reload the project. */
  onUndone?: (result: ImportApplyResult) => void;
};

/**
 * "Undo import" while the server would accept it (ADR 0063): the status comes from
 * `GET …/import-file/undo/`, so the action is back after a page reload; it disappears when the window
 * ends or the project is changed (its version moves past the imported one). Never shown to guests.
 */
export const ImportUndoButton = ({
  companyId,
  projectId,
  version,
  onUndone,
}: ImportUndoButtonProps) => {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const isGuest = user?.role === 'Guest';
  const status = useQuery({
    queryKey: importUndoKey(companyId, projectId),
    queryFn: () => filesApi.undoStatus(companyId, projectId),
    enabled: user !== undefined && !isGuest,
    retry: false,
    staleTime: 30_000,
  });
  const [busy, setBusy] = useState(false);
  /** The `undo_until` whose moment has passed (the timer below); the action is hidden from then on. */
  const [ended, setEnded] = useState<string | null>(null);
  const until = status.data?.available ? status.data.undo_until : null;

  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setEnded(until), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);

  const canUndo =
    !isGuest && until !== null && until !== ended && status.data?.imported_version === version;
  if (!canUndo) return null;

  const undo = async () => {
    setBusy(true);
    try {
      const result = await filesApi.undoImport(companyId, projectId, version);
      rememberImport(queryClient, companyId, projectId, null);
      notify.success(200, t('files.import.undone'));
      onUndone?.(result);
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'IMPORT_UNDO_UNAVAILABLE' || error.code === 'IMPORT_UNDO_EXPIRED')
      ) {
        void queryClient.invalidateQueries({ queryKey: importUndoKey(companyId, projectId) });
      }
      notify.failure(error, t('files.import.undoFailed'));
    } finally {
      setBusy(false);
    }
  };

  const time = new Date(until).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <Tooltip title={t('files.import.undoUntil', { time })}>
      <Button onClick={() => void undo()} loading={busy} data-testid="import-undo">
        {t('files.import.undo')}
      </Button>
    </Tooltip>
  );
};
