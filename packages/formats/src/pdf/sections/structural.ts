/**
 * Internal capacity of a load point under one load case: head displacement and internal forces, then the
 * reinforced-concrete design (EN 1992-1-1 + NA) or the steel tube check (EN 1993-1-1 6.2.6–6.2.10, 6.3.1,
 * 6.3.3; engine ADR 0029, 0103–0105), and the w/M/V diagrams over depth.
 */
import type { HorizontalLoadRowResult, SteelPipeCheck } from '@pfahlplaner/engine';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { flag, kv, type Ctx, type HorizontalEntry } from '../common';
import { drawing } from '../drawing';
import { depthDiagram } from '../diagrams';
import { fill } from '../texts';

function concreteRows(ctx: Ctx, load: HorizontalLoadRowResult): TableCell[][] {
  const { t, f } = ctx;
  return [
    kv(`A_{s,erf} ${t.longitudinal}`, f(load.AsLaengs, 2), 'cm²'),
    kv(t.reinforcement, load.BewTyp ?? '–'),
    kv(`A_{s,erf} ${t.shear}`, f(load.AsQuer, 2), 'cm²/m'),
    kv('ε_c / ε_s', `${f(load.Eps0, 3)} / ${f(load.Eps1, 3)}`, '‰'),
    kv(t.fullyCompressed, f(load.KoteUeberdrueckt, 2), 'm NHN'),
    kv(t.cageLength, f(load.BewBZWLieferlaenge, 2), 'm'),
  ];
}

function steelRows(ctx: Ctx, steel: SteelPipeCheck): TableCell[][] {
  const { t, f } = ctx;
  const mm = (v: number) => f(v * 1000, 1);
  const manufacture = steel.manufacture === 'hot-finished' ? t.hotFinished : t.coldFormed;
  const rows: TableCell[][] = [
    kv(t.steelGrade, `${steel.grade} / ${steel.sectionClass}`),
    kv(t.manufacture, manufacture),
    kv(t.wallCorrosion, `${mm(steel.t)} / ${mm(steel.corrosion)}`, 'mm'),
    kv(t.sectionChecked, `${mm(steel.DNet)} × ${mm(steel.tNet)}`, 'mm'),
    kv('N_{Ed} / M_{Ed}', `${f(steel.NEdUsed, 1)} / ${f(steel.MEdUsed, 1)}`, 'kN / kNm'),
    kv('V_{Ed}', f(steel.VEdUsed, 1), 'kN'),
    kv('N_{pl,Rd}', f(steel.NRd, 1), 'kN'),
    kv('M_{c,Rd}', f(steel.MRd, 1), 'kNm'),
    kv('V_{pl,Rd}', f(steel.VRd, 1), 'kN'),
    kv(
      'V_{Ed}/V_{pl,Rd} (6.2.6) / ρ (6.2.8)',
      `${f(steel.utilisationShear, 3)} / ${f(steel.rho, 3)}`,
      '–',
    ),
    kv(t.withReduced, f(steel.MNRd, 1), 'kNm'),
    kv(
      t.utilSection,
      steel.utilisationSection === null ? t.notDesignable : f(steel.utilisationSection, 3),
      '–',
    ),
  ];
  const b = steel.buckling;
  if (b) {
    rows.push(
      kv(t.bucklingLength, f(b.Lcr, 2), 'm'),
      kv(
        fill(t.slenderness, { m: manufacture }),
        `${f(b.lambdaBar, 3)} / ${b.curve} / ${f(b.chi, 3)}`,
        '–',
      ),
      kv('N_{b,Rd}', f(b.NbRd, 1), 'kN'),
      kv(
        t.utilMember,
        b.isNegligible ? `${f(b.utilisation, 3)} (${t.negligible})` : f(b.utilisation, 3),
        '–',
      ),
    );
  }
  rows.push(
    kv(
      t.utilGoverning,
      steel.utilisation === null ? t.notDesignable : f(steel.utilisation, 3),
      '–',
    ),
  );
  return rows;
}

export function structuralSection(ctx: Ctx, { caseName, row: load }: HorizontalEntry): Content[] {
  const { t, f, lang } = ctx;
  const top: TableCell[][] = [
    kv('w_{Kopf}', f(load.wOben, 2), 'mm'),
    kv('|M_{Ed}|_{max}', f(load.MMax, 1), 'kNm'),
    kv('|V_{Ed}|_{max}', f(load.QMax, 1), 'kN'),
    kv('M_{Ed,Kopf}', f(load.MdKopf, 1), 'kNm'),
  ];
  const rows: TableCell[][] = load.steel
    ? [...top, ...steelRows(ctx, load.steel)]
    : load.sectionKind === 'steel-pipe'
      ? [...top, kv(t.steelMissing, '–')]
      : [...top, ...concreteRows(ctx, load)];
  const out: Content[] = [
    // the heading is the table's header row: it never stays alone at the bottom of a page
    {
      table: {
        widths: [180, 80, 40],
        headerRows: 1,
        keepWithHeaderRows: 4,
        dontBreakRows: true,
        body: [
          [
            {
              text: `${t.internal} — ${t.loadCase} ${caseName}`,
              style: 'h3',
              colSpan: 3,
              margin: [-3, 10, 0, 1],
            },
            {},
            {},
          ],
          ...rows,
        ],
      },
      layout: 'thin',
      fontSize: 7.5,
    },
  ];
  if (flag(ctx.settings, 'erstellegrafikInnen') && load.distribution) {
    const d = load.distribution;
    const chart = (values: number[], title: string, unit: string, color: string) =>
      drawing(depthDiagram({ depth: d.depth, values, title, unit, lang, color }));
    out.push({
      unbreakable: true,
      stack: [
        {
          columns: [
            chart(d.w, 'w', 'mm', '#2b6cb0'),
            chart(d.M, 'MEd', 'kNm', '#c53030'),
            chart(d.Q, 'VEd', 'kN', '#2f855a'),
          ],
          columnGap: 10,
          margin: [0, 8, 0, 0],
        },
        { text: `${t.depth} [m] ${t.belowHead}`, fontSize: 7, italics: true },
      ],
    });
  }
  return out;
}
