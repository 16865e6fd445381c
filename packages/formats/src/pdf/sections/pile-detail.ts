/**
 * Full verification of one load point: inputs, results, the layers with the q values used and their
 * source (standard and table), base resistance, the resistance–settlement curve and the soil profile with
 * the pile to scale, then the internal capacity under each load case (sections/structural.ts).
 */
import type { AxialPileResult } from '@pfahlplaner/engine';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { flag, head, heading, kv, num, runs, type Ctx, type PileRow } from '../common';
import { shortCitation } from '../citations';
import { drawing } from '../drawing';
import { curveDrawing, profileDrawing } from '../diagrams';
import { fill } from '../texts';
import { assumptionNumbersOf } from './assumptions';
import { structuralSection } from './structural';
import { pileTypeName, sizeText } from './summary';

const twoColumns = (ctx: Ctx, inputs: TableCell[][], results: TableCell[][]): Content => ({
  columns: [
    {
      stack: [
        { text: ctx.t.inputs, style: 'h3' },
        { table: { widths: [108, 88, 30], body: inputs }, layout: 'thin', fontSize: 7.5 },
      ],
    },
    {
      stack: [
        { text: ctx.t.results, style: 'h3' },
        { table: { widths: [108, 88, 30], body: results }, layout: 'thin', fontSize: 7.5 },
      ],
    },
  ],
  columnGap: 16,
});

function inputRows(ctx: Ctx, pile: AxialPileResult, row: Partial<PileRow>): TableCell[][] {
  const { t, f } = ctx;
  const trace = pile.trace;
  const rows: TableCell[][] = [
    kv(t.pileType, pileTypeName(ctx, row)),
    kv(t.diameterOrSide, sizeText(ctx, row), 'm'),
    kv(t.pileCount, f(row.PfahlAnzahl ?? null, 0), '–'),
    kv(t.spacing, f(row.PfahlAchsAbstandxD ?? null, 2), '× D'),
    kv(t.pileTop, f(row.SollPfahlOberKante ?? null, 2), 'm NHN'),
    kv(t.drillingLevel, f(trace?.inputs.drillLevel ?? row.AEHoehe ?? null, 2), 'm NHN'),
    kv(t.soilProfile, row.BodenProfil ?? '–'),
  ];
  if (!trace) return rows;
  const i = trace.inputs;
  const source =
    i.loadSource === 'alternative'
      ? t.loadSourceRow
      : fill(t.loadSourceCase, { name: i.loadSource });
  rows.push(
    kv(`E_k ${t.perPile}`, f(i.Ek, 1), 'kN'),
    kv(`E_d ${t.perPile}`, f(i.Ed, 1), 'kN'),
    kv(t.loadSourceLabel, source),
    kv('γ_t / γ_{s,t}', `${f(i.gammaDruck, 2)} / ${f(i.gammaZug, 2)}`, '–'),
    kv(t.permSettlement, f(i.allowedSettlementCm, 2), 'cm'),
    kv(t.permUtilisation, f(i.utilisationLimitPercent, 1), '%'),
    kv(t.minEmbedment, f(i.requiredEmbedment, 2), 'm'),
    kv('L_{min} / L_{max}', `${f(i.Lmin, 2)} / ${f(i.Lmax, 2)}`, 'm'),
    kv(t.groupRule, `${t.groupKind[trace.group.kind]}, η = ${f(trace.group.factor, 3)}`),
  );
  return rows;
}

function resultRows(ctx: Ctx, pile: AxialPileResult): TableCell[][] {
  const { t, f } = ctx;
  return [
    kv('R_{s,k}', f(pile.Rs_k, 1), 'kN'),
    kv('R_{b,k}', f(pile.Rb_k, 1), 'kN'),
    kv('R_{c,d}', f(pile.R_d, 1), 'kN'),
    kv('E_d/R_{c,d}', f(pile.EzuR, 1), '%'),
    kv('R_{t,d}', f(pile.R_d_Min, 1), 'kN'),
    kv(t.length, f(pile.IstLaenge, 2), 'm'),
    kv(t.lengthAloneCoordinated, `${f(pile.laenge_ohne, 2)} / ${f(pile.laenge_mit, 2)}`, 'm'),
    kv(t.pileToe, f(pile.Soll_UK_Pfahl, 2), 'm NHN'),
    kv(t.drillingLength, f(pile.BohrLaenge, 2), 'm'),
    kv(t.penetration, f(pile.EindringTiefe, 2), 'm'),
    kv(`${t.settlement} (E_k)`, f(pile.Setzung, 2), 'cm'),
    kv(t.springStiffness, f(pile.Federsteifigkeit, 0), 'kN/m'),
    kv(t.pileVolume, f(pile.PfahlVolumen, 2), 'm³'),
  ];
}

function layerBlock(ctx: Ctx, pile: AxialPileResult, row: Partial<PileRow>): Content[] {
  const { t, f, lang } = ctx;
  const trace = pile.trace!;
  const profile = ctx.input.workbook.soil_profiles.find((p) => p.name === row.BodenProfil);
  // A table value the engine tags unverified ([U], docs/sources/engine.md §E0) gets a star and the note
  // below the table, in words (ADR 0154); the merged warning with its load points is in "Annahmen".
  let unchecked = false;
  // Only values the pile uses are starred (a layer below the toe is listed with L_s = 0 and no warning).
  const sourceRef = (
    q: { source: string; tableSource: string | null; lookup: { tag: string } | null } | undefined,
    used = true,
  ): string => {
    if (!q || q.source === 'none') return t.sourceNone;
    if (q.source === 'override') return t.sourceOverride;
    const cited = shortCitation(q.tableSource ?? trace.mapping, lang);
    if (!used || q.lookup?.tag !== 'U') return cited;
    unchecked = true;
    return `${cited} *`;
  };
  const body: TableCell[][] = [
    [
      head(t.layerNo),
      head(t.soilType),
      head(t.layerTop, 'm NHN'),
      head(t.layerBottom, 'm NHN'),
      head(t.kindShort),
      head('L_s', 'm'),
      head('q_{s,k}', 'MN/m²'),
      head(t.source),
      head('η · (1 + Δ)', '–'),
      head('R_{s,k,i}', 'kN'),
    ],
  ];
  for (const layer of trace.layers) {
    const skin = layer.skinStar ?? layer.skin;
    body.push([
      String(layer.rowIndex + 1),
      String(profile?.soil_layers[layer.rowIndex]?.bodenArt ?? ''),
      num(ctx, layer.top, 2),
      num(ctx, layer.bottom, 2),
      t.kind[layer.kind],
      num(ctx, layer.shaftLength, 2),
      num(ctx, skin.used / 1000, 3),
      sourceRef(skin, layer.shaftLength > 0),
      { text: `${f(skin.eta, 2)} · ${f(skin.increase, 2)}`, alignment: 'right' },
      num(ctx, layer.RsStar_i ?? layer.Rs_i, 1),
    ]);
  }
  const toeLayer = trace.layers.find((l) => l.rowIndex === trace.toe.layerRowIndex);
  const toeText = [
    {
      text: `${t.baseResistance} (${t.layerWord} ${trace.toe.layerRowIndex + 1}${trace.toe.isAveraged ? `, ${t.averaged}` : ''}): `,
      bold: true,
    },
    ...trace.toe.sRel.flatMap((s, k) => [
      ...(k > 0 ? [{ text: '; ' }] : []),
      ...runs(`q_{b,k}(s/D = ${f(s, 3)}) = ${f((trace.toe.qbUsed[k] ?? 0) / 1000, 3)} MN/m²`),
    ]),
    { text: ` — ${t.source}: ${sourceRef(toeLayer?.base[0])}` },
  ];
  return [
    { text: t.layers, style: 'h3' },
    {
      table: { headerRows: 1, widths: [14, '*', 36, 36, 40, 26, 34, 82, 40, 38], body },
      layout: 'thin',
      fontSize: 7,
    },
    { text: toeText, fontSize: 7.5, margin: [0, 4, 0, 2] },
    ...(unchecked ? [{ text: `* ${t.uncheckedMark}`, fontSize: 7, color: '#333' }] : []),
  ];
}

function graphics(ctx: Ctx, pile: AxialPileResult, row: Partial<PileRow>): Content | null {
  const { t, settings, lang } = ctx;
  const trace = pile.trace!;
  const profile = ctx.input.workbook.soil_profiles.find((p) => p.name === row.BodenProfil);
  const parts: Content[] = [];
  if (trace.curve) {
    const curve = curveDrawing({
      points: trace.curve.points,
      Ek: trace.inputs.Ek,
      sAllowCm: trace.inputs.allowedSettlementCm,
      showCheckLines: flag(settings, 'zeichneNachweislinien'),
      lang,
      labels: { resistance: t.resistance, settlement: t.settlement, permissible: t.permissible },
    });
    parts.push({ stack: [{ text: t.curve, style: 'h3' }, drawing(curve)] });
  }
  if (profile && profile.startKote !== null && profile.startKote !== undefined) {
    const drawn = profileDrawing({
      startKote: profile.startKote,
      layers: profile.soil_layers
        .filter((l) => l.endKote !== null && l.endKote !== undefined)
        .map((l) => ({ bottom: l.endKote!, color: l.bodenSchichtColor, label: l.bodenArt ?? '' })),
      groundwater: profile.grundwasserStand,
      pileTop: trace.inputs.top,
      toe: pile.Soll_UK_Pfahl,
      diameter: trace.inputs.D,
      drillLevel: trace.inputs.drillLevel,
      lang,
      gwLabel: t.gw,
    });
    parts.push({ stack: [{ text: t.profile, style: 'h3' }, drawing(drawn)] });
  }
  return parts.length > 0 ? { columns: parts, columnGap: 14, unbreakable: true } : null;
}

export function pileDetail(ctx: Ctx, pile: AxialPileResult, number: string): Content[] {
  const row: Partial<PileRow> = ctx.input.workbook.piles[pile.rowIndex] ?? {};
  const out: Content[] = [
    heading(`${number} ${ctx.t.verification} ${pile.Pname}`, 2, { pageBreak: 'before' }),
    twoColumns(ctx, inputRows(ctx, pile, row), resultRows(ctx, pile)),
  ];
  if (pile.trace) {
    out.push(...layerBlock(ctx, pile, row));
    if (flag(ctx.settings, 'erstellegrafikAuszen')) {
      const drawn = graphics(ctx, pile, row);
      if (drawn) out.push(drawn);
    }
  }
  for (const entry of ctx.horizontalByPile.get(pile.Pname) ?? []) {
    out.push(...structuralSection(ctx, entry));
  }
  const numbers = assumptionNumbersOf(ctx.assumptions, pile.Pname);
  if (numbers.length > 0) {
    out.push({
      text: fill(ctx.t.assumptionsOfPile, { numbers: numbers.join(', ') }),
      fontSize: 7.5,
      margin: [0, 6, 0, 0],
    });
  }
  return out;
}
