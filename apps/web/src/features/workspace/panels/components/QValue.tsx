import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QCell } from '../utils/trace-rows';
import { INLINE_TAG } from './dense-styles';
import { useNum } from './useNum';

/** A q value with its source: EA table id and [S]/[U] tag (unverified in red), or "input". */
export function QValue({ cell }: { cell: QCell | null }) {
  const { t } = useTranslation();
  const num = useNum();
  if (cell === null) return <span>–</span>;
  const s = cell.source;
  const factors =
    cell.eta !== 1 || cell.increase !== 1
      ? `${num(cell.base, 1)} · η ${num(cell.eta, 2)} · ${num(cell.increase, 2)}`
      : null;
  const value = <span style={{ fontVariantNumeric: 'tabular-nums' }}>{num(cell.used, 1)}</span>;
  const tag =
    s.kind === 'table' ? (
      <Tooltip
        title={`${s.isVerified ? t('panels.detail.verified') : t('panels.detail.unverifiedHint')} ${s.description ?? ''}`}
      >
        <Tag
          color={s.isVerified ? 'default' : 'red'}
          data-verified={s.isVerified ? 'S' : 'U'}
          style={INLINE_TAG}
        >
          {s.tableId} [{s.isVerified ? 'S' : 'U'}]
        </Tag>
      </Tooltip>
    ) : s.kind === 'override' ? (
      <Tag color="blue" style={INLINE_TAG}>
        {t('panels.detail.override')}
      </Tag>
    ) : null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {factors === null ? value : <Tooltip title={factors}>{value}</Tooltip>}
      {tag}
    </span>
  );
}
