import type { AxialPileResult } from '@pfahlplaner/engine';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DENSE_NUMBERS } from './dense-styles';
import { useNum } from './useNum';

/** Partial and total resistances, utilisation, settlement and lengths of one load point. */
export function ResistanceSummary({ result }: { result: AxialPileResult }) {
  const { t } = useTranslation();
  const num = useNum();
  const r = result;
  const Rc_k = r.Rs_k !== null && r.Rb_k !== null ? r.Rs_k + r.Rb_k : null;
  const curve = r.trace?.curve ?? null;
  const items: [string, string][] = [
    [t('panels.detail.Rs_k'), `${num(r.Rs_k, 1)} kN`],
    [t('panels.detail.Rb_k'), `${num(r.Rb_k, 1)} kN`],
    [t('panels.detail.Rc_k'), `${num(Rc_k, 1)} kN`],
    [t('panels.detail.R_d'), `${num(r.R_d, 1)} kN`],
    [t('panels.detail.R_d_Min'), `${num(r.R_d_Min, 1)} kN`],
    [t('panels.detail.EzuR'), `${num(r.EzuR, 1)} %`],
    [t('panels.detail.Setzung'), `${num(r.Setzung, 2)} cm`],
    [t('panels.detail.Federsteifigkeit'), `${num(r.Federsteifigkeit, 0)} kN/m`],
    [t('panels.detail.IstLaenge'), `${num(r.IstLaenge)} m`],
    [t('panels.detail.Soll_UK_Pfahl'), `${num(r.Soll_UK_Pfahl)} m NHN`],
    [t('panels.detail.laengen'), `${num(r.laenge_ohne)} / ${num(r.laenge_mit)} m`],
  ];
  if (curve !== null) {
    // two cells, not one sentence: a value never wraps inside its number (at 1280 px)
    const capped = curve.isSsgCapped ? t('panels.detail.capped') : '';
    items.push(['s_sg', `${num(curve.ssgCm, 3)} cm${capped}`], ['s_g', `${num(curve.sgCm, 2)} cm`]);
  }
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      styles={DENSE_NUMBERS}
      items={items.map(([label, value], key) => ({ key, label, children: value }))}
      data-testid="resistances"
    />
  );
}
