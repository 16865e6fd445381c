/**
 * The report's drawings as vector shapes (pdfmake canvas: lines, rectangles, polylines) with their text
 * labels: the resistance–settlement curve, the soil profile with the pile to scale, and the w/M/Q diagrams
 * over depth. Pure data building; `drawing.ts` places the labels as PDF text over the shapes. The shapes
 * used to be SVG text that pdfmake parsed as XML on every page (ADR 0199).
 */
import type { CanvasElement } from 'pdfmake/interfaces';
import { formatNumber, type ReportLang } from './texts';

/** A text label of a drawing; `y` is the baseline, `anchor` the point of the text at `x`. */
export type DrawingLabel = {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
  color: string;
  size: number;
};

/** A drawing of `width` × `height` pt: shapes in that box (origin top left, y downwards) and labels. */
export type Drawing = {
  width: number;
  height: number;
  shapes: CanvasElement[];
  labels: DrawingLabel[];
};

type Stroke = { color: string; width: number; dash?: [number, number] };

const dashOf = (dash: [number, number] | undefined) =>
  dash ? { dash: { length: dash[0], space: dash[1] } } : {};

const line = (x1: number, y1: number, x2: number, y2: number, s: Stroke): CanvasElement => ({
  type: 'line',
  x1,
  y1,
  x2,
  y2,
  lineColor: s.color,
  lineWidth: s.width,
  ...dashOf(s.dash),
});

const polyline = (points: { x: number; y: number }[], s: Stroke): CanvasElement => ({
  type: 'polyline',
  points,
  lineColor: s.color,
  lineWidth: s.width,
  ...dashOf(s.dash),
});

const label = (
  x: number,
  y: number,
  text: string,
  options: { anchor?: DrawingLabel['anchor']; color?: string; size?: number } = {},
): DrawingLabel => ({
  x,
  y,
  text,
  anchor: options.anchor ?? 'start',
  color: options.color ?? '#000000',
  size: options.size ?? 7,
});

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
export function curveDrawing(input: CurveInput, width = 250, height = 226): Drawing {
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
  const shapes: CanvasElement[] = [
    { type: 'rect', x: left, y: top, w, h, lineColor: '#999', lineWidth: 0.5 },
  ];
  const labels: DrawingLabel[] = [];
  const grid = { color: '#ddd', width: 0.4 };
  const xd = decimalsFor(xTicks);
  const yd = decimalsFor(yTicks);
  for (const t of xTicks) {
    shapes.push(line(x(t), top, x(t), top + h, grid));
    labels.push(label(x(t), top - 3, formatNumber(t, xd, input.lang), { anchor: 'middle' }));
  }
  for (const t of yTicks) {
    shapes.push(line(left, y(t), left + w, y(t), grid));
    labels.push(label(left - 3, y(t) + 2.5, formatNumber(t, yd, input.lang), { anchor: 'end' }));
  }
  const curve = (key: 'R' | 'Rs' | 'Rb', s: Stroke) =>
    polyline(
      input.points.map((p) => ({ x: x(p[key]), y: y(p.sCm) })),
      s,
    );
  const rs: Stroke = { color: '#2b6cb0', width: 0.8, dash: [3, 2] };
  const rb: Stroke = { color: '#2f855a', width: 0.8, dash: [1, 1.5] };
  const r: Stroke = { color: '#000', width: 1.2 };
  shapes.push(curve('Rs', rs), curve('Rb', rb), curve('R', r));
  if (input.showCheckLines && input.Ek !== null && input.Ek > 0) {
    const color = '#c53030';
    shapes.push(line(x(input.Ek), top, x(input.Ek), top + h, { color, width: 0.8, dash: [4, 2] }));
    const value = formatNumber(input.Ek, 0, input.lang);
    labels.push(label(x(input.Ek) + 2, top + h - 4, `Ek = ${value} kN`, { color }));
  }
  if (input.showCheckLines && input.sAllowCm !== null && input.sAllowCm > 0) {
    const color = '#dd6b20';
    const ys = y(input.sAllowCm);
    shapes.push(line(left, ys, left + w, ys, { color, width: 0.8, dash: [4, 2] }));
    const value = formatNumber(input.sAllowCm, 2, input.lang, true);
    labels.push(label(left + 3, ys - 2, `s ${input.labels.permissible} = ${value} cm`, { color }));
  }
  // legend
  const ly = top + h + 20;
  shapes.push(
    line(left, ly - 2, left + 14, ly - 2, r),
    line(left + 35, ly - 2, left + 49, ly - 2, rs),
    line(left + 75, ly - 2, left + 89, ly - 2, rb),
  );
  labels.push(
    label(left + 17, ly, 'R'),
    label(left + 52, ly, 'Rs'),
    label(left + 92, ly, 'Rb'),
    label(
      left + w,
      ly + 9,
      `x: ${input.labels.resistance} [kN], y: ${input.labels.settlement} [cm]`,
      { anchor: 'end' },
    ),
  );
  return { width, height, shapes, labels };
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
export function profileDrawing(input: ProfileInput, width = 250, height = 220): Drawing {
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
  const shapes: CanvasElement[] = [];
  const labels: DrawingLabel[] = [];
  let upper = input.startKote;
  const labelled: number[] = [];
  const levelLabel = (level: number) => {
    if (labelled.some((other) => Math.abs(y(other) - y(level)) < 8)) return;
    labelled.push(level);
    shapes.push(line(axis, y(level), columnX, y(level), { color: '#000', width: 0.4 }));
    labels.push(
      label(axis - 2, y(level) + 2.5, formatNumber(level, 2, input.lang), { anchor: 'end' }),
    );
  };
  levelLabel(input.startKote);
  input.layers.forEach((layer, index) => {
    const y1 = y(upper);
    const y2 = y(layer.bottom);
    shapes.push({
      type: 'rect',
      x: columnX,
      y: y1,
      w: columnW,
      h: Math.max(0, y2 - y1),
      color: cssColor(layer.color, index),
      lineColor: '#555',
      lineWidth: 0.4,
    });
    if (y2 - y1 >= 7) {
      labels.push(label(columnX + columnW + 50, (y1 + y2) / 2 + 2.5, layer.label.slice(0, 28)));
    }
    levelLabel(layer.bottom);
    upper = layer.bottom;
  });
  const pileX = columnX + columnW / 2;
  const pileW = Math.max(1.5, input.diameter * scale);
  const toe = input.toe ?? input.pileTop;
  shapes.push({
    type: 'rect',
    x: pileX - pileW / 2,
    y: y(input.pileTop),
    w: pileW,
    h: Math.max(0.5, y(toe) - y(input.pileTop)),
    color: '#9aa5b1',
    lineColor: '#1a202c',
    lineWidth: 0.7,
  });
  levelLabel(input.pileTop);
  if (input.toe !== null) levelLabel(input.toe);
  // pile level markers on the right of the column
  const marker: Stroke = { color: '#1a202c', width: 0.4, dash: [2, 1] };
  const right = columnX + columnW;
  shapes.push(line(right, y(input.pileTop), right + 46, y(input.pileTop), marker));
  if (input.toe !== null) shapes.push(line(right, y(input.toe), right + 46, y(input.toe), marker));
  if (input.groundwater !== null) {
    const gy = y(input.groundwater);
    const blue = '#2b6cb0';
    shapes.push(line(columnX - 4, gy, right + 4, gy, { color: blue, width: 0.9 }));
    shapes.push({
      type: 'polyline',
      points: [
        { x: right + 8, y: gy - 5 },
        { x: right + 14, y: gy - 5 },
        { x: right + 11, y: gy },
      ],
      closePath: true,
      color: blue,
    });
    labels.push(label(right + 16, gy - 1, input.gwLabel, { color: blue }));
  }
  if (input.drillLevel !== null) {
    const dy = y(input.drillLevel);
    shapes.push(
      line(columnX - 4, dy, right + 4, dy, { color: '#744210', width: 0.6, dash: [3, 1.5] }),
    );
  }
  labels.push(label(axis - 2, top - 2, 'mNHN', { anchor: 'end' }));
  return { width, height, shapes, labels };
}

/** A distribution over depth (depth downwards, value horizontal around 0), e.g. w, M or Q. */
export function depthDiagram(
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
): Drawing {
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
  const shapes: CanvasElement[] = [];
  const labels: DrawingLabel[] = [
    label(left + w / 2, 9, `${input.title} [${input.unit}]`, { anchor: 'middle', size: 8 }),
  ];
  const points = input.values.map((v, i) => ({ x: x(v), y: y(input.depth[i] ?? 0) }));
  if (points.length > 1) {
    const first = { x: x(0), y: y(input.depth[0] ?? 0) };
    const last = { x: x(0), y: y(input.depth[input.depth.length - 1] ?? 0) };
    // pdfmake moves each point of a canvas in place when it places the drawing: no shared points
    shapes.push({
      type: 'polyline',
      points: [first, ...points.map((p) => ({ ...p })), last],
      closePath: true,
      color: input.color,
      fillOpacity: 0.25,
    });
    shapes.push(polyline(points, { color: input.color, width: 0.9 }));
  }
  shapes.push(line(x(0), top, x(0), top + h, { color: '#000', width: 0.6 }));
  for (const t of niceTicks(0, dMax, 5)) {
    shapes.push(line(left - 3, y(t), left, y(t), { color: '#000', width: 0.4 }));
    labels.push(
      label(left - 4, y(t) + 2.5, formatNumber(t, 1, input.lang, true), { anchor: 'end' }),
    );
  }
  // extreme value label
  let at = 0;
  input.values.forEach((v, i) => {
    if (Math.abs(v) > Math.abs(input.values[at] ?? 0)) at = i;
  });
  const extreme = formatNumber(input.values[at] ?? 0, 2, input.lang);
  const depth = formatNumber(input.depth[at] ?? 0, 2, input.lang);
  labels.push(label(left + w / 2, top - 4, `max = ${extreme} @ ${depth} m`, { anchor: 'middle' }));
  shapes.push(line(left, top, left, top + h, { color: '#999', width: 0.4 }));
  return { width, height, shapes, labels };
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
