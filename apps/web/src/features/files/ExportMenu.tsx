import { Button, Dropdown, Progress, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { EXPORT_KINDS, filesApi, type ExportKind } from './files-api';
import { ReportOptionsDialog, type ReportOptions } from './ReportOptionsDialog';
import { percentOf, saveDownload, type Progress as TransferProgress } from './transfer';

export type ExportMenuProps = {
  companyId: number;
  projectId: number;
  /** `calculation_status` of the project: the PDF needs a fresh calculation ('fresh'). */
  calculationStatus?: 'none' | 'fresh' | 'stale';
  disabled?: boolean;
  /** The server refused the PDF because the calculation is missing or stale (offer "Calculate"). */
  onNeedsCalculation?: (
    code: 'CALCULATION_MISSING' | 'CALCULATION_STALE' | 'CALCULATION_ENGINE_CHANGED',
  ) => void;
  /** A file was downloaded. */
  onExported?: (kind: ExportKind, fileName: string) => void;
};

/**
 * "Export" menu: PDF report (German / English, after the dialog that chooses how much it prints),
 * Excel workbook, InputDaten XML. Shows the progress (creating, then the bytes received) and hands the
 * file to the browser. Guests may export.
 */
export const ExportMenu = ({
  companyId,
  projectId,
  calculationStatus,
  disabled,
  onNeedsCalculation,
  onExported,
}: ExportMenuProps) => {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [running, setRunning] = useState<ExportKind | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  /** The PDF whose options dialog is open. */
  const [asking, setAsking] = useState<ExportKind | null>(null);
  /** Seconds since the export started: a long report takes a while on the server before the first byte. */
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (running === null) return undefined;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const pdfBlocked = calculationStatus !== undefined && calculationStatus !== 'fresh';

  const run = async (kind: ExportKind, report?: ReportOptions) => {
    setSeconds(0);
    setRunning(kind);
    setProgress(null);
    try {
      const lang = i18n.language === 'en' ? 'en' : 'de';
      const download = await filesApi.exportFile(
        companyId,
        projectId,
        kind,
        lang,
        setProgress,
        undefined,
        report,
      );
      saveDownload(download);
      notify.success(200, t('files.export.done', { file: download.fileName }));
      onExported?.(kind, download.fileName);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (
        code === 'CALCULATION_MISSING' ||
        code === 'CALCULATION_STALE' ||
        code === 'CALCULATION_ENGINE_CHANGED'
      ) {
        onNeedsCalculation?.(code);
        notify.failure(error, t('files.export.needsCalculation'));
      } else {
        notify.failure(error, t('files.export.failed'));
      }
    } finally {
      setRunning(null);
      setProgress(null);
    }
  };

  const items = EXPORT_KINDS.map((kind) => ({
    key: kind,
    label: (
      <span data-testid={`export-${kind}`}>
        {t(`files.export.kind.${kind}`)}
        {kind.startsWith('pdf') && pdfBlocked ? ` — ${t('files.export.calculateFirst')}` : ''}
      </span>
    ),
  }));
  const percent = percentOf(progress);
  return (
    <Space size="small">
      <Dropdown
        trigger={['click']}
        disabled={disabled || running !== null}
        menu={{
          items,
          onClick: ({ key }) =>
            key.startsWith('pdf') ? setAsking(key as ExportKind) : void run(key as ExportKind),
        }}
      >
        <Button loading={running !== null} data-testid="export-button">
          {t('files.export.button')}
        </Button>
      </Dropdown>
      {running !== null && (
        <span data-testid="export-progress" style={{ minWidth: 160, display: 'inline-block' }}>
          <Progress
            size="small"
            percent={percent ?? 100}
            status="active"
            format={() =>
              percent === null || percent >= 100
                ? seconds > 0
                  ? t('report.creating', { seconds })
                  : t('files.export.preparing')
                : `${percent} %`
            }
          />
        </span>
      )}
      <ReportOptionsDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onCreate={(options) => {
          const kind = asking;
          setAsking(null);
          if (kind) void run(kind, options);
        }}
      />
    </Space>
  );
};

export default ExportMenu;
