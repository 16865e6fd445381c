/**
 * The report's drawings as SVG text (pdfmake embeds them as vectors): the resistance–settlement curve,
 * the soil profile with the pile to scale, and the w/M/Q diagrams over depth. Pure string building.
 */
import { formatNumber, type ReportLang } from './texts';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const n = (value: number) => (Math.round(value * 100) / 100).toString();

/** "Nice" tick values covering [min, max] with about `count` steps. */
export const niceTicks = (min: number, max: number, count = 5): number[] => {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (max - min < 1e-9) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step - 1e-9) * step; t <= max + step * 1e-9; t += step) {
    ticks.push(Math.round(t / step) * step);
  }
  return ticks;
};

const decimalsFor = (ticks: number[]) => {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : 1;
  return step >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
};

const FONT = 'font-family="Roboto" font-size="7"';

export type CurveInput = {
  points: { sCm: number; Rs: number; Rb: number; R: number }[];
  /** characteristic action per pile [kN] */
  Ek: number | null;
  /** permissible settlement [cm] */
  sAllowCm: number | null;
  showCheckLines: boolean;
  lang: ReportLang;
  labels: { resistance: string; settlement: string; permissible: string };
};

/** Resistance (x, kN) against settlement (y, cm, downwards), R, R_s and R_b; check lines for E_k and s_zul. */
export function curveSvg(input: CurveInput, width = 250, height = 226): string {
  const left = 38;
  const top = 14;
  const right = 10;
  const bottom = 34;
  const w = width - left - right;
  const h = height - top - bottom;
  const rMax = Math.max(
    1,
    ...input.points.map((p) => p.R),
    input.showCheckLines ? (input.Ek ?? 0) : 0,
  );
  const sMax = Math.max(
    0.1,
    ...input.points.map((p) => p.sCm),
    input.showCheckLines ? (input.sAllowCm ?? 0) : 0,
  );
  const xTicks = niceTicks(0, rMax * 1.05, 5);
  const yTicks = niceTicks(0, sMax, 5);
  const xEnd = Math.max(xTicks[xTicks.length - 1]!, rMax);
  const yEnd = Math.max(yTicks[yTicks.length - 1]!, sMax);
  const x = (r: number) => left + (r / xEnd) * w;
  const y = (s: number) => top + (s / yEnd) * h;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="#999" stroke-width="0.5"/>`,
  ];
  const xd = decimalsFor(xTicks);
  const yd = decimalsFor(yTicks);
  for (const t of xTicks) {
    parts.push(
      `<line x1="${n(x(t))}" y1="${top}" x2="${n(x(t))}" y2="${top + h}" stroke="#ddd" stroke-width="0.4"/>`,
    );
    parts.push(
      `<text x="${n(x(t))}" y="${top - 3}" text-anchor="middle" ${FONT}>${esc(formatNumber(t, xd, input.lang))}</text>`,
    );
  }
  for (const t of yTicks) {
    parts.push(
      `<line x1="${left}" y1="${n(y(t))}" x2="${left + w}" y2="${n(y(t))}" stroke="#ddd" stroke-width="0.4"/>`,
    );
    parts.push(
      `<text x="${left - 3}" y="${n(y(t) + 2.5)}" text-anchor="end" ${FONT}>${esc(formatNumber(t, yd, input.lang))}</text>`,
    );
  }
  const line = (key: 'R' | 'Rs' | 'Rb', color: string, dash: string, widthPt: number) =>
    `<polyline fill="none" stroke="${color}" stroke-width="${widthPt}" ${dash ? `stroke-dasharray="${dash}"` : ''} points="${input.points
      .map((p) => `${n(x(p[key]))},${n(y(p.sCm))}`)
      .join(' ')}"/>`;
  parts.push(
    line('Rs', '#2b6cb0', '3,2', 0.8),
    line('Rb', '#2f855a', '1,1.5', 0.8),
    line('R', '#000', '', 1.2),
  );
  if (input.showCheckLines && input.Ek !== null && input.Ek > 0) {
    parts.push(
      `<line x1="${n(x(input.Ek))}" y1="${top}" x2="${n(x(input.Ek))}" y2="${top + h}" stroke="#c53030" stroke-width="0.8" stroke-dasharray="4,2"/>`,
    );
    parts.push(
      `<text x="${n(x(input.Ek) + 2)}" y="${top + h - 4}" fill="#c53030" ${FONT}>Ek = ${esc(formatNumber(input.Ek, 0, input.lang))} kN</text>`,
    );
  }
  if (input.showCheckLines && input.sAllowCm !== null && input.sAllowCm > 0) {
    parts.push(
      `<line x1="${left}" y1="${n(y(input.sAllowCm))}" x2="${left + w}" y2="${n(y(input.sAllowCm))}" stroke="#dd6b20" stroke-width="0.8" stroke-dasharray="4,2"/>`,
    );
    parts.push(
      `<text x="${left + 3}" y="${n(y(input.sAllowCm) - 2)}" fill="#dd6b20" ${FONT}>s ${esc(input.labels.permissible)} = ${esc(formatNumber(input.sAllowCm, 2, input.lang, true))} cm</text>`,
    );
  }
  // legend
  const ly = top + h + 20;
  parts.push(
    `<line x1="${left}" y1="${ly - 2}" x2="${left + 14}" y2="${ly - 2}" stroke="#000" stroke-width="1.2"/><text x="${left + 17}" y="${ly}" ${FONT}>R</text>`,
    `<line x1="${left + 35}" y1="${ly - 2}" x2="${left + 49}" y2="${ly - 2}" stroke="#2b6cb0" stroke-width="0.8" stroke-dasharray="3,2"/><text x="${left + 52}" y="${ly}" ${FONT}>Rs</text>`,
    `<line x1="${left + 75}" y1="${ly - 2}" x2="${left + 89}" y2="${ly - 2}" stroke="#2f855a" stroke-width="0.8" stroke-dasharray="1,1.5"/><text x="${left + 92}" y="${ly}" ${FONT}>Rb</text>`,
    `<text x="${left + w}" y="${ly + 9}" text-anchor="end" ${FONT}>x: ${esc(input.labels.resistance)} [kN], y: ${esc(input.labels.settlement)} [cm]</text>`,
  );
  parts.push('</svg>');
  return parts.join('');
}

export type ProfileInput = {
  startKote: number;
  layers: { bottom: number; color: string | null; label: string }[];
  groundwater: number | null;
  pileTop: number;
  toe: number | null;
  diameter: number;
  drillLevel: number | null;
  lang: ReportLang;
  gwLabel: string;
};

/** Pale default fills for layers without a colour, so neighbouring layers stay apart. */
const DEFAULT_FILLS = ['#f3e9d2', '#e2ecd9', '#dde7f0', '#efe0e6', '#e9e4f2'];
const cssColor = (color: string | null, index: number) =>
  color && /^[0-9A-F]{6}/i.test(color)
    ? `#${color.slice(0, 6)}`
    : DEFAULT_FILLS[index % DEFAULT_FILLS.length]!;

/** Soil profile (levels to scale, vertical) with the pile drawn to the same scale in both directions. */
export function profileSvg(input: ProfileInput, width = 250, height = 220): string {
  const top = 10;
  const bottom = 10;
  const axis = 40;
  const h = height - top - bottom;
  const lowestLayer =
    input.layers.length > 0 ? input.layers[input.layers.length - 1]!.bottom : input.startKote - 10;
  const highest = Math.max(input.startKote, input.pileTop, input.drillLevel ?? -Infinity);
  const lowest = Math.min(lowestLayer, input.toe ?? Infinity) - 0.5;
  const scale = h / Math.max(1, highest + 0.5 - lowest);
  const y = (level: number) => top + (highest + 0.5 - level) * scale;
  const columnX = axis + 6;
  const columnW = 70;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  ];
  let upper = input.startKote;
  const labelled: number[] = [];
  const levelLabel = (level: number) => {
    if (labelled.some((other) => Math.abs(y(other) - y(level)) < 8)) return;
    labelled.push(level);
    parts.push(
      `<line x1="${axis}" y1="${n(y(level))}" x2="${columnX}" y2="${n(y(level))}" stroke="#000" stroke-width="0.4"/>`,
    );
    parts.push(
      `<text x="${axis - 2}" y="${n(y(level) + 2.5)}" text-anchor="end" ${FONT}>${esc(formatNumber(level, 2, input.lang))}</text>`,
    );
  };
  levelLabel(input.startKote);
  input.layers.forEach((layer, index) => {
    const y1 = y(upper);
    const y2 = y(layer.bottom);
    parts.push(
      `<rect x="${columnX}" y="${n(y1)}" width="${columnW}" height="${n(Math.max(0, y2 - y1))}" fill="${cssColor(layer.color, index)}" stroke="#555" stroke-width="0.4"/>`,
    );
    if (y2 - y1 >= 7) {
      parts.push(
        `<text x="${columnX + columnW + 50}" y="${n((y1 + y2) / 2 + 2.5)}" ${FONT}>${esc(layer.label.slice(0, 28))}</text>`,
      );
    }
    levelLabel(layer.bottom);
    upper = layer.bottom;
  });
  const pileX = columnX + columnW / 2;
  const pileW = Math.max(1.5, input.diameter * scale);
  const toe = input.toe ?? input.pileTop;
  parts.push(
    `<rect x="${n(pileX - pileW / 2)}" y="${n(y(input.pileTop))}" width="${n(pileW)}" height="${n(Math.max(0.5, y(toe) - y(input.pileTop)))}" fill="#9aa5b1" stroke="#1a202c" stroke-width="0.7"/>`,
  );
  levelLabel(input.pileTop);
  if (input.toe !== null) levelLabel(input.toe);
  // pile level markers on the right of the column
  parts.push(
    `<line x1="${columnX + columnW}" y1="${n(y(input.pileTop))}" x2="${columnX + columnW + 46}" y2="${n(y(input.pileTop))}" stroke="#1a202c" stroke-width="0.4" stroke-dasharray="2,1"/>`,
  );
  if (input.toe !== null) {
    parts.push(
      `<line x1="${columnX + columnW}" y1="${n(y(input.toe))}" x2="${columnX + columnW + 46}" y2="${n(y(input.toe))}" stroke="#1a202c" stroke-width="0.4" stroke-dasharray="2,1"/>`,
    );
  }
  if (input.groundwater !== null) {
    const gy = y(input.groundwater);
    parts.push(
      `<line x1="${columnX - 4}" y1="${n(gy)}" x2="${columnX + columnW + 4}" y2="${n(gy)}" stroke="#2b6cb0" stroke-width="0.9"/>`,
    );
    parts.push(
      `<polygon points="${columnX + columnW + 8},${n(gy - 5)} ${columnX + columnW + 14},${n(gy - 5)} ${columnX + columnW + 11},${n(gy)}" fill="#2b6cb0"/>`,
    );
    parts.push(
      `<text x="${columnX + columnW + 16}" y="${n(gy - 1)}" fill="#2b6cb0" ${FONT}>${esc(input.gwLabel)}</text>`,
    );
  }
  if (input.drillLevel !== null) {
    const dy = y(input.drillLevel);
    parts.push(
      `<line x1="${columnX - 4}" y1="${n(dy)}" x2="${columnX + columnW + 4}" y2="${n(dy)}" stroke="#744210" stroke-width="0.6" stroke-dasharray="3,1.5"/>`,
    );
  }
  parts.push(`<text x="${axis - 2}" y="${top - 2}" text-anchor="end" ${FONT}>mNHN</text>`);
  parts.push('</svg>');
  return parts.join('');
}

/** A distribution over depth (depth downwards, value horizontal around 0), e.g. w, M or Q. */
export function diagramSvg(
  input: {
    depth: number[];
    values: number[];
    title: string;
    unit: string;
    lang: ReportLang;
    color: string;
  },
  width = 160,
  height = 200,
): string {
  const top = 22;
  const bottom = 8;
  const left = 30;
  const right = 8;
  const w = width - left - right;
  const h = height - top - bottom;
  const dMax = Math.max(0.1, ...input.depth);
  const vMax = Math.max(1e-9, ...input.values.map(Math.abs));
  const x = (v: number) => left + w / 2 + (v / vMax) * (w / 2);
  const y = (d: number) => top + (d / dMax) * h;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  ];
  parts.push(
    `<text x="${left + w / 2}" y="9" text-anchor="middle" font-family="Roboto" font-size="8">${esc(input.title)} [${esc(input.unit)}]</text>`,
  );
  const points = input.values.map((v, i) => `${n(x(v))},${n(y(input.depth[i] ?? 0))}`);
  if (points.length > 1) {
    parts.push(
      `<polygon points="${n(x(0))},${n(y(input.depth[0] ?? 0))} ${points.join(' ')} ${n(x(0))},${n(y(input.depth[input.depth.length - 1] ?? 0))}" fill="${input.color}" fill-opacity="0.25" stroke="none"/>`,
    );
    parts.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${input.color}" stroke-width="0.9"/>`,
    );
  }
  parts.push(
    `<line x1="${n(x(0))}" y1="${top}" x2="${n(x(0))}" y2="${top + h}" stroke="#000" stroke-width="0.6"/>`,
  );
  for (const t of niceTicks(0, dMax, 5)) {
    parts.push(
      `<line x1="${left - 3}" y1="${n(y(t))}" x2="${left}" y2="${n(y(t))}" stroke="#000" stroke-width="0.4"/>`,
    );
    parts.push(
      `<text x="${left - 4}" y="${n(y(t) + 2.5)}" text-anchor="end" ${FONT}>${esc(formatNumber(t, 1, input.lang, true))}</text>`,
    );
  }
  // extreme value label
  let at = 0;
  input.values.forEach((v, i) => {
    if (Math.abs(v) > Math.abs(input.values[at] ?? 0)) at = i;
  });
  const extreme = input.values[at] ?? 0;
  parts.push(
    `<text x="${left + w / 2}" y="${top - 4}" text-anchor="middle" ${FONT}>max = ${esc(formatNumber(extreme, 2, input.lang))} @ ${esc(formatNumber(input.depth[at] ?? 0, 2, input.lang))} m</text>`,
  );
  parts.push(
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + h}" stroke="#999" stroke-width="0.4"/>`,
  );
  parts.push('</svg>');
  return parts.join('');
}

/** A text label of a drawing, placed by the PDF layout instead of the SVG renderer. */
export type SvgLabel = {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
  color: string;
  size: number;
};

const unescape = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Take the `<text>` elements out of an SVG. SVG text is by far the slowest part of rendering a drawing
 * (svg-to-pdfkit positions every glyph itself, about 3× the time of the shapes), and pdfmake 0.3.11 hands
 * SVG text a font file *name* that PDFKit then opens from the real file system (our fonts live in
 * pdfmake's virtual one). The report draws the shapes as SVG and sets the labels as ordinary PDF text
 * on top, with the embedded font.
 */
export function splitSvgText(svg: string): { svg: string; labels: SvgLabel[] } {
  const labels: SvgLabel[] = [];
  const shapes = svg.replace(
    /<text([^>]*)>([^<]*)<\/text>/g,
    (_all, attributes: string, content: string) => {
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
      labels.push({
        x: Number(attr('x') ?? 0),
        y: Number(attr('y') ?? 0),
        text: unescape(content),
        anchor: (attr('text-anchor') as SvgLabel['anchor'] | undefined) ?? 'start',
        color: attr('fill') ?? '#000000',
        size: Number(attr('font-size') ?? 7),
      });
      return '';
    },
  );
  return { svg: shapes, labels };
}

/** Approximate advance width of Roboto text in em (digits 0.562, separators 0.25; letters about 0.55). */
export const approximateWidth = (text: string, size: number): number =>
  [...text].reduce(
    (sum, c) =>
      sum +
      (/[0-9]/.test(c)
        ? 0.562
        : /[.,:;' ]/.test(c)
          ? 0.25
          : /[-=]/.test(c)
            ? 0.45
            : /[A-ZÄÖÜ]/.test(c)
              ? 0.64
              : 0.52),
    0,
  ) * size;
