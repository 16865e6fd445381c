import type { ReportDetailMode } from '@pfahlplaner/contracts';
import { Alert, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ReportOptions = { detail: ReportDetailMode; select: string };

export type ReportOptionsDialogProps = {
  open: boolean;
  onCancel: () => void;
  onCreate: (options: ReportOptions) => void;
};

const MODES: ReportDetailMode[] = ['summary', 'piles', 'groups', 'all'];

/**
 * What the PDF report prints (ADR 0151): the short form by default, full verifications only of the load
 * points or groups the engineer names, or of all. Each choice says what it prints.
 */
export const ReportOptionsDialog = ({ open, onCancel, onCreate }: ReportOptionsDialogProps) => {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<ReportDetailMode>('summary');
  const [items, setItems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const needsItems = detail === 'piles' || detail === 'groups';

  const create = () => {
    const cleaned = items.map((item) => item.trim()).filter((item) => item !== '');
    if (needsItems && cleaned.length === 0) return setError(t('report.selectRequired'));
    if (detail === 'groups' && cleaned.some((item) => !/^\d{1,9}$/.test(item))) {
      return setError(t('report.groupsNumbers'));
    }
    setError(null);
    onCreate({ detail, select: needsItems ? cleaned.join(',') : '' });
  };

  return (
    <Modal
      open={open}
      title={t('report.title')}
      okText={t('report.create')}
      cancelText={t('report.cancel')}
      onOk={create}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="report-options"
    >
      <Typography.Paragraph type="secondary">{t('report.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Radio.Group
          value={detail}
          onChange={(event) => {
            setDetail(event.target.value as ReportDetailMode);
            setItems([]);
            setError(null);
          }}
        >
          <Space direction="vertical">
            {MODES.map((mode) => (
              <Radio key={mode} value={mode} data-testid={`report-detail-${mode}`}>
                <strong>{t(`report.mode.${mode}`)}</strong>
                <div style={{ fontSize: 12, opacity: 0.75 }}>{t(`report.explain.${mode}`)}</div>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {needsItems && (
          <Form.Item
            label={t(detail === 'piles' ? 'report.pilesLabel' : 'report.groupsLabel')}
            style={{ marginTop: 12 }}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ';']}
              open={false}
              value={items}
              onChange={(value: string[]) => setItems(value)}
              placeholder={t(
                detail === 'piles' ? 'report.selectPlaceholder' : 'report.groupsPlaceholder',
              )}
              data-testid="report-select"
            />
          </Form.Item>
        )}
        {error && (
          <Alert type="error" showIcon message={error} data-testid="report-options-error" />
        )}
      </Form>
    </Modal>
  );
};
