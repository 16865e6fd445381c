import type { SoilProfile } from '@pfahlplaner/contracts';
import type { AxialPileTrace } from '@pfahlplaner/engine';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { baseColumns, layerRows, type LayerRow } from '../utils/trace-rows';
import { QValue } from './QValue';
import { useNum } from './useNum';

/** Per-layer trace: levels, kind, shaft length, q_s and q_b with their table source, R_s,i. */
export function LayerTraceTable({
  trace,
  profile,
}: {
  trace: AxialPileTrace;
  profile: SoilProfile | null;
}) {
  const { t } = useTranslation();
  const num = useNum();
  const rows = layerRows(trace, profile);
  const hasStar = rows.some((r) => r.qsStar !== null);
  const columns: ColumnsType<LayerRow> = [
    {
      title: t('panels.detail.layer'),
      key: 'layer',
      render: (_, r) => (
        <span style={{ fontWeight: r.isToeLayer ? 600 : undefined }}>
          {r.number} {r.name}
          {r.isToeLayer ? ' ⊥' : ''}
        </span>
      ),
    },
    {
      title: t('panels.detail.levels'),
      key: 'levels',
      render: (_, r) => `${num(r.top)} … ${num(r.bottom)}`,
    },
    {
      title: t('panels.detail.kind'),
      key: 'kind',
      render: (_, r) =>
        t(
          r.kind === 'cohesive'
            ? 'panels.detail.kindCohesive'
            : r.kind === 'non-cohesive'
              ? 'panels.detail.kindNonCohesive'
              : 'panels.detail.kindNone',
        ),
    },
    {
      title: t('panels.detail.shaft'),
      key: 't',
      align: 'right',
      render: (_, r) => num(r.shaftLength),
    },
    { title: t('panels.detail.qs'), key: 'qs', render: (_, r) => <QValue cell={r.qs} /> },
    ...(hasStar
      ? [
          {
            title: 'q_s* [kN/m²]',
            key: 'qsStar',
            render: (_: unknown, r: LayerRow) => <QValue cell={r.qsStar} />,
          },
        ]
      : []),
    ...baseColumns(trace).map((sRel, k) => ({
      title: t('panels.detail.qb', { sRel: num(sRel, sRel === 0.035 ? 3 : 2) }),
      key: `qb${k}`,
      render: (_: unknown, r: LayerRow) => <QValue cell={r.qb[k] ?? null} />,
    })),
    {
      title: t('panels.detail.Rs_i'),
      key: 'Rs_i',
      align: 'right',
      render: (_, r) => num(r.Rs_i, 1),
    },
  ];
  return (
    <Table<LayerRow>
      size="small"
      pagination={false}
      rowKey="key"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid="layer-trace"
    />
  );
}
