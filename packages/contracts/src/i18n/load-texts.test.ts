import { describe, expect, it } from 'vitest';
import de from './fields.de.json';
import en from './fields.en.json';

// The help texts (and docs/fields.md, generated from the English ones) say what the engine does; they once
// called the loads "per pile" and promised a head embedment the engine never applied. Axial and horizontal
// loads of a row are the loads of the load point; the engine divides them by PfahlAnzahl (axial/pile-setup.ts,
// loadcases rowActions). laenge_mit / laenge_ohne are with / without the toe influence of neighbouring piles;
// neither contains a head embedment (ADR 0133).
type Texts = Record<string, { help: string }>;
const DE = de.field as Texts;
const EN = en.field as Texts;

const LOAD_FIELDS = [
  'AlternativeCharakteristischeLastZ',
  'AlternativeDesignLastZ',
  'AlternativeCharakteristischeMinLastZ',
  'AlternativeDesignMinLastZ',
  'gkz',
  'qkz',
  'Hgkx',
  'Hqkx',
  'Hgky',
  'Hqky',
  'Mgkx',
  'Mqkx',
  'Mgky',
  'Mqky',
];

describe('help texts agree with the engine', () => {
  it.each(LOAD_FIELDS)('%s: load of the load point, divided by the number of piles', (key) => {
    expect(DE[key]!.help).toContain('Pfahlanzahl');
    expect(DE[key]!.help).not.toMatch(/je Pfahl/);
    expect(EN[key]!.help).toContain('number of piles');
    expect(EN[key]!.help).not.toMatch(/per pile/);
  });

  it('states the meaning of laenge_mit and laenge_ohne', () => {
    expect(EN.laenge_ohne!.help).toMatch(/without the influence of neighbouring toes/);
    expect(EN.laenge_mit!.help).toMatch(/coordinating the toe levels/);
    expect(DE.laenge_ohne!.help).toMatch(/ohne Einfluss der Nachbarfüße/);
    expect(DE.laenge_mit!.help).toMatch(/Abstimmung der Fußhöhen/);
    for (const texts of [DE, EN]) {
      expect(texts.KopfEinbindung).toBeUndefined();
    }
  });
});
