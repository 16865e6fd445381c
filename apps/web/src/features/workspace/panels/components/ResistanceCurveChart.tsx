import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format/number-format';
import { usePreferences } from '../../../preferences/usePreferences';
import { curveChartModel, type CurveChartInput } from '../utils/curve-chart';
import { decimalsOf } from '../utils/scale';

const W = 520;
const H = 300;
const BOX = { left: 56, top: 34, right: W - 16, bottom: H - 40 };
const HALO = {
  stroke: '#fff',
  strokeWidth: 3,
  paintOrder: 'stroke' as const,
  strokeLinejoin: 'round' as const,
};
const COLORS = { R: '#0f2444', Rs: '#2f7d32', Rb: '#7b4bb7', Ek: '#d46b08', sAllow: '#cf1322' };

/** Resistance–settlement curve R(s), R_s(s), R_b(s) with E_k, s_allow and the operating point s(E_k). */
export function ResistanceCurveChart(props: CurveChartInput) {
  const { t } = useTranslation();
  const { decimalSeparator } = usePreferences();
  const m = curveChartModel(props, BOX);
  const num = (v: number, d: number) => formatNumber(v, decimalSeparator, { decimals: d });
  const xDec = decimalsOf((m.xTicks[1] ?? 1) - (m.xTicks[0] ?? 0));
  const yDec = decimalsOf((m.yTicks[1] ?? 1) - (m.yTicks[0] ?? 0));
  const xEk = m.x(props.Ek);
  const ySa = m.y(props.allowedSettlementCm);
  const s = props.settlementCm;
  return (
    <svg
      role="img"
      aria-label={t('panels.curve.aria')}
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      style={{ maxWidth: 640, display: 'block' }}
    >
      {m.xTicks.map((v) => (
        <g key={`x${v}`}>
          <line x1={m.x(v)} x2={m.x(v)} y1={BOX.top} y2={BOX.bottom} stroke="#e6eaf0" />
          <text x={m.x(v)} y={BOX.top - 6} fontSize={10} textAnchor="middle" fill="#5b6778">
            {num(v, xDec)}
          </text>
        </g>
      ))}
      {m.yTicks.map((v) => (
        <g key={`y${v}`}>
          <line x1={BOX.left} x2={BOX.right} y1={m.y(v)} y2={m.y(v)} stroke="#e6eaf0" />
          <text x={BOX.left - 6} y={m.y(v) + 3.5} fontSize={10} textAnchor="end" fill="#5b6778">
            {num(v, yDec)}
          </text>
        </g>
      ))}
      <rect
        x={BOX.left}
        y={BOX.top}
        width={BOX.right - BOX.left}
        height={BOX.bottom - BOX.top}
        fill="none"
        stroke="#8c96a5"
      />
      <text x={BOX.right} y={12} fontSize={10} textAnchor="end" fill="#1a2433">
        {t('panels.curve.RAxis')}
      </text>
      <text x={8} y={BOX.top + 4} fontSize={10} fill="#1a2433">
        {t('panels.curve.sAxis')}
      </text>
      <path
        d={m.paths.Rs}
        fill="none"
        stroke={COLORS.Rs}
        strokeWidth={1.5}
        strokeDasharray="6 3"
        data-testid="curve-Rs"
      />
      <path
        d={m.paths.Rb}
        fill="none"
        stroke={COLORS.Rb}
        strokeWidth={1.5}
        strokeDasharray="2 3"
        data-testid="curve-Rb"
      />
      <path d={m.paths.R} fill="none" stroke={COLORS.R} strokeWidth={2.2} data-testid="curve-R" />
      <line
        x1={xEk}
        x2={xEk}
        y1={BOX.top}
        y2={BOX.bottom}
        stroke={COLORS.Ek}
        strokeWidth={1.3}
        data-testid="line-Ek"
      />
      <text
        x={xEk + 4}
        y={BOX.bottom - 6}
        fontSize={10}
        fill={COLORS.Ek}
        fontWeight={600}
        {...HALO}
      >
        {t('panels.curve.Ek', { value: num(props.Ek, 0) })}
      </text>
      <line
        x1={BOX.left}
        x2={BOX.right}
        y1={ySa}
        y2={ySa}
        stroke={COLORS.sAllow}
        strokeWidth={1.3}
        strokeDasharray="8 4"
        data-testid="line-sAllow"
      />
      <text
        x={BOX.right - 4}
        y={ySa - 4}
        fontSize={10}
        fill={COLORS.sAllow}
        textAnchor="end"
        fontWeight={600}
      >
        {t('panels.curve.sAllow', { value: num(props.allowedSettlementCm, 2) })}
      </text>
      {s !== null && (
        <g data-testid="operating-point">
          <line
            x1={BOX.left}
            x2={xEk}
            y1={m.y(s)}
            y2={m.y(s)}
            stroke={COLORS.Ek}
            strokeDasharray="2 2"
          />
          <circle cx={xEk} cy={m.y(s)} r={4.5} fill="#fff" stroke={COLORS.Ek} strokeWidth={2} />
          <text
            x={xEk - 8}
            y={m.y(s) + 15}
            fontSize={10}
            fill={COLORS.Ek}
            fontWeight={600}
            textAnchor="end"
            {...HALO}
          >
            {t('panels.curve.point', { value: num(s, 2) })}
          </text>
        </g>
      )}
      <g transform={`translate(${BOX.left + 10}, ${BOX.bottom - 52})`} fontSize={10}>
        {(['R', 'Rs', 'Rb'] as const).map((k, i) => (
          <g key={k} transform={`translate(0, ${i * 14})`}>
            <line
              x1={0}
              x2={20}
              y1={0}
              y2={0}
              stroke={COLORS[k]}
              strokeWidth={k === 'R' ? 2.2 : 1.5}
              strokeDasharray={k === 'Rs' ? '6 3' : k === 'Rb' ? '2 3' : undefined}
            />
            <text x={25} y={3.5} fill="#1a2433">
              {t(`panels.curve.${k}`)}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
