import type { ImportApplyResult, ImportKind, ImportPreview } from '@pfahlplaner/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Space, Tooltip } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { useCurrentUser } from '../auth/session';
import { filesApi } from './files-api';
import { checkImportFile, IMPORT_ACCEPT, previewOfError } from './import-file-check';
import { ImportPreviewDialog } from './ImportPreviewDialog';
import { ImportUndoButton, rememberImport } from './ImportUndoButton';
import { percentOf, type Progress as TransferProgress } from './transfer';

export type ImportButtonProps = {
  companyId: number;
  projectId: number;
  /** Current project version (optimistic lock of the apply and the undo). */
  version: number;
  /** Which files the picker offers: `excel` (.xls/.xlsx), `xml`, or `any` (default). */
  kind?: ImportKind;
  disabled?: boolean;
  /** The workbook was replaced: reload the project (its new version is in `result.version`). */
  onImported?: (result: ImportApplyResult) => void;
  /** The import was undone: reload the project. */
  onUndone?: (result: ImportApplyResult) => void;
  /** Button label override (default: "Import"). */
  label?: string;
  /**
   * Shows "Undo import" next to the button (default). A page with several import buttons for one project
   * turns it off and mounts one `ImportUndoButton` itself.
   */
  withUndo?: boolean;
};

/**
 * "Import" in the workspace toolbar and on the files page: file picker (.xls/.xlsx/.xml), upload with
 * progress, the preview dialog, apply, and "Undo import" while the server would accept it — also after a
 * reload (`ImportUndoButton`). Guests never see it enabled (the server refuses them too).
 */
export const ImportButton = ({
  companyId,
  projectId,
  version,
  kind = 'any',
  disabled,
  onImported,
  onUndone,
  label,
  withUndo = true,
}: ImportButtonProps) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [busy, setBusy] = useState<'upload' | 'apply' | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const isGuest = user?.role === 'Guest';

  const fail = (error: unknown, context: string) => {
    // A file that could not be read or has errors comes back with its issues: show them in the dialog.
    const refused = previewOfError(error);
    if (refused) setPreview(refused);
    else notify.failure(error, context);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const problem = checkImportFile(picked, kind);
    if (problem) {
      notify.failure(problem, t('files.import.failed'));
      return;
    }
    setFile(picked);
    setBusy('upload');
    setProgress({ loaded: 0, total: picked.size });
    try {
      setPreview(await filesApi.previewImport(companyId, projectId, picked, kind, setProgress));
    } catch (error) {
      fail(error, t('files.import.failed'));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy('apply');
    try {
      const result = await filesApi.applyImport(
        companyId,
        projectId,
        file,
        kind,
        version,
        setProgress,
      );
      setPreview(null);
      setFile(null);
      rememberImport(queryClient, companyId, projectId, result);
      notify.success(200, t('files.import.applied'));
      onImported?.(result);
    } catch (error) {
      fail(error, t('files.import.failed'));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const percent = percentOf(progress);
  const button = (
    <Button
      onClick={() => input.current?.click()}
      disabled={disabled || isGuest || busy !== null}
      loading={busy === 'upload'}
      data-testid="import-button"
    >
      {label ?? t('files.import.button')}
    </Button>
  );
  return (
    <Space size="small" wrap>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT[kind]}
        style={{ display: 'none' }}
        onChange={(e) => void onPick(e)}
        data-testid="import-input"
      />
      {isGuest ? <Tooltip title={t('error.GUEST_READ_ONLY')}>{button}</Tooltip> : button}
      {busy === 'upload' && (
        <span data-testid="import-progress" style={{ minWidth: 160, display: 'inline-block' }}>
          <Progress
            size="small"
            percent={percent ?? 100}
            status="active"
            format={() =>
              percent === null || percent >= 100 ? t('files.import.reading') : `${percent} %`
            }
          />
        </span>
      )}
      {withUndo && (
        <ImportUndoButton
          companyId={companyId}
          projectId={projectId}
          version={version}
          onUndone={onUndone}
        />
      )}
      <ImportPreviewDialog
        open={preview !== null}
        preview={preview}
        applying={busy === 'apply'}
        applyProgress={busy === 'apply' ? percent : null}
        onApply={() => void apply()}
        onCancel={() => {
          setPreview(null);
          setFile(null);
        }}
      />
    </Space>
  );
};

export default ImportButton;
