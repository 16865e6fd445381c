import type { ImportApplyResult, ImportPreview } from '@pfahlplaner/contracts';
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
import { projectsApi, type ProjectBasics } from './api';

/** The four requests of "import a project" (injectable so the dialog can be tested without a network). */
export type ProjectImportOps = {
  create: (companyId: number, basics: ProjectBasics) => Promise<{ id: number; version: number }>;
  preview: (companyId: number, projectId: number, file: File, onProgress: OnProgress) => Promise<ImportPreview>;
  apply: (
    companyId: number,
    projectId: number,
    file: File,
    version: number,
    onProgress: OnProgress,
  ) => Promise<ImportApplyResult>;
  remove: (companyId: number, projectId: number) => Promise<void>;
};

export const projectImportOps: ProjectImportOps = {
  create: async (companyId, basics) => (await projectsApi.create(companyId, basics)).data,
  preview: (companyId, projectId, file, onProgress) =>
    filesApi.previewImport(companyId, projectId, file, 'any', onProgress),
  apply: (companyId, projectId, file, version, onProgress) =>
    filesApi.applyImport(companyId, projectId, file, 'any', version, onProgress),
  remove: async (companyId, projectId) => {
    await projectsApi.remove(companyId, [projectId]);
  },
};

/** A project name from a file name: without the extension, spaces for underscores, at most 40 characters. */
export const projectNameFromFile = (fileName: string): string =>
  fileName
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .slice(0, PROJECT_NAME_MAX)
    .trim();

type Created = { id: number; version: number; name: string };

export type ImportProjectDialogProps = {
  open: boolean;
  companyId: number;
  onClose: () => void;
  /** The project was created and the file applied: open it. */
  onImported: (projectId: number) => void;
  /** The plan allows no further project (PLAN_PROJECT_LIMIT): the list shows its notice. */
  onPlanLimit: () => void;
  /** The list changed (a project was created, or created and removed again). */
  onListChanged: () => void;
  ops?: ProjectImportOps;
};

/**
 * "Import project" on the project list (ADR 0059): choose an Excel (.xlsx/.xls) or InputDaten XML file —
 * the predecessor's files included — and a name; the project is created, the file is checked by the
 * server (the preview of the file routes) and only "Apply" writes it. Cancelling the preview, or a file
 * that cannot be applied, removes the project created for it again, so no empty project is left behind;
 * should that removal fail, the user is told which project to delete.
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
  const [busy, setBusy] = useState<'create' | 'upload' | 'apply' | 'remove' | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setCreated(null);
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
    if (!form.getFieldValue('name')) form.setFieldsValue({ name: projectNameFromFile(picked.name) });
  };

  /** Removes the project created for an import that is not applied. */
  const discard = async (project: Created) => {
    setBusy('remove');
    try {
      await ops.remove(companyId, project.id);
      notify.success(200, t('workspace.projects.import.discarded', { name: project.name }));
    } catch (error) {
      notify.failure(error, t('workspace.projects.import.discardFailed', { name: project.name }));
    } finally {
      onListChanged();
    }
  };

  const start = async ({ name }: { name: string }) => {
    if (!file) {
      setFileError(t('workspace.projects.import.fileRequired'));
      return;
    }
    const trimmed = name.trim();
    setBusy('create');
    let project: Created;
    try {
      const answer = await ops.create(companyId, { name: trimmed });
      project = { id: answer.id, version: answer.version, name: trimmed };
    } catch (error) {
      setBusy(null);
      if (isApiError(error) && error.code === 'PLAN_PROJECT_LIMIT') {
        onPlanLimit();
        reset();
        onClose();
      }
      notify.failure(error, t('workspace.projects.import.title'), { form });
      return;
    }
    setCreated(project);
    onListChanged();
    setBusy('upload');
    setProgress({ loaded: 0, total: file.size });
    try {
      setPreview(await ops.preview(companyId, project.id, file, setProgress));
      setBusy(null);
    } catch (error) {
      const refused = previewOfError(error);
      if (refused) {
        // unreadable file: the preview dialog lists why; closing it removes the project
        setPreview(refused);
        setBusy(null);
      } else {
        notify.failure(error, t('files.import.failed'));
        await discard(project);
        reset();
      }
    } finally {
      setProgress(null);
    }
  };

  const apply = async () => {
    if (!file || !created) return;
    setBusy('apply');
    try {
      await ops.apply(companyId, created.id, file, created.version, setProgress);
      notify.success(200, t('workspace.projects.import.done', { name: created.name }));
      const id = created.id;
      reset();
      onClose();
      onListChanged();
      onImported(id);
    } catch (error) {
      // refused by the rules (e.g. the plan's layer limit): show every issue, Apply stays disabled;
      // any other failure (network): the dialog stays, to try again or cancel
      const refused = previewOfError(error);
      if (refused) setPreview(refused);
      else notify.failure(error, t('files.import.failed'));
      setBusy(null);
    } finally {
      setProgress(null);
    }
  };

  const cancelPreview = async () => {
    if (created) await discard(created);
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
        <Typography.Paragraph type="secondary">{t('workspace.projects.import.lead')}</Typography.Paragraph>
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
                {file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)` : t('workspace.projects.import.noFile')}
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
        applying={busy === 'apply' || busy === 'remove'}
        onApply={() => void apply()}
        onCancel={() => void cancelPreview()}
        newProjectName={created?.name}
      />
    </>
  );
};
