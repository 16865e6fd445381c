import type { AxialPileTrace } from '@pfahlplaner/engine';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DENSE_DESCRIPTIONS } from './dense-styles';
import { useNum } from './useNum';

/** Inputs the engine used for one load point (geometry, loads per pile, factors, limits, group, toes). */
export function TraceInputs({ trace }: { trace: AxialPileTrace }) {
  const { t } = useTranslation();
  const num = useNum();
  const i = trace.inputs;
  const g = trace.group;
  const tc = trace.toeCoordination;
  const items = [
    [t('panels.detail.pileType'), `${trace.PfahlTyp} · ${trace.mapping}`],
    [t('panels.detail.D'), `${num(i.D, 3)} m`],
    [t('panels.detail.A_b'), `${num(i.A_b, 4)} m²`],
    [t('panels.detail.perimeter'), `${num(i.perimeter, 3)} m`],
    [t('panels.detail.top'), `${num(i.top)} m NHN`],
    [t('panels.detail.drillLevel'), `${num(i.drillLevel)} m NHN`],
    [t('panels.detail.skinStartLevel'), `${num(i.skinStartLevel)} m NHN`],
    [t('panels.detail.skinShare'), `${num(i.skinShare * 100, 0)} %`],
    [t('panels.detail.loads'), `${num(i.Ek, 1)} / ${num(i.Ed, 1)} kN`],
    [t('panels.detail.loadsMin'), `${num(i.EkMin, 1)} / ${num(i.EdMin, 1)} kN`],
    [t('panels.detail.loadSource'), i.loadSource],
    [
      t('panels.detail.gammaDruck'),
      `${num(i.gammaDruck, 2)} / ${t('panels.detail.gammaZug')} ${num(i.gammaZug, 2)}`,
    ],
    [t('panels.detail.utilisationLimit'), `${num(i.utilisationLimitPercent, 0)} %`],
    [t('panels.detail.allowedSettlement'), `${num(i.allowedSettlementCm, 2)} cm`],
    [t('panels.detail.requiredEmbedment'), `${num(i.requiredEmbedment)} m`],
    [t('panels.detail.lengthRange'), `${num(i.Lmin)} … ${num(i.Lmax)} m`],
    [t('panels.detail.limit'), t(`panels.detail.limitKind.${i.limit}`)],
    [
      t('panels.detail.group'),
      g.kind === 'single'
        ? t('panels.detail.groupSingle')
        : g.kind === 'product-rule'
          ? t('panels.detail.groupProduct', {
              rows: g.rows,
              columns: g.columns,
              factor: num(g.factor, 3),
            })
          : t('panels.detail.groupAnalysis'),
    ],
    [
      t('panels.detail.toeCoordination'),
      `${t('panels.detail.toeAlone', { alone: num(tc.toeAlone), coordinated: num(tc.toeCoordinated) })}${
        tc.governedBy ? ` · ${t('panels.detail.governedBy', { name: tc.governedBy })}` : ''
      }`,
    ],
  ] as const;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      styles={DENSE_DESCRIPTIONS}
      items={items.map(([label, value], key) => ({ key, label, children: value }))}
      data-testid="trace-inputs"
    />
  );
}
