/**
 * "Einwirkungen": the axial actions of every load point (characteristic G_k, Q_k of the load point; E_k,
 * E_d per single pile) with the combination and its partial factors, and the load cases of the internal
 * capacity.
 */
import { FIELD_TEXTS } from '@pfahlplaner/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { head, heading, num, runs, textOf, type Ctx } from '../common';
import { fill } from '../texts';

const CASE_FIELDS = ['gkz', 'qkz', 'Hgkx', 'Hqkx', 'Hgky', 'Hqky', 'Mgkx', 'Mqkx', 'Mgky', 'Mqky'];

export function actionsSection(ctx: Ctx, no: number): Content[] {
  const { t, input, settings } = ctx;
  const gammaG = ctx.f(settings.gammaStaendig ?? null, 2);
  const gammaQ = ctx.f(settings.gammaVeraenderlich ?? null, 2);
  const right = { alignment: 'right' } as const;
  const body: TableCell[][] = [
    [
      head(t.loadPoint),
      // numbers are right-aligned, so are their headers
      head('n', '–', right),
      head('G_k', 'kN', right),
      head('Q_k', 'kN', right),
      head(`E_k ${t.perPile}`, 'kN', right),
      head(`E_d ${t.perPile}`, 'kN', right),
      head(`E_{d,min} ${t.perPile}`, 'kN', right),
      head(t.loadSourceLabel),
    ],
  ];
  let direct = 0;
  input.workbook.piles.forEach((row, index) => {
    const trace = ctx.resultByRow.get(index)?.trace;
    const i = trace?.inputs;
    // Loads entered as E_k/E_d at the load point are listed with the verifications (section 6) only.
    if (!i || i.loadSource === 'alternative') {
      direct += 1;
      return;
    }
    const source = fill(t.loadSourceCase, { name: i.loadSource });
    body.push([
      { text: row.Pname ?? '–', bold: true },
      num(ctx, row.PfahlAnzahl ?? null, 0),
      num(ctx, i?.G ?? null, 1),
      num(ctx, i?.Q ?? null, 1),
      num(ctx, i?.Ek ?? row.AlternativeCharakteristischeLastZ ?? null, 1),
      num(ctx, i?.Ed ?? row.AlternativeDesignLastZ ?? null, 1),
      num(ctx, i?.EdMin ?? null, 1),
      source,
    ]);
  });
  const out: Content[] = [
    heading(`${no} ${t.actions}`, 1, { pageBreak: 'before' }),
    { text: runs(t.actionsIntro), fontSize: 7.5, margin: [0, 0, 0, 4] },
    {
      text: [
        { text: `${t.combination}: `, bold: true },
        ...runs(`E_d = γ_G · G_k + γ_Q · Q_k = ${gammaG} · G_k + ${gammaQ} · Q_k`),
      ],
      fontSize: 8,
      margin: [0, 0, 0, 6],
    },
    ...(body.length > 1
      ? [
          {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: ['auto', 18, 44, 44, 50, 50, 50, '*'],
              body,
            },
            layout: 'overview',
            fontSize: 7.5,
          } as Content,
        ]
      : []),
    ...(direct > 0
      ? [
          {
            text: runs(fill(t.actionsDirect, { count: String(direct), section: `${no + 1}` })),
            fontSize: 7.5,
            margin: [0, 4, 0, 0],
          } as Content,
        ]
      : []),
  ];
  const cases = input.workbook.horizontal_loadcases ?? [];
  if (cases.length > 0) out.push(heading(`${no}.1 ${t.horizontalCases}`, 2));
  for (const loadCase of cases) {
    const rows = loadCase.horizontal_loads as unknown as Record<string, unknown>[];
    const used = CASE_FIELDS.filter((key) =>
      rows.some((r) => typeof r[key] === 'number' && r[key] !== 0),
    );
    const caseBody: TableCell[][] = [
      [
        head(t.loadPoint),
        // right-aligned over the right-aligned numbers: the columns are wide, a left header would sit
        // over the number of the column before it
        ...used.map((key) =>
          head(FIELD_TEXTS[ctx.lang][key]?.label ?? key, key.startsWith('M') ? 'kNm' : 'kN', right),
        ),
      ],
      ...rows.map((r) => [
        { text: textOf(r.Pname), bold: true },
        ...used.map((key) => num(ctx, typeof r[key] === 'number' ? r[key] : null, 1)),
      ]),
    ];
    out.push(
      { text: `${t.loadCase} ${loadCase.name}`, style: 'h3' },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['auto', ...used.map(() => '*')],
          body: caseBody,
        },
        layout: 'overview',
        fontSize: 7.5,
      },
    );
  }
  return out;
}
