import type { IterationStep } from '@pfahlplaner/engine';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNum } from './useNum';

/** Length iteration: trial length → toe, R_c,d, E_d/R_d, settlement and the check that failed. */
export function IterationTable({
  steps,
  mode,
  count,
}: {
  steps: IterationStep[];
  mode: 'summary' | 'full';
  count: number;
}) {
  const { t } = useTranslation();
  const num = useNum();
  return (
    <>
      <Table<IterationStep & { key: number }>
        size="small"
        pagination={false}
        scroll={{ y: 220 }}
        dataSource={steps.map((s, key) => ({ ...s, key }))}
        data-testid="iteration"
        columns={[
          {
            title: t('panels.detail.iterL'),
            dataIndex: 'L',
            align: 'right',
            render: (v: number) => num(v),
          },
          {
            title: t('panels.detail.iterToe'),
            dataIndex: 'Soll_UK_Pfahl',
            align: 'right',
            render: (v: number) => num(v),
          },
          {
            title: t('panels.detail.iterRd'),
            dataIndex: 'R_d',
            align: 'right',
            render: (v: number) => num(v, 1),
          },
          {
            title: t('panels.detail.iterEzuR'),
            dataIndex: 'EzuR',
            align: 'right',
            render: (v: number | null) => num(v, 1),
          },
          {
            title: t('panels.detail.iterS'),
            dataIndex: 'Setzung',
            align: 'right',
            render: (v: number | null) => num(v, 2),
          },
          {
            title: t('panels.detail.iterCheck'),
            dataIndex: 'failed',
            render: (v: IterationStep['failed']) =>
              v === null ? (
                <Tag color="green">{t('panels.detail.iterOk')}</Tag>
              ) : (
                <Tag>{t(`panels.detail.check.${v}`)}</Tag>
              ),
          },
        ]}
      />
      {mode === 'summary' && (
        <div style={{ fontSize: 11, color: '#5b6778', marginTop: 4 }}>
          {t('panels.detail.iterSummary', { steps: count })}
        </div>
      )}
    </>
  );
}
