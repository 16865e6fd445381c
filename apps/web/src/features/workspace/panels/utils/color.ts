/** Fill used when a layer colour is empty or not a hex colour (the catalogue default of `bodenSchichtColor`). */
export const DEFAULT_LAYER_COLOR = '#D8D8D8';

const HEX = /^[0-9A-F]{6}(?:[0-9A-F]{2})?$/;

/**
 * Normalises a typed or stored layer colour: trimmed, upper case, exactly one leading `#`
 * (`' ##d8d8d8 '` → `'#D8D8D8'`). Returns null when the rest is not `RRGGBB` or `RRGGBBAA`.
 * Storage strips the `#` again (contracts `normalizeColor`); this form is for inputs and SVG fills.
 */
export const normalizeColorInput = (value: string | null | undefined): string | null => {
  if (value == null) return null;
  const hex = value.trim().toUpperCase().replace(/^#+/, '');
  return HEX.test(hex) ? `#${hex}` : null;
};

/** SVG fill of a layer: the normalised colour, or the catalogue default for empty/invalid values. */
export const layerFill = (value: string | null | undefined): string =>
  normalizeColorInput(value) ?? DEFAULT_LAYER_COLOR;

/** Black or white text, whichever reads better on `fill` (relative luminance, WCAG 2.x). */
export const textColorOn = (fill: string): '#000000' | '#FFFFFF' => {
  const hex = (normalizeColorInput(fill) ?? DEFAULT_LAYER_COLOR).slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? '#000000' : '#FFFFFF';
};
