import type { ImportIssue, ImportPreview } from '@pfahlplaner/contracts';
import { IMPORT_UNDO_MINUTES } from '@pfahlplaner/contracts';
import { Alert, Modal, Progress, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupIssues, hasBlockingIssues, issueTextKeys } from './import-issues';

export type ImportPreviewDialogProps = {
  open: boolean;
  preview: ImportPreview | null;
  /** True while the apply request runs. */
  applying: boolean;
  /**
   * Upload progress of the apply request in percent (the file is sent again); null once sent or when the
   * browser cannot tell (the server is then checking and writing).
   */
  applyProgress?: number | null;
  onApply: () => void;
  onCancel: () => void;
  /** Set when the file goes into a project created for it (project list): says so instead of "replaces". */
  newProjectName?: string;
};

const SEVERITY_COLOR = { error: 'red', warning: 'gold', info: 'blue' } as const;

type Row = ImportIssue & { key: number };

/**
 * The preview of an import: what the file holds, every problem per sheet (or XML element), row and
 * column in the user's language, and "Apply" only when no problem blocks the import.
 */
export const ImportPreviewDialog = ({
  open,
  preview,
  applying,
  applyProgress = null,
  onApply,
  onCancel,
  newProjectName,
}: ImportPreviewDialogProps) => {
  const { t, i18n } = useTranslation();
  const groups = useMemo(() => groupIssues(preview?.issues ?? []), [preview]);
  const blocked = !preview || !preview.workbook || hasBlockingIssues(preview.issues);

  // Issue keys are built at run time (one per code), so they bypass the typed key list.
  const translateLoose = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
  const issueText = (issue: ImportIssue): string => {
    const key = issueTextKeys(issue.code, issue.params).find((k) => i18n.exists(k));
    const params = { ...issue.params };
    return key ? translateLoose(key, params) : `${t('files.issue.unknown')} (${issue.code})`;
  };

  const columns = [
    {
      title: t('files.import.columns.severity'),
      dataIndex: 'severity',
      width: 100,
      render: (severity: ImportIssue['severity']) => (
        <Tag color={SEVERITY_COLOR[severity]}>{t(`files.import.severity.${severity}`)}</Tag>
      ),
    },
    {
      title: t('files.import.columns.row'),
      dataIndex: 'row',
      width: 80,
      render: (row: number | null) => row ?? '–',
    },
    {
      title: t('files.import.columns.column'),
      dataIndex: 'column',
      width: 160,
      render: (column: string | null) => column ?? '–',
    },
    {
      title: t('files.import.columns.problem'),
      key: 'problem',
      render: (_: unknown, issue: Row) => issueText(issue),
    },
  ];

  const summary = preview?.summary;
  return (
    <Modal
      open={open}
      title={t('files.import.previewTitle', { file: preview?.file_name ?? '' })}
      width={900}
      okText={t('files.import.apply')}
      cancelText={t('files.import.cancel')}
      onOk={onApply}
      onCancel={onCancel}
      okButtonProps={{ disabled: blocked, loading: applying, 'data-testid': 'import-apply' }}
      cancelButtonProps={{ disabled: applying }}
      destroyOnHidden
      maskClosable={!applying}
    >
      <div data-testid="import-preview">
        {summary && (
          <Typography.Paragraph>
            {t('files.import.summary', {
              piles: summary.piles,
              profiles: summary.soil_profiles,
              layers: summary.soil_layers,
              cases: summary.horizontal_loadcases,
              loads: summary.horizontal_loads,
            })}
            <br />
            <Typography.Text type="secondary">
              {t('files.import.counts', {
                errors: summary.errors,
                warnings: summary.warnings,
                infos: summary.infos,
              })}
            </Typography.Text>
          </Typography.Paragraph>
        )}
        {blocked ? (
          <Alert
            type="error"
            showIcon
            title={t('files.import.blocked')}
            description={
              newProjectName !== undefined
                ? t('files.import.newProjectBlocked', { name: newProjectName })
                : undefined
            }
          />
        ) : newProjectName !== undefined ? (
          <Alert
            type="info"
            showIcon
            title={t('files.import.newProject', { name: newProjectName })}
            data-testid="import-new-project"
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('files.import.replaceWarning', { minutes: IMPORT_UNDO_MINUTES })}
          />
        )}
        {applying && (
          <div data-testid="import-apply-progress" style={{ marginTop: 12 }}>
            <Progress
              size="small"
              percent={applyProgress ?? 100}
              status="active"
              format={() =>
                applyProgress === null || applyProgress >= 100
                  ? t('files.import.applying')
                  : `${applyProgress} %`
              }
            />
          </div>
        )}
        {groups.length === 0 && (
          <Typography.Paragraph style={{ marginTop: 16 }}>
            {t('files.import.noIssues')}
          </Typography.Paragraph>
        )}
        {groups.map((group) => (
          <section key={group.sheet ?? '\u0000'} style={{ marginTop: 16 }}>
            <Typography.Title level={5}>
              {group.sheet === null
                ? t('files.import.wholeFile')
                : t('files.import.sheet', { sheet: group.sheet })}
            </Typography.Title>
            <Table<Row>
              size="small"
              columns={columns}
              dataSource={group.issues.map((issue, index) => ({ ...issue, key: index }))}
              pagination={
                group.issues.length > 50 ? { pageSize: 50, showSizeChanger: false } : false
              }
              data-testid="import-issues"
            />
          </section>
        ))}
      </div>
    </Modal>
  );
};

export default ImportPreviewDialog;
