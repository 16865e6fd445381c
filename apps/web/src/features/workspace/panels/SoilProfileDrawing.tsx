import type { SoilProfile } from '@pfahlplaner/contracts';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../preferences/usePreferences';
import { formatNumber } from '../../../lib/format/number-format';
import { textColorOn } from './utils/color';
import {
  labelStride,
  layerBands,
  pileSlots,
  pileWidthFactor,
  profileExtent,
  type PilePlot,
} from './utils/profile-geometry';
import { decimalsOf, linearScale, niceStep, niceTicks } from './utils/scale';

export type { PilePlot } from './utils/profile-geometry';

const WIDTH = 460;
const AXIS = 58;
const PILE_ZONE = 0.46;
const WATER = '#0958d9';
/** Outline in the background colour so labels stay legible over lines and other labels. */
const halo = (color: string) => ({
  stroke: color,
  strokeWidth: 3,
  paintOrder: 'stroke' as const,
  strokeLinejoin: 'round' as const,
});

/** Soil profile to scale: layers, groundwater ▽, start level, piles with their toe levels and a level axis. */
export function SoilProfileDrawing({
  profile,
  piles,
  height = 420,
}: {
  profile: SoilProfile;
  piles: PilePlot[];
  height?: number;
}) {
  const { t } = useTranslation();
  const { decimalSeparator } = usePreferences();
  const extent = profileExtent(profile, piles);
  if (extent === null) {
    return <div className="pp-panels-empty">{t('panels.profile.empty')}</div>;
  }
  const top = 14;
  const bottom = height - 10;
  const y = linearScale([extent[0], extent[1]], [bottom, top]);
  const step = niceStep(extent[1] - extent[0], Math.max(3, Math.round(height / 55)));
  const ticks = niceTicks(extent[0], extent[1], Math.max(3, Math.round(height / 55)));
  const decimals = Math.max(decimalsOf(step), 0);
  const num = (v: number, d = 2) => formatNumber(v, decimalSeparator, { decimals: d });
  const bands = layerBands(profile);
  const left = AXIS;
  const right = WIDTH - 6;
  const pileRight = left + (right - left) * PILE_ZONE;
  const slots = pileSlots(piles.length, left + 4, pileRight - 4);
  const slotWidth = (pileRight - left - 8) / Math.max(piles.length, 1);
  const factor = pileWidthFactor(piles, Math.min(26, Math.max(slotWidth * 0.45, 4)));
  // labels of many piles: every n-th pile only (names and toe levels at ~7.5 units per character)
  const nameStride = labelStride(
    slotWidth,
    Math.max(...piles.map((p) => p.Pname.length), 1) * 7.5 + 8,
  );
  const toeStride = labelStride(slotWidth, 7 * 7.5 + 8);
  const isThin = slotWidth < 6;
  const start = profile.startKote;
  const water = profile.grundwasserStand;
  const kindText = (b: (typeof bands)[number]) =>
    b.kind === 'cohesive'
      ? t('panels.profile.cohesive', { value: num(b.cuk ?? 0, 3) })
      : b.kind === 'non-cohesive'
        ? t('panels.profile.nonCohesive', { value: num(b.qc ?? 0, 1) })
        : t('panels.profile.noStrength');
  return (
    <svg
      role="img"
      aria-label={t('panels.profile.aria', { name: profile.name })}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block', fontFamily: 'inherit' }}
    >
      <text x={4} y={10} fontSize={13} fill="#5b6778">
        {t('panels.profile.axis')}
      </text>
      {bands.map((b) => {
        const y0 = y(b.top);
        const h = Math.max(y(b.bottom) - y0, 0);
        const fg = textColorOn(b.fill);
        return (
          <g key={b.index} data-testid="soil-layer">
            <rect
              x={left}
              y={y0}
              width={right - left}
              height={h}
              fill={b.fill}
              stroke="#8c96a5"
              strokeWidth={0.6}
            />
            {h >= 16 && (
              <text
                x={pileRight + 8}
                y={y0 + 15}
                fontSize={14}
                fill={fg}
                fontWeight={600}
                {...halo(b.fill)}
              >
                {b.name || t('panels.profile.layer', { index: b.index + 1 })}
              </text>
            )}
            {h >= 36 && (
              <text x={pileRight + 8} y={y0 + 31} fontSize={13} fill={fg} {...halo(b.fill)}>
                {kindText(b)}
              </text>
            )}
            <text x={right - 3} y={y(b.bottom) - 3} fontSize={12} fill={fg} textAnchor="end">
              {num(b.bottom)}
            </text>
          </g>
        );
      })}
      <line x1={left} x2={left} y1={top} y2={bottom} stroke="#1a2433" strokeWidth={1} />
      {ticks.map((v) => (
        <g key={v}>
          <line x1={left - 5} x2={left} y1={y(v)} y2={y(v)} stroke="#1a2433" />
          <text x={left - 8} y={y(v) + 3.5} fontSize={13} textAnchor="end" fill="#1a2433">
            {num(v, decimals)}
          </text>
        </g>
      ))}
      {start != null && (
        <g data-testid="start-level">
          <line x1={left} x2={right} y1={y(start)} y2={y(start)} stroke="#3d2b1f" strokeWidth={2} />
          <text
            x={right - 3}
            y={y(start) - 4}
            fontSize={13}
            textAnchor="end"
            fill="#3d2b1f"
            fontWeight={600}
          >
            {t('panels.profile.start', { value: num(start) })}
          </text>
        </g>
      )}
      {water != null && (
        <g data-testid="groundwater">
          <line
            x1={left}
            x2={right}
            y1={y(water)}
            y2={y(water)}
            stroke={WATER}
            strokeWidth={1.5}
            strokeDasharray="6 3"
          />
          <path
            d={`M${right - 16},${y(water) - 11} l12,0 l-6,10 z`}
            fill="#FFFFFF"
            stroke={WATER}
            strokeWidth={1.4}
          />
          <line x1={right - 14} x2={right - 6} y1={y(water) + 3} y2={y(water) + 3} stroke={WATER} />
          <line x1={right - 12} x2={right - 8} y1={y(water) + 6} y2={y(water) + 6} stroke={WATER} />
          <text
            x={right - 20}
            y={y(water) - 3}
            fontSize={13}
            fill={WATER}
            fontWeight={700}
            textAnchor="end"
            {...halo('#FFFFFF')}
          >
            {t('panels.profile.water', { value: num(water) })}
          </text>
        </g>
      )}
      {piles.map((p, i) => {
        const cx = slots[i]!;
        const w = Math.max(p.diameter * factor, 2);
        const yTop = y(p.topLevel);
        const hasToe = p.toeLevel != null && Number.isFinite(p.toeLevel);
        const yToe = hasToe ? y(p.toeLevel!) : yTop + 24;
        return (
          <g key={`${p.Pname}-${i}`} data-testid="pile">
            <rect
              x={cx - w / 2}
              y={yTop}
              width={w}
              height={Math.max(yToe - yTop, 1)}
              fill={hasToe ? '#9aa4b1' : 'none'}
              stroke="#1a2433"
              strokeWidth={isThin ? 0.3 : 1}
              strokeDasharray={hasToe ? undefined : '3 2'}
            />
            {i % nameStride === 0 && (
              <text
                x={cx}
                y={yTop - 4}
                fontSize={13}
                textAnchor="middle"
                fontWeight={600}
                fill="#0f2444"
                data-testid="pile-label"
              >
                {p.Pname}
              </text>
            )}
            {i % toeStride === 0 && (
              <text
                x={cx}
                y={yToe + 13}
                fontSize={12}
                textAnchor="middle"
                fill="#0f2444"
                data-testid="toe-label"
              >
                {hasToe ? num(p.toeLevel!) : t('panels.profile.noToe')}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
