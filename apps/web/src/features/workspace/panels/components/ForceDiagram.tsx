import { useTranslation } from 'react-i18next';
import type { XY } from '../utils/chart-paths';
import { diagramModel } from '../utils/diagram';
import { decimalsOf } from '../utils/scale';
import { useNum } from './useNum';

const W = 180;
const H = 300;
const BOX = { left: 44, top: 30, right: W - 12, bottom: H - 14 };

/** One quantity along the pile: filled diagram against the level (m NHN), peak value marked. */
export function ForceDiagram({
  series,
  levels,
  title,
  direction,
  color,
}: {
  series: readonly XY[];
  levels: readonly [number, number];
  title: string;
  direction: string;
  color: string;
}) {
  const { t } = useTranslation();
  const num = useNum();
  const m = diagramModel(series, levels, BOX);
  const step = (m.xTicks[1] ?? 1) - (m.xTicks[0] ?? 0);
  const dec = decimalsOf(step);
  const head = levels[1];
  const toe = levels[0];
  const x0 = m.x(0);
  return (
    <svg
      role="img"
      aria-label={t('panels.loadCase.diagramAria', { quantity: title, direction })}
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      style={{ maxWidth: 220, display: 'block', margin: '0 auto' }}
    >
      <text x={BOX.left} y={11} fontSize={11} fontWeight={600} fill="#0f2444">
        {title}
      </text>
      {m.xTicks.map((v) => (
        <g key={v}>
          <line x1={m.x(v)} x2={m.x(v)} y1={BOX.top} y2={BOX.bottom} stroke="#eef1f5" />
          <text x={m.x(v)} y={BOX.top - 5} fontSize={9} textAnchor="middle" fill="#5b6778">
            {num(v, dec)}
          </text>
        </g>
      ))}
      <text x={BOX.left - 4} y={m.y(head) + 3} fontSize={9} textAnchor="end" fill="#1a2433">
        {num(head)}
      </text>
      <text x={BOX.left - 4} y={m.y(toe) + 3} fontSize={9} textAnchor="end" fill="#1a2433">
        {num(toe)}
      </text>
      <path d={m.area} fill={color} fillOpacity={0.14} stroke="none" />
      <line x1={x0} x2={x0} y1={BOX.top} y2={BOX.bottom} stroke="#1a2433" strokeWidth={1.2} />
      <path d={m.line} fill="none" stroke={color} strokeWidth={1.6} />
      {m.peak !== null && m.peak.x !== 0 && (
        <g>
          <circle cx={m.x(m.peak.x)} cy={m.y(m.peak.y)} r={2.8} fill={color} />
          <text
            x={m.x(m.peak.x) + (m.peak.x >= 0 ? -4 : 4)}
            y={m.y(m.peak.y) - 5}
            fontSize={10}
            fontWeight={600}
            textAnchor={m.peak.x >= 0 ? 'end' : 'start'}
            fill={color}
          >
            {num(m.peak.x, 2)}
          </text>
        </g>
      )}
    </svg>
  );
}
