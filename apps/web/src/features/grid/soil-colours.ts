import { normalizeColor } from '@pfahlplaner/contracts';

/** A layer colour of the list: stored code (RRGGBB, as docs/sources/legacy-format.md §L2.8 stores it) and its words. */
export type SoilColour = { code: string; de: string; en: string };

/**
 * The colours offered for a soil layer: greys, the yellows and browns of sands, gravels and loams, greens and
 * blues — each with a word, so no colour code is shown on screen. The first is the
 * predecessor's default `D8D8D8` (§L2.8). A stored colour outside the list keeps its code and is
 * named after the nearest colour of the list ("like Braun").
 */
export const SOIL_COLOURS: readonly SoilColour[] = [
  { code: 'D8D8D8', de: 'Hellgrau', en: 'Light grey' },
  { code: 'A6A6A6', de: 'Grau', en: 'Grey' },
  { code: '6E6E6E', de: 'Dunkelgrau', en: 'Dark grey' },
  { code: 'FFFFFF', de: 'Weiß', en: 'White' },
  { code: 'F2E6A0', de: 'Sandgelb', en: 'Sand yellow' },
  { code: 'FFD966', de: 'Gelb', en: 'Yellow' },
  { code: 'E8C170', de: 'Ocker', en: 'Ochre' },
  { code: 'F4B183', de: 'Orange', en: 'Orange' },
  { code: 'C9A27E', de: 'Hellbraun', en: 'Light brown' },
  { code: '9C6B3E', de: 'Braun', en: 'Brown' },
  { code: '5C3A1E', de: 'Dunkelbraun', en: 'Dark brown' },
  { code: 'B5654A', de: 'Rotbraun', en: 'Red brown' },
  { code: 'A9C47F', de: 'Olivgrün', en: 'Olive green' },
  { code: '70AD47', de: 'Grün', en: 'Green' },
  { code: '9DC3E6', de: 'Hellblau', en: 'Light blue' },
  { code: '8497B0', de: 'Blaugrau', en: 'Blue grey' },
];

type Lang = 'de' | 'en';
const langOf = (language: string | undefined): Lang => (language === 'en' ? 'en' : 'de');

const HEX = /^#?([0-9A-F]{6})([0-9A-F]{2})?$/i;

/** The CSS colour of a stored code (`D8D8D8` → `#D8D8D8`, with alpha `#RRGGBBAA`), or null when not a colour. */
export const cssColour = (code: unknown): string | null => {
  if (typeof code !== 'string') return null;
  const match = HEX.exec(code.trim());
  return match ? `#${match[1]!.toUpperCase()}${match[2]?.toUpperCase() ?? ''}` : null;
};

const rgb = (code: string): [number, number, number] => {
  const n = Number.parseInt(code.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/**
 * The word of a stored colour in the UI language: the list's name, or "wie <nearest name>" for a colour outside
 * the list (nearest by RGB distance); '' for an empty or invalid value (the cell then shows its problem).
 */
export const colourName = (code: unknown, language?: string): string => {
  const css = cssColour(code);
  if (css === null) return '';
  const lang = langOf(language);
  const hex = normalizeColor(css).slice(0, 6);
  const exact = SOIL_COLOURS.find((c) => c.code === hex);
  if (exact) return exact[lang];
  const [r, g, b] = rgb(hex);
  let nearest = SOIL_COLOURS[0]!;
  let best = Infinity;
  for (const colour of SOIL_COLOURS) {
    const [cr, cg, cb] = rgb(colour.code);
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < best) {
      best = distance;
      nearest = colour;
    }
  }
  return lang === 'en' ? `like ${nearest.en}` : `wie ${nearest.de}`;
};

/** The code of a colour word of the list (German or English, any case), or null: pasting "Hellbraun" works. */
export const colourCodeOf = (word: string): string | null => {
  const wanted = word.trim().toLowerCase();
  return (
    SOIL_COLOURS.find((c) => c.de.toLowerCase() === wanted || c.en.toLowerCase() === wanted)
      ?.code ?? null
  );
};

/** The choices of the colour list: the list, plus a stored colour outside it (so the editor keeps it). */
export const colourChoices = (current: unknown): string[] => {
  const codes = SOIL_COLOURS.map((c) => c.code);
  const css = cssColour(current);
  const own = css === null ? null : normalizeColor(css);
  return own !== null && !codes.includes(own) ? [own, ...codes] : codes;
};
