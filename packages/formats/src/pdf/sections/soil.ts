/**
 * "Baugrund": one soil-parameter table per profile (layer levels, γ, γ', φ, c_u, q_c, E_s) with the
 * groundwater level; values and units as entered (field catalogue units, as on screen).
 */
import { FIELD_TEXTS } from '@pfahlplaner/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { head, heading, num, type Ctx } from '../common';

export function soilSection(ctx: Ctx, no: number): Content[] {
  const { t, input } = ctx;
  const out: Content[] = [heading(`${no} ${t.soil}`, 1, { pageBreak: 'before' })];
  if (input.workbook.soil_profiles.length === 0) out.push({ text: t.soilProfileNone });
  input.workbook.soil_profiles.forEach((profile, index) => {
    const body: TableCell[][] = [
      [
        head(t.layerNo),
        head(t.soilType),
        head(t.layerTop, 'm NHN'),
        head(t.layerBottom, 'm NHN'),
        head('γ', 'kN/m³'),
        head("γ'", 'kN/m³'),
        head('φ', '°'),
        head('c_u', 'MN/m²'),
        head('q_c', 'MN/m²'),
        head(FIELD_TEXTS[ctx.lang].ESoben?.label ?? 'E_s', 'MN/m²'),
        head(FIELD_TEXTS[ctx.lang].ESunten?.label ?? 'E_s', 'MN/m²'),
      ],
    ];
    let top = profile.startKote ?? null;
    profile.soil_layers.forEach((layer, k) => {
      body.push([
        String(k + 1),
        layer.bodenArt ?? '–',
        num(ctx, top, 2),
        num(ctx, layer.endKote, 2),
        num(ctx, layer.gammaBoden, 1),
        num(ctx, layer.gammaStrichBoden, 1),
        num(ctx, layer.phi, 1),
        num(ctx, layer.cuk, 3),
        num(ctx, layer.qc, 1),
        num(ctx, layer.ESoben, 1),
        num(ctx, layer.ESunten, 1),
      ]);
      top = layer.endKote ?? top;
    });
    const gw =
      profile.grundwasserStand === null || profile.grundwasserStand === undefined
        ? t.groundwaterNone
        : `${ctx.f(profile.grundwasserStand, 2)} m NHN`;
    out.push({
      unbreakable: true,
      stack: [
        heading(`${no}.${index + 1} ${t.soilProfile} ${profile.name}`, 2),
        { text: `${t.groundwater}: ${gw}`, fontSize: 8, margin: [0, 0, 0, 3] },
        {
          table: {
            headerRows: 1,
            widths: [16, '*', 40, 40, 32, 32, 28, 34, 30, 34, 34],
            body,
          },
          layout: 'thin',
          fontSize: 7.5,
        },
      ],
    });
  });
  return out;
}
