/**
 * The PDF report (issue 6) with pdfmake 0.3, server-side, Roboto embedded (shipped inside pdfmake; full
 * Latin, Greek and the symbols ² Ø ‰ ≤). Sections: title and calculation data, basis of calculation
 * (every setting that influences results), notes and warnings, overview table of all load points, one
 * verification section per load point (inputs, layers with the q values used and their source, the
 * resistance–settlement curve, the soil profile with the pile to scale, results, internal capacity with
 * w/M/Q diagrams and reinforcement). The PDF options of the settings switch the parts
 * (legacy-format §4.4 `_nameAnlageAuszen` … `_erstellegrafikInnen`).
 */
import {
  FIELD_TEXTS,
  SETTINGS_FIELDS,
  UNIT_SYMBOLS,
  type FieldDef,
  type SettingsGroup,
} from '@pfahlplaner/contracts';
import type { AxialPileResult, HorizontalLoadRowResult, SteelPipeCheck } from '@pfahlplaner/engine';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import vfsFonts from 'pdfmake/build/vfs_fonts.js';
import type { ReportResult } from '../result';
import type { ImportedWorkbook } from '../validate';
import { approximateWidth, curveSvg, diagramSvg, profileSvg, splitSvgText } from './svg';
import {
  TEXTS,
  formatDateTime,
  formatNumber,
  issueText,
  type ReportLang,
  type Texts,
} from './texts';

export type ReportInput = {
  workbook: ImportedWorkbook;
  result: ReportResult;
  calculation: { engine_version: string; calculated_at: string };
  /** The company of the project (header/footer), used unless the settings ask for the alternative data. */
  company: {
    name: string;
    addressLines: string[];
    logo?: Uint8Array;
    alternativeLogo?: Uint8Array;
  };
  project: { name: string; number?: string | null; address?: string | null };
  lang: ReportLang;
};

// ------------------------------------------------------------------------------------------- fonts

let fontsReady = false;
type VirtualFs = { writeFileSync: (name: string, data: Uint8Array) => void };

const setupFonts = () => {
  if (fontsReady) return;
  const files = vfsFonts as unknown as Record<string, string>;
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  for (const name of [
    'Roboto-Regular.ttf',
    'Roboto-Medium.ttf',
    'Roboto-Italic.ttf',
    'Roboto-MediumItalic.ttf',
  ]) {
    vfs.writeFileSync(name, base64ToBytes(files[name]!));
  }
  pdfmake.setFonts({
    Roboto: {
      normal: 'Roboto-Regular.ttf',
      bold: 'Roboto-Medium.ttf',
      italics: 'Roboto-Italic.ttf',
      bolditalics: 'Roboto-MediumItalic.ttf',
    },
  });
  // No downloads and no local files: everything the report needs is passed in.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
};

const base64ToBytes = (text: string): Uint8Array => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

/** data URL of a PNG or JPEG logo; null for anything else (never passed to the PDF library). */
const imageDataUrl = (bytes: Uint8Array | undefined): string | null => {
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return `data:image/png;base64,${bytesToBase64(bytes)}`;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return `data:image/jpeg;base64,${bytesToBase64(bytes)}`;
  }
  return null;
};

// ------------------------------------------------------------------------------------------ helpers

type Settings = ImportedWorkbook['settings'];
type Row = Record<string, unknown>;
type PileRow = ImportedWorkbook['piles'][number];
const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '–';

const flag = (settings: Settings, key: keyof Settings): boolean => Number(settings[key] ?? 0) === 1;

type Run = { text: string; sub?: boolean; color?: string };

/** Text runs with subscripts: `E_k` → E with subscript k, `R_{s,k}` → R with subscript s,k. */
const runs = (text: string): Run[] =>
  text
    .split(/(_\{[^}]+\}|_[^\s[/]+)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('_') ? { text: part.replace(/^_\{?|\}$/g, ''), sub: true } : { text: part },
    );

const sym = (text: string): TableCell => ({ text: runs(text) });

const head = (label: string, unit = ''): TableCell => ({
  text: [...runs(label), ...(unit ? [{ text: `\n[${unit}]`, color: '#444' }] : [])],
  style: 'th',
});

const num = (value: number | null | undefined, decimals: number, lang: ReportLang): TableCell => ({
  text: formatNumber(value, decimals, lang),
  alignment: 'right',
});

const fieldLabel = (key: string, lang: ReportLang) => FIELD_TEXTS[lang][key]?.label ?? key;

const settingValue = (field: FieldDef, value: unknown, lang: ReportLang, t: Texts): string => {
  if (value === null || value === undefined || value === '') return '–';
  switch (field.kind) {
    case 'boolean':
      return value ? t.yes : t.no;
    case 'enum':
      return FIELD_TEXTS[lang][field.key]?.option?.[textOf(value)] ?? textOf(value);
    case 'number':
      return formatNumber(value as number, 4, lang, true);
    case 'integer':
      return field.control === 'checkbox'
        ? value
          ? t.yes
          : t.no
        : formatNumber(value as number, 0, lang);
    case 'string':
      return textOf(value);
  }
};

const SUMMARY_GROUPS: SettingsGroup[] = [
  'standard',
  'partialFactors',
  'increaseFactors',
  'permissibleLimits',
  'pileLengths',
  'minimumValues',
  'pileFootSteps',
  'general',
  'crossSection',
];

const unitText = (field: FieldDef) => UNIT_SYMBOLS[field.unit];

/** A drawing: SVG shapes with the labels set as PDF text on top (see splitSvgText). */
const drawing = (svgText: string, width: number): Content => {
  const { svg, labels } = splitSvgText(svgText);
  return {
    stack: [
      ...labels.map((label): Content => {
        const textWidth = approximateWidth(label.text, label.size);
        const shift =
          label.anchor === 'middle' ? textWidth / 2 : label.anchor === 'end' ? textWidth : 0;
        return {
          text: label.text,
          fontSize: label.size,
          lineHeight: 1,
          color: label.color,
          relativePosition: { x: label.x - shift, y: label.y - 0.93 * label.size },
        };
      }),
      { svg, width },
    ],
  };
};

// ----------------------------------------------------------------------------------------- sections

function titleSection(input: ReportInput, t: Texts): Content[] {
  const { settings } = input.workbook;
  const lang = input.lang;
  const title = settings.nameAnlageAuszen?.trim() || t.defaultTitle;
  const rows: TableCell[][] = [
    [
      { text: t.project, style: 'label' },
      { text: input.project.name, bold: true },
    ],
    [{ text: t.projectNumber, style: 'label' }, input.project.number ?? '–'],
    [{ text: t.address, style: 'label' }, input.project.address ?? '–'],
    [{ text: t.engineVersion, style: 'label' }, `Pfahlplaner ${input.calculation.engine_version}`],
    [
      { text: t.verificationManual, style: 'label' },
      t.verificationManualText(input.calculation.engine_version),
    ],
    [
      { text: t.calculatedAt, style: 'label' },
      formatDateTime(input.calculation.calculated_at, lang),
    ],
    [{ text: t.loadPointCount, style: 'label' }, String(input.workbook.piles.length)],
  ];
  return [
    { text: title, style: 'title' },
    { table: { widths: [110, '*'], body: rows }, layout: 'noBorders', margin: [0, 4, 0, 10] },
  ];
}

function summarySection(input: ReportInput, t: Texts): Content[] {
  const { settings } = input.workbook;
  const lang = input.lang;
  const blocks: Content[] = [{ text: t.inputSummary, style: 'h1' }];
  const tables: Content[] = [];
  for (const group of SUMMARY_GROUPS) {
    const fields = (SETTINGS_FIELDS as readonly FieldDef[]).filter((f) => f.group === group);
    if (fields.length === 0) continue;
    tables.push({
      unbreakable: true,
      stack: [
        { text: t.groups[group] ?? group, style: 'h3' },
        {
          table: {
            widths: ['*', 70, 36],
            body: fields.map((field) => [
              sym(fieldLabel(field.key, lang)),
              {
                text: settingValue(field, (settings as Row)[field.key], lang, t),
                alignment: 'right',
              },
              { text: unitText(field), color: '#444' },
            ]),
          },
          layout: 'thin',
          fontSize: 7.5,
          margin: [0, 0, 0, 6],
        },
      ],
    });
  }
  // two columns of group tables
  const left = tables.filter((_, i) => i % 2 === 0);
  const right = tables.filter((_, i) => i % 2 === 1);
  blocks.push({
    columns: [
      { stack: left, width: '*' },
      { stack: right, width: '*' },
    ],
    columnGap: 16,
  });
  return blocks;
}

function warningsSection(input: ReportInput, t: Texts): Content[] {
  const lang = input.lang;
  const rows: TableCell[][] = [];
  for (const entry of input.result.issues) {
    rows.push([t.general, t.severity[entry.severity], issueText(entry, lang)]);
  }
  for (const pile of input.result.piles) {
    for (const entry of pile.issues) {
      rows.push([pile.Pname, t.severity[entry.severity], issueText(entry, lang)]);
    }
  }
  for (const loadCase of input.result.horizontal_loadcases ?? []) {
    for (const row of loadCase.horizontal_loads) {
      for (const entry of row.issues) {
        rows.push([
          `${row.Pname} (${loadCase.name})`,
          t.severity[entry.severity],
          issueText(entry, lang),
        ]);
      }
    }
  }
  return [
    { text: t.warnings, style: 'h1' },
    rows.length === 0
      ? { text: t.noWarnings }
      : {
          table: {
            headerRows: 1,
            widths: [95, 42, '*'],
            body: [
              [
                { text: lang === 'de' ? 'Lastpunkt' : 'Load point', style: 'th' },
                { text: lang === 'de' ? 'Art' : 'Kind', style: 'th' },
                { text: lang === 'de' ? 'Hinweis' : 'Note', style: 'th' },
              ],
              ...rows,
            ],
          },
          layout: 'thin',
          fontSize: 7.5,
        },
  ];
}

function overviewSection(input: ReportInput, t: Texts, landscape: boolean): Content[] {
  const lang = input.lang;
  const { settings } = input.workbook;
  const showToe = flag(settings, 'UKKotenInTabelle');
  const de = lang === 'de';
  const columns: {
    head: TableCell;
    cell: (pile: AxialPileResult | undefined, row: PileRow) => TableCell;
  }[] = [
    {
      head: head(de ? 'Lastpunkt' : 'Load point'),
      cell: (_p, row) => ({ text: row.Pname ?? '–', bold: true }),
    },
    {
      head: head(de ? 'Bohrebene' : 'Drilling level', 'mNHN'),
      cell: (p, row) => num(p?.trace?.inputs.drillLevel ?? row.AEHoehe, 2, lang),
    },
    {
      head: head(de ? 'OK Pfahl' : 'Pile top', 'mNHN'),
      cell: (_p, row) => num(row.SollPfahlOberKante, 2, lang),
    },
    { head: head('D', 'm'), cell: (_p, row) => num(row.SollDurchmesser, 2, lang) },
    { head: head('n', '-'), cell: (_p, row) => num(row.PfahlAnzahl, 0, lang) },
    {
      head: head('E_k', 'kN'),
      cell: (p, row) => num(p?.trace?.inputs.Ek ?? row.AlternativeCharakteristischeLastZ, 0, lang),
    },
    {
      head: head('E_d', 'kN'),
      cell: (p, row) => num(p?.trace?.inputs.Ed ?? row.AlternativeDesignLastZ, 0, lang),
    },
    {
      head: head(de ? 'Boden-\nprofil' : 'Soil\nprofile'),
      cell: (_p, row) => row.BodenProfil ?? '–',
    },
    { head: head('R_{s,k}', 'kN'), cell: (p) => num(p?.Rs_k, 0, lang) },
    { head: head('R_{b,k}', 'kN'), cell: (p) => num(p?.Rb_k, 0, lang) },
    { head: head('R_d', 'kN'), cell: (p) => num(p?.R_d, 0, lang) },
    {
      head: head('E_d/R_d', '%'),
      cell: (p) => ({
        text: formatNumber(p?.EzuR, 1, lang),
        alignment: 'right',
        color: (p?.EzuR ?? 0) > 100 ? '#c53030' : '#000',
        bold: (p?.EzuR ?? 0) > 100,
      }),
    },
    {
      head: head(de ? 'Pfahl-\nlänge' : 'Pile\nlength', 'm'),
      cell: (p) => num(p?.IstLaenge, 2, lang),
    },
    ...(showToe
      ? [
          {
            head: head(de ? 'UK Pfahl' : 'Pile toe', 'mNHN'),
            cell: (p: AxialPileResult | undefined) => num(p?.Soll_UK_Pfahl, 2, lang),
          },
        ]
      : []),
    {
      head: head(de ? 'Bohr-\nlänge' : 'Drilling\nlength', 'm'),
      cell: (p) => num(p?.BohrLaenge, 2, lang),
    },
    {
      head: head(de ? 'Eindrin-\ngung' : 'Pene-\ntration', 'm'),
      cell: (p) => num(p?.EindringTiefe, 2, lang),
    },
  ];
  const byRow = new Map(input.result.piles.map((pile) => [pile.rowIndex, pile]));
  const body: TableCell[][] = [columns.map((column) => column.head)];
  input.workbook.piles.forEach((row, index) => {
    const pile = byRow.get(index);
    body.push(columns.map((column) => column.cell(pile, row)));
  });
  return [
    {
      text: t.overview,
      style: 'h1',
      pageBreak: 'before',
      pageOrientation: landscape ? 'landscape' : 'portrait',
    },
    { text: t.perPile, italics: true, fontSize: 7.5, margin: [0, 0, 0, 4] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: columns.map((_column, index) => (index === 0 ? 'auto' : '*')),
        body,
      },
      layout: 'overview',
      fontSize: landscape ? 7.5 : 6.5,
    },
  ];
}

const kv = (label: TableCell, value: string, unit = ''): TableCell[] => [
  label,
  { text: value, alignment: 'right' },
  { text: unit, color: '#444' },
];

function pileSection(
  input: ReportInput,
  t: Texts,
  pile: AxialPileResult,
  horizontal: { caseName: string; row: HorizontalLoadRowResult }[],
): Content[] {
  const lang = input.lang;
  const de = lang === 'de';
  const { settings } = input.workbook;
  const row: Partial<PileRow> = input.workbook.piles[pile.rowIndex] ?? {};
  const trace = pile.trace;
  const f = (v: number | null | undefined, d: number) => formatNumber(v, d, lang);
  const out: Content[] = [
    {
      text: `${t.verification} ${pile.Pname}`,
      style: 'h1',
      pageBreak: 'before',
      pageOrientation: 'portrait',
    },
  ];
  const inputs: TableCell[][] = [
    kv(t.pileType, `${row.PfahlTyp ?? '–'}${trace ? ` (${trace.mapping})` : ''}`),
    kv(sym('D'), f(row.SollDurchmesser, 2), 'm'),
    kv(de ? 'Pfahlanzahl n' : 'Number of piles n', f(row.PfahlAnzahl, 0)),
    kv(de ? 'Achsabstand' : 'Spacing', f(row.PfahlAchsAbstandxD, 2), '×D'),
    kv(de ? 'OK Pfahl' : 'Pile top', f(row.SollPfahlOberKante, 2), 'mNHN'),
    kv(de ? 'Bohrebene' : 'Drilling level', f(trace?.inputs.drillLevel ?? row.AEHoehe, 2), 'mNHN'),
    kv(de ? 'Bodenprofil' : 'Soil profile', row.BodenProfil ?? '–'),
  ];
  if (trace) {
    const i = trace.inputs;
    inputs.push(
      kv(sym(de ? 'E_k je Pfahl' : 'E_k per pile'), f(i.Ek, 1), 'kN'),
      kv(sym(de ? 'E_d je Pfahl' : 'E_d per pile'), f(i.Ed, 1), 'kN'),
      kv(t.loadSource, i.loadSource),
      kv(sym('γ_{Druck} / γ_{Zug}'), `${f(i.gammaDruck, 2)} / ${f(i.gammaZug, 2)}`),
      kv(de ? 'zul. Setzung' : 'Perm. settlement', f(i.allowedSettlementCm, 2), 'cm'),
      kv(de ? 'Zul. Ausnutzung' : 'Perm. utilisation', f(i.utilisationLimitPercent, 1), '%'),
      kv(de ? 'Mindesteinbindung' : 'Min. embedment', f(i.requiredEmbedment, 2), 'm'),
      kv(sym('L_{min} / L_{max}'), `${f(i.Lmin, 2)} / ${f(i.Lmax, 2)}`, 'm'),
      kv(t.groupRule, `${trace.group.kind}, η = ${f(trace.group.factor, 3)}`),
    );
  }
  const results: TableCell[][] = [
    kv(sym('R_{s,k}'), f(pile.Rs_k, 1), 'kN'),
    kv(sym('R_{b,k}'), f(pile.Rb_k, 1), 'kN'),
    kv(sym('R_d'), f(pile.R_d, 1), 'kN'),
    kv(sym('E_d/R_d'), f(pile.EzuR, 1), '%'),
    kv(sym('R_{t,d}'), f(pile.R_d_Min, 1), 'kN'),
    kv(de ? 'Pfahllänge' : 'Pile length', f(pile.IstLaenge, 2), 'm'),
    kv(
      de ? 'Länge ohne / mit Abtreppung' : 'Length alone / coordinated',
      `${f(pile.laenge_ohne, 2)} / ${f(pile.laenge_mit, 2)}`,
      'm',
    ),
    kv(de ? 'UK Pfahl' : 'Pile toe', f(pile.Soll_UK_Pfahl, 2), 'mNHN'),
    kv(de ? 'Bohrlänge' : 'Drilling length', f(pile.BohrLaenge, 2), 'm'),
    kv(de ? 'Eindringung' : 'Penetration', f(pile.EindringTiefe, 2), 'm'),
    kv(sym(de ? 'Setzung unter E_k' : 'Settlement under E_k'), f(pile.Setzung, 2), 'cm'),
    kv(de ? 'Federsteifigkeit' : 'Spring stiffness', f(pile.Federsteifigkeit, 0), 'kN/m'),
    kv(de ? 'Pfahlvolumen' : 'Pile volume', f(pile.PfahlVolumen, 2), 'm³'),
  ];
  out.push({
    columns: [
      {
        stack: [
          { text: t.inputs, style: 'h3' },
          { table: { widths: [108, 88, 30], body: inputs }, layout: 'thin', fontSize: 7.5 },
        ],
      },
      {
        stack: [
          { text: t.results, style: 'h3' },
          { table: { widths: [108, 88, 30], body: results }, layout: 'thin', fontSize: 7.5 },
        ],
      },
    ],
    columnGap: 16,
  });
  if (trace) {
    const profile = input.workbook.soil_profiles.find((p) => p.name === row.BodenProfil);
    const layerRows: TableCell[][] = [
      [
        head(de ? 'Nr.' : 'No.'),
        head(de ? 'Bodenart' : 'Soil'),
        head(de ? 'OK' : 'Top', 'mNHN'),
        head(de ? 'UK' : 'Bottom', 'mNHN'),
        head(de ? 'Art' : 'Kind'),
        head('L_s', 'm'),
        head('q_{s,k}', 'MN/m²'),
        head(t.source),
        head('η · (1+Δ)'),
        head('R_{s,k,i}', 'kN'),
      ],
    ];
    const sources: string[] = [];
    const sourceRef = (q: { source: string; tableSource: string | null } | undefined): string => {
      if (!q || q.source === 'none') return t.sourceNone;
      if (q.source === 'override') return t.sourceOverride;
      const full = q.tableSource ?? trace.mapping;
      let index = sources.indexOf(full);
      if (index < 0) index = sources.push(full) - 1;
      return `${t.sourceTable} [${index + 1}]`;
    };
    for (const layer of trace.layers) {
      const skin = layer.skinStar ?? layer.skin;
      layerRows.push([
        String(layer.rowIndex + 1),
        String(profile?.soil_layers[layer.rowIndex]?.bodenArt ?? ''),
        num(layer.top, 2, lang),
        num(layer.bottom, 2, lang),
        t.kind[layer.kind],
        num(layer.shaftLength, 2, lang),
        num(skin.used / 1000, 3, lang),
        sourceRef(skin),
        { text: `${f(skin.eta, 2)} · ${f(skin.increase, 2)}`, alignment: 'right' },
        num(layer.RsStar_i ?? layer.Rs_i, 1, lang),
      ]);
    }
    out.push(
      { text: t.layers, style: 'h3' },
      {
        table: {
          headerRows: 1,
          widths: [14, 99, 38, 38, 44, 26, 36, 44, 42, 40],
          body: layerRows,
        },
        layout: 'thin',
        fontSize: 7,
      },
    );
    const toeLayer = trace.layers.find((l) => l.rowIndex === trace.toe.layerRowIndex);
    out.push({
      text: [
        {
          text: `${t.baseResistance} (${de ? 'Schicht' : 'layer'} ${trace.toe.layerRowIndex + 1}${trace.toe.isAveraged ? `, ${t.averaged}` : ''}): `,
          bold: true,
        },
        ...trace.toe.sRel.flatMap((s, k) => [
          ...(k > 0 ? [{ text: '; ' }] : []),
          ...runs(`q_{b,k}(s/D = ${f(s, 3)}) = ${f((trace.toe.qbUsed[k] ?? 0) / 1000, 3)} MN/m²`),
        ]),
        { text: ` — ${t.source}: ${sourceRef(toeLayer?.base[0])}` },
      ],
      fontSize: 7.5,
      margin: [0, 4, 0, 4],
    });
    if (sources.length > 0) {
      out.push({
        stack: sources.map((text, index) => ({
          text: `[${index + 1}] ${text}`,
          fontSize: 6,
          color: '#444',
        })),
        margin: [0, 0, 0, 4],
      });
    }
    if (flag(settings, 'erstellegrafikAuszen')) {
      const graphics: Content[] = [];
      if (trace.curve) {
        graphics.push({
          stack: [
            { text: t.curve, style: 'h3' },
            drawing(
              curveSvg({
                points: trace.curve.points,
                Ek: trace.inputs.Ek,
                sAllowCm: trace.inputs.allowedSettlementCm,
                showCheckLines: flag(settings, 'zeichneNachweislinien'),
                lang,
                labels: {
                  resistance: t.resistance,
                  settlement: t.settlement,
                  permissible: t.permissible,
                },
              }),
              250,
            ),
          ],
        });
      }
      if (profile && profile.startKote !== null) {
        graphics.push({
          stack: [
            { text: t.profile, style: 'h3' },
            drawing(
              profileSvg({
                startKote: profile.startKote,
                layers: profile.soil_layers
                  .filter((l) => l.endKote !== null)
                  .map((l) => ({
                    bottom: l.endKote!,
                    color: l.bodenSchichtColor,
                    label: l.bodenArt ?? '',
                  })),
                groundwater: profile.grundwasserStand,
                pileTop: trace.inputs.top,
                toe: pile.Soll_UK_Pfahl,
                diameter: trace.inputs.D,
                drillLevel: trace.inputs.drillLevel,
                lang,
                gwLabel: t.groundwater,
              }),
              250,
            ),
          ],
        });
      }
      out.push({ columns: graphics, columnGap: 14, unbreakable: true });
    }
  }
  if (pile.issues.length > 0) {
    out.push(
      { text: t.warnings, style: 'h3' },
      {
        ul: pile.issues.map((entry) => `${t.severity[entry.severity]}: ${issueText(entry, lang)}`),
        fontSize: 7.5,
      },
    );
  }
  for (const { caseName, row: load } of horizontal) {
    out.push(...internalSection(input, t, caseName, load));
  }
  return out;
}

/** Reinforced-concrete results of a load-case row (EN 1992-1-1 + NA). */
function concreteRows(load: HorizontalLoadRowResult, lang: ReportLang, t: Texts): TableCell[][] {
  const de = lang === 'de';
  const f = (v: number | null | undefined, d: number) => formatNumber(v, d, lang);
  return [
    kv(sym(de ? 'A_{s,erf} längs' : 'A_{s,req} long.'), f(load.AsLaengs, 2), 'cm²'),
    kv(t.reinforcement, load.BewTyp ?? '–'),
    kv(sym(de ? 'A_{s,erf} quer' : 'A_{s,req} shear'), f(load.AsQuer, 2), 'cm²/m'),
    kv(sym('ε_c / ε_s'), `${f(load.Eps0, 3)} / ${f(load.Eps1, 3)}`, '‰'),
    kv(de ? 'Kote überdrückt' : 'Fully compressed below', f(load.KoteUeberdrueckt, 2), 'mNHN'),
    kv(de ? 'Bewehrungslänge' : 'Cage length', f(load.BewBZWLieferlaenge, 2), 'm'),
  ];
}

/** Steel pipe check of a load-case row (EN 1993-1-1 6.2.6–6.2.10, 6.3.1, 6.3.3; engine ADR 0029, 0103–0105). */
function steelRows(steel: SteelPipeCheck, lang: ReportLang): TableCell[][] {
  const de = lang === 'de';
  const f = (v: number | null | undefined, d: number) => formatNumber(v, d, lang);
  const mm = (v: number) => f(v * 1000, 1);
  const notDesignable = de ? 'nicht nachweisbar' : 'cannot be verified';
  const manufacture =
    steel.manufacture === 'hot-finished'
      ? de
        ? 'warmgefertigt'
        : 'hot finished'
      : de
        ? 'kaltgefertigt'
        : 'cold formed';
  const rows: TableCell[][] = [
    kv(
      de ? 'Stahlsorte / Querschnittsklasse' : 'Steel grade / section class',
      `${steel.grade} / ${steel.sectionClass}`,
    ),
    kv(de ? 'Herstellung (Rohr, unverfüllt)' : 'Manufacture (tube, unfilled)', manufacture),
    kv(
      sym(de ? 't / Korrosion Δt (außen)' : 't / corrosion Δt (outside)'),
      `${mm(steel.t)} / ${mm(steel.corrosion)}`,
      'mm',
    ),
    kv(
      sym(de ? 'Nachweisquerschnitt D − 2Δt × t − Δt' : 'Section checked D − 2Δt × t − Δt'),
      `${mm(steel.DNet)} × ${mm(steel.tNet)}`,
      'mm',
    ),
    kv(sym('N_{Ed} / M_{Ed}'), `${f(steel.NEdUsed, 1)} / ${f(steel.MEdUsed, 1)}`, 'kN / kNm'),
    kv(sym('V_{Ed}'), f(steel.VEdUsed, 1), 'kN'),
    kv(sym('N_{pl,Rd}'), f(steel.NRd, 1), 'kN'),
    kv(sym('M_{c,Rd}'), f(steel.MRd, 1), 'kNm'),
    kv(sym('V_{pl,Rd}'), f(steel.VRd, 1), 'kN'),
    kv(
      sym('V_{Ed}/V_{pl,Rd} (6.2.6) / ρ (6.2.8)'),
      `${f(steel.utilisationShear, 3)} / ${f(steel.rho, 3)}`,
      '–',
    ),
    kv(sym(de ? 'M_{N,Rd} mit (1 − ρ)·f_y' : 'M_{N,Rd} with (1 − ρ)·f_y'), f(steel.MNRd, 1), 'kNm'),
    kv(
      de ? 'Ausnutzung Querschnitt (6.2.8–6.2.10)' : 'Utilisation, cross-section (6.2.8–6.2.10)',
      steel.utilisationSection === null ? notDesignable : f(steel.utilisationSection, 3),
      '–',
    ),
  ];
  const b = steel.buckling;
  if (b) {
    rows.push(
      kv(sym(de ? 'Knicklänge L_{cr}' : 'Buckling length L_{cr}'), f(b.Lcr, 2), 'm'),
      kv(
        de
          ? `bez. Schlankheit / Knicklinie (${manufacture}) / χ`
          : `rel. slenderness / curve (${manufacture}) / χ`,
        `${f(b.lambdaBar, 3)} / ${b.curve} / ${f(b.chi, 3)}`,
        '–',
      ),
      kv(sym('N_{b,Rd}'), f(b.NbRd, 1), 'kN'),
      kv(
        de ? 'Ausnutzung Bauteil (6.3.3)' : 'Utilisation, member (6.3.3)',
        b.isNegligible
          ? `${f(b.utilisation, 3)} (${de ? 'vernachlässigbar' : 'negligible'})`
          : f(b.utilisation, 3),
        '–',
      ),
    );
  }
  rows.push(
    kv(
      de ? 'Ausnutzung maßgebend' : 'Governing utilisation',
      steel.utilisation === null ? notDesignable : f(steel.utilisation, 3),
      '–',
    ),
  );
  return rows;
}

/** A steel pipe row without a check result (class 4, wall or corrosion invalid): no capacity is claimed. */
function steelMissingRows(lang: ReportLang): TableCell[][] {
  const de = lang === 'de';
  return [
    kv(
      de
        ? 'Stahlrohrnachweis (EN 1993-1-1): keine Tragfähigkeit ausgewiesen, siehe Hinweise'
        : 'Steel pipe check (EN 1993-1-1): no resistance given, see the notes',
      '–',
    ),
  ];
}

function internalSection(
  input: ReportInput,
  t: Texts,
  caseName: string,
  load: HorizontalLoadRowResult,
): Content[] {
  const lang = input.lang;
  const de = lang === 'de';
  const f = (v: number | null | undefined, d: number) => formatNumber(v, d, lang);
  const head: TableCell[][] = [
    kv(sym('w_{Kopf}'), f(load.wOben, 2), 'mm'),
    kv(sym('|M_{Ed}|_{max}'), f(load.MMax, 1), 'kNm'),
    kv(sym('|V_{Ed}|_{max}'), f(load.QMax, 1), 'kN'),
    kv(sym('M_{Ed,Kopf}'), f(load.MdKopf, 1), 'kNm'),
  ];
  const steel = load.steel;
  const rows: TableCell[][] = steel
    ? [...head, ...steelRows(steel, lang)]
    : load.sectionKind === 'steel-pipe'
      ? [...head, ...steelMissingRows(lang)]
      : [...head, ...concreteRows(load, lang, t)];
  const out: Content[] = [
    { text: `${t.internal} — ${t.loadCase} ${caseName}`, style: 'h2', pageBreak: 'before' },
    { table: { widths: [160, 80, 36], body: rows }, layout: 'thin', fontSize: 7.5 },
  ];

  if (flag(input.workbook.settings, 'erstellegrafikInnen') && load.distribution) {
    const d = load.distribution;
    out.push({
      columns: [
        drawing(
          diagramSvg({
            depth: d.depth,
            values: d.w,
            title: 'w',
            unit: 'mm',
            lang,
            color: '#2b6cb0',
          }),
          160,
        ),
        drawing(
          diagramSvg({
            depth: d.depth,
            values: d.M,
            title: 'MEd',
            unit: 'kNm',
            lang,
            color: '#c53030',
          }),
          160,
        ),
        drawing(
          diagramSvg({
            depth: d.depth,
            values: d.Q,
            title: 'VEd',
            unit: 'kN',
            lang,
            color: '#2f855a',
          }),
          160,
        ),
      ],
      columnGap: 10,
      margin: [0, 8, 0, 0],
    });
    out.push({
      text: `${t.depth} [m] ${de ? 'unter Pfahlkopf' : 'below pile head'}`,
      fontSize: 7,
      italics: true,
    });
  }
  if (load.issues.length > 0) {
    out.push({
      ul: load.issues.map((entry) => `${t.severity[entry.severity]}: ${issueText(entry, lang)}`),
      fontSize: 7.5,
      margin: [0, 6, 0, 0],
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------- document

/** The company block of header and footer: the company, or the alternative data of the settings. */
const companyOf = (input: ReportInput) => {
  const s = input.workbook.settings;
  const useAlternative = s.default_company_info === false && (s.companyAltName ?? '').trim() !== '';
  if (!useAlternative) {
    return {
      name: input.company.name,
      lines: input.company.addressLines,
      logo: imageDataUrl(input.company.logo),
    };
  }
  return {
    name: s.companyAltName,
    lines: [
      s.companyAltStreet,
      [s.companyAltPostalCode, s.companyAltLocation].filter(Boolean).join(' '),
      s.companyAltPhone,
      s.companyAltEmail,
    ].filter((line): line is string => typeof line === 'string' && line.trim() !== ''),
    logo: imageDataUrl(input.company.alternativeLogo),
  };
};

/** The pdfmake document definition (exported for tests and for callers that want to add pages). */
export function reportDefinition(input: ReportInput): TDocumentDefinitions {
  const t = TEXTS[input.lang];
  const { settings } = input.workbook;
  const company = companyOf(input);
  const title = settings.nameAnlageAuszen?.trim() || t.defaultTitle;
  // The catalogue default 'Seite' is the German word: an English report says 'Page' unless the user typed a label.
  const typed = settings.seitenBezeichnung?.trim() ?? '';
  const label = typed === '' || typed === 'Seite' ? t.page : typed;
  const start = settings.seitenStartNummer ?? 1;
  const ofPages = flag(settings, 'SeiteVonSeiten');
  const horizontalByPile = new Map<string, { caseName: string; row: HorizontalLoadRowResult }[]>();
  for (const loadCase of input.result.horizontal_loadcases ?? []) {
    for (const row of loadCase.horizontal_loads) {
      const list = horizontalByPile.get(row.Pname) ?? [];
      list.push({ caseName: loadCase.name, row });
      horizontalByPile.set(row.Pname, list);
    }
  }
  const content: Content[] = [
    ...titleSection(input, t),
    ...summarySection(input, t),
    ...warningsSection(input, t),
  ];
  if (flag(settings, 'erstelleUebersichtAuszen')) {
    content.push(...overviewSection(input, t, flag(settings, 'UebersichtQuer')));
  }
  if (flag(settings, 'erstelleEinzelnachweise')) {
    for (const pile of input.result.piles) {
      content.push(...pileSection(input, t, pile, horizontalByPile.get(pile.Pname) ?? []));
    }
  }
  const projectLine = [
    input.project.name,
    input.project.number ? `${t.projectNumber} ${input.project.number}` : null,
    input.project.address,
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [40, 78, 40, 46],
    info: {
      title: `${title} — ${input.project.name}`,
      creator: 'Pfahlplaner',
      producer: `Pfahlplaner ${input.calculation.engine_version}`,
    },
    defaultStyle: { font: 'Roboto', fontSize: 8.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 6] },
      h1: { fontSize: 12, bold: true, margin: [0, 10, 0, 5] },
      h2: { fontSize: 10.5, bold: true, margin: [0, 8, 0, 4] },
      h3: { fontSize: 9, bold: true, margin: [0, 6, 0, 3] },
      th: { bold: true, fontSize: 7, fillColor: '#edf2f7' },
      label: { color: '#444' },
    },
    header: (_page: number, _count: number, pageSize: { width: number }) => ({
      margin: [40, 18, 40, 0],
      stack: [
        {
          columns: [
            ...(company.logo
              ? [{ image: company.logo, fit: [70, 40] as [number, number], width: 76 }]
              : []),
            {
              stack: [
                { text: company.name, bold: true, fontSize: 9 },
                ...company.lines.map((line) => ({ text: line, fontSize: 7 })),
              ],
              width: 170,
            },
            {
              stack: [
                { text: title, bold: true, fontSize: 9, alignment: 'right' },
                { text: projectLine, fontSize: 7, alignment: 'right' },
              ],
              width: '*',
            },
          ],
        },
        {
          canvas: [
            {
              type: 'line',
              x1: 0,
              y1: 4,
              x2: pageSize.width - 80,
              y2: 4,
              lineWidth: 0.5,
              lineColor: '#888',
            },
          ],
        },
      ],
    }),
    footer: (page: number, count: number, pageSize: { width: number }) => ({
      margin: [40, 8, 40, 0],
      stack: [
        {
          canvas: [
            {
              type: 'line',
              x1: 0,
              y1: 0,
              x2: pageSize.width - 80,
              y2: 0,
              lineWidth: 0.5,
              lineColor: '#888',
            },
          ],
        },
        {
          columns: [
            {
              text: `${company.name}${company.lines.length > 0 ? ` · ${company.lines.join(' · ')}` : ''}`,
              fontSize: 7,
              color: '#444',
            },
            {
              text: `Pfahlplaner ${input.calculation.engine_version} · ${formatDateTime(input.calculation.calculated_at, input.lang)}`,
              fontSize: 7,
              color: '#444',
              alignment: 'center',
            },
            {
              text: `${label} ${start + page - 1}${ofPages ? ` ${t.of} ${start + count - 1}` : ''}`,
              fontSize: 8,
              alignment: 'right',
            },
          ],
          margin: [0, 4, 0, 0],
        },
      ],
    }),
    content,
  };
}

/**
 * Render the report.
 * @returns PDF bytes
 */
export async function renderReportPdf(input: ReportInput): Promise<Uint8Array> {
  setupFonts();
  const layouts = {
    thin: {
      hLineWidth: (i: number, node: { table: { headerRows?: number } }) =>
        i === (node.table.headerRows ?? -1) ? 0.8 : 0.3,
      vLineWidth: () => 0,
      hLineColor: () => '#bbb',
      paddingLeft: () => 3,
      paddingRight: () => 3,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
    overview: {
      hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
      vLineWidth: () => 0,
      hLineColor: (i: number) => (i <= 1 ? '#333' : '#bbb'),
      paddingLeft: () => 2,
      paddingRight: () => 2,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
  };
  pdfmake.addTableLayouts(layouts);
  const buffer = await pdfmake.createPdf(reportDefinition(input)).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
