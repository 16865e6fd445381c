import type { ImportPreview, ImportProjectResult } from '@pfahlplaner/contracts';
import { PROJECT_NAME_MAX } from '@pfahlplaner/contracts';
import { Alert, Button, Form, Input, Modal, Progress, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { filesApi } from '../files/files-api';
import { checkImportFile, IMPORT_ACCEPT, previewOfError } from '../files/import-file-check';
import { ImportPreviewDialog } from '../files/ImportPreviewDialog';
import { percentOf, type OnProgress, type Progress as TransferProgress } from '../files/transfer';

/**
 * The two requests of "import a project" (injectable so the dialog can be tested without a network):
 * the company-level preview and the apply that creates the project with the file in one transaction.
 */
export type ProjectImportOps = {
  preview: (
    companyId: number,
    file: File,
    name: string,
    onProgress: OnProgress,
  ) => Promise<ImportPreview>;
  apply: (
    companyId: number,
    file: File,
    name: string,
    onProgress: OnProgress,
  ) => Promise<ImportProjectResult>;
};

export const projectImportOps: ProjectImportOps = {
  preview: (companyId, file, name, onProgress) =>
    filesApi.previewProjectImport(companyId, file, 'any', name, onProgress),
  apply: (companyId, file, name, onProgress) =>
    filesApi.applyProjectImport(companyId, file, 'any', name, onProgress),
};

/** A project name from a file name: without the extension, spaces for underscores, at most 40 characters. */
export const projectNameFromFile = (fileName: string): string =>
  fileName
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .slice(0, PROJECT_NAME_MAX)
    .trim();

export type ImportProjectDialogProps = {
  open: boolean;
  companyId: number;
  onClose: () => void;
  /** The project was created with the file's data: open it. */
  onImported: (projectId: number) => void;
  /** The plan allows no further project (PLAN_PROJECT_LIMIT): the list shows its notice. */
  onPlanLimit: () => void;
  /** The list changed (a project was created). */
  onListChanged: () => void;
  ops?: ProjectImportOps;
};

/** A refusal of the name (taken, too long): shown at the name field of the first dialog. */
const isNameError = (error: unknown): boolean =>
  isApiError(error) && error.details.some((detail) => detail.path === 'name');

/**
 * "Import project" on the project list (ADR 0062, superseding 0059): choose an Excel (.xlsx/.xls) or
 * InputDaten XML file — the predecessor's files included — and a name; the server checks the name, the
 * plan and the file without creating anything (company-level preview), and only "Apply" creates the
 * project with the file's data, in one request and one transaction. Cancelling, a refused file or a
 * closed browser leave nothing behind.
 */
export const ImportProjectDialog = ({
  open,
  companyId,
  onClose,
  onImported,
  onPlanLimit,
  onListChanged,
  ops = projectImportOps,
}: ImportProjectDialogProps) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'apply' | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  /** The name the preview was made for (the apply uses the same). */
  const [name, setName] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setName(null);
    setPreview(null);
    setProgress(null);
    setBusy(null);
    form.resetFields();
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const problem = checkImportFile(picked, 'any');
    if (problem) {
      setFile(null);
      setFileError(t(`error.${problem.code}` as 'error.IMPORT_FILE_TYPE'));
      return;
    }
    setFile(picked);
    setFileError(null);
    if (!form.getFieldValue('name')) {
      form.setFieldsValue({ name: projectNameFromFile(picked.name) });
    }
  };

  /** A refusal that is not about the file: plan limit (closes, the list explains), name (at the field). */
  const refused = (error: unknown): boolean => {
    if (isApiError(error) && error.code === 'PLAN_PROJECT_LIMIT') {
      onPlanLimit();
      reset();
      onClose();
      notify.failure(error, t('workspace.projects.import.title'));
      return true;
    }
    if (isNameError(error)) {
      setPreview(null);
      notify.failure(error, t('workspace.projects.import.title'), { form });
      return true;
    }
    return false;
  };

  const start = async (values: { name: string }) => {
    if (!file) {
      setFileError(t('workspace.projects.import.fileRequired'));
      return;
    }
    const trimmed = values.name.trim();
    setBusy('upload');
    setProgress({ loaded: 0, total: file.size });
    try {
      setPreview(await ops.preview(companyId, file, trimmed, setProgress));
      setName(trimmed);
    } catch (error) {
      const unreadable = previewOfError(error);
      if (unreadable) {
        // unreadable file: the preview dialog lists why (nothing was created)
        setPreview(unreadable);
        setName(trimmed);
      } else if (!refused(error)) {
        notify.failure(error, t('files.import.failed'));
      }
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const apply = async () => {
    if (!file || name === null) return;
    setBusy('apply');
    try {
      const result = await ops.apply(companyId, file, name, setProgress);
      notify.success(201, t('workspace.projects.import.done', { name: result.project.name }));
      reset();
      onClose();
      onListChanged();
      onImported(result.project.id);
    } catch (error) {
      // refused by the rules (e.g. the plan's layer limit): show every issue, Apply stays disabled;
      // a name taken meanwhile or the plan's project limit: back to the form / the list's notice;
      // any other failure (network): the dialog stays, to try again or cancel
      const invalid = previewOfError(error);
      if (invalid) setPreview(invalid);
      else if (!refused(error)) notify.failure(error, t('files.import.failed'));
      setBusy(null);
    } finally {
      setProgress(null);
    }
  };

  const cancelPreview = () => {
    reset();
    onClose();
  };

  const percent = percentOf(progress);
  return (
    <>
      <Modal
        open={open && preview === null}
        title={t('workspace.projects.import.title')}
        okText={t('workspace.projects.import.next')}
        cancelText={t('common.cancel')}
        onOk={() => {
          if (!file) setFileError(t('workspace.projects.import.fileRequired'));
          form.submit();
        }}
        onCancel={() => {
          if (busy) return;
          reset();
          onClose();
        }}
        okButtonProps={{ loading: busy !== null, 'data-testid': 'project-import-next' }}
        cancelButtonProps={{ disabled: busy !== null }}
        destroyOnHidden
        width={560}
      >
        <Typography.Paragraph type="secondary">
          {t('workspace.projects.import.lead')}
        </Typography.Paragraph>
        <Form
          form={form}
          name="import_project"
          layout="vertical"
          onFinish={(values) => void start(values)}
          data-testid="project-import-form"
        >
          <Form.Item
            label={t('workspace.projects.import.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
          >
            <input
              ref={input}
              type="file"
              accept={IMPORT_ACCEPT.any}
              style={{ display: 'none' }}
              onChange={pick}
              data-testid="project-import-input"
            />
            <div className="pp-import-file">
              <Button onClick={() => input.current?.click()} disabled={busy !== null}>
                {t('workspace.projects.import.chooseFile')}
              </Button>
              <span className="pp-import-file__name" data-testid="project-import-file">
                {file
                  ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`
                  : t('workspace.projects.import.noFile')}
              </span>
            </div>
          </Form.Item>
          <Form.Item
            name="name"
            label={t('workspace.projects.form.name')}
            rules={[
              { required: true, whitespace: true, message: t('error.REQUIRED') },
              { max: PROJECT_NAME_MAX, message: t('workspace.projects.form.nameMax') },
            ]}
          >
            <Input maxLength={PROJECT_NAME_MAX + 10} />
          </Form.Item>
        </Form>
        {busy === 'upload' && (
          <div data-testid="project-import-progress">
            <Progress
              size="small"
              percent={percent ?? 100}
              status="active"
              format={() =>
                percent === null || percent >= 100 ? t('files.import.reading') : `${percent} %`
              }
            />
          </div>
        )}
        <Alert type="info" showIcon title={t('workspace.projects.import.note')} />
      </Modal>
      <ImportPreviewDialog
        open={open && preview !== null}
        preview={preview}
        applying={busy === 'apply'}
        applyProgress={busy === 'apply' ? percent : null}
        onApply={() => void apply()}
        onCancel={cancelPreview}
        newProjectName={name ?? undefined}
      />
    </>
  );
};
