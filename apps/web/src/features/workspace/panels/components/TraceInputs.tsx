import type { AxialPileTrace } from '@pfahlplaner/engine';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../i18n';
import { fieldText } from '../../../grid/column-model';
import { DENSE_DESCRIPTIONS } from './dense-styles';
import { useNum } from './useNum';

/** Inputs the engine used for one load point (geometry, loads per pile, factors, limits, group, toes). */
export function TraceInputs({ trace }: { trace: AxialPileTrace }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'de';
  const num = useNum();
  const i = trace.inputs;
  const g = trace.group;
  const tc = trace.toeCoordination;
  const items = [
    [t('panels.detail.pileType'), `${trace.PfahlTyp} · ${trace.mapping}`],
    ...(i.sizeMeaning === 'side'
      ? ([
          [t('engineTrust.side'), `${num(i.size, 3)} m`],
          [t('engineTrust.Deq'), `${num(i.D, 3)} m`],
        ] as const)
      : ([[t('engineTrust.diameter'), `${num(i.D, 3)} m`]] as const)),
    [t('panels.detail.A_b'), `${num(i.A_b, 4)} m²`],
    [t('panels.detail.perimeter'), `${num(i.perimeter, 3)} m`],
    [t('panels.detail.top'), `${num(i.top)} m NHN`],
    [t('panels.detail.drillLevel'), `${num(i.drillLevel)} m NHN`],
    [t('panels.detail.skinStartLevel'), `${num(i.skinStartLevel)} m NHN`],
    [t('panels.detail.skinShare'), `${num(i.skinShare * 100, 0)} %`],
    [t('panels.detail.loads'), `${num(i.Ek, 1)} / ${num(i.Ed, 1)} kN`],
    [t('panels.detail.loadsMin'), `${num(i.EkMin, 1)} / ${num(i.EdMin, 1)} kN`],
    [t('panels.detail.loadSource'), i.loadSource],
    ...(i.isMainTension
      ? ([[t('engineTrust.mainTension'), t('engineTrust.mainTensionValue')]] as const)
      : []),
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
    [
      t('engineTrust.rowValues'),
      // results stored by engine ≤ 0.4.0 (stale, still shown) have no rowValues
      ((trace.rowValues as AxialPileTrace['rowValues'] | undefined) ?? [])
        .map((v) => {
          const label = fieldText(v.field, language)?.label ?? v.field;
          const value =
            v.field === 'einzelzulaessigeSetzungCm'
              ? `${num(v.value * 100, 2)} cm`
              : v.field === 'BetonZyl'
                ? String(v.value)
                : `${num(v.value, 2)} m`;
          return `${label} ${value} (${t(`engineTrust.source.${v.source}`)})`;
        })
        .join(' · '),
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
