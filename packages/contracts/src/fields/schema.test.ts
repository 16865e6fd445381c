import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE } from './catalogue';
import { fieldSchema, normalizeColor, rowSchemaOf } from './schema';
import { PILE_FIELDS } from './pile';
import type { FieldDef } from './types';

const codeOf = (field: FieldDef, value: unknown) => {
  const result = fieldSchema(field).safeParse(value);
  return result.success ? 'OK' : result.error.issues[0]?.message;
};

describe('fieldSchema', () => {
  const { pile, settings, soilLayer, soilProfile, horizontalLoad } = FIELD_CATALOGUE;

  it.each([
    [pile.SollDurchmesser, 0, 'TOO_SMALL'],
    [pile.SollDurchmesser, -0.5, 'TOO_SMALL'],
    [pile.SollDurchmesser, 900, 'TOO_BIG'],
    [pile.SollDurchmesser, 1.2, 'OK'],
    [pile.SollDurchmesser, '1.2', 'INVALID_TYPE'],
    [pile.SollDurchmesser, Number.NaN, 'INVALID_TYPE'],
    [pile.SollDurchmesser, Number.POSITIVE_INFINITY, 'INVALID_TYPE'],
    [pile.SollDurchmesser, null, 'OK'],
    [pile.PfahlAnzahl, 2.5, 'NOT_AN_INTEGER'],
    [pile.PfahlAnzahl, 0, 'TOO_SMALL'],
    [pile.prozentualerMantelAnteil, 101, 'TOO_BIG'],
    [pile.PfahlTyp, 'xx', 'INVALID_VALUE'],
    [pile.Pname, 'x'.repeat(65), 'TOO_LONG'],
    [settings.gammaDruck, 0.9, 'TOO_SMALL'],
    [settings.gammaDruck, null, 'REQUIRED'],
    [settings.AuslastungProzent, 0, 'TOO_SMALL'],
    [settings.BetonZyl, 33, 'INVALID_VALUE'],
    [settings.BetonZyl, 50, 'OK'],
    [settings.SeiteVonSeiten, 2, 'TOO_BIG'],
    [settings.name, 'x'.repeat(41), 'TOO_LONG'],
    [settings.name, '   ', 'REQUIRED'],
    [settings.name, undefined, 'REQUIRED'],
    [settings.AbtreppungsWinkelRad, 91, 'TOO_BIG'],
    [settings.StahlrohrHerstellung, 'warmgefertigt', 'OK'],
    [settings.StahlrohrHerstellung, 'hot-finished', 'INVALID_VALUE'],
    [settings.StahlrohrKorrosionMm, 0, 'OK'],
    [settings.StahlrohrKorrosionMm, 1.5, 'OK'],
    [settings.StahlrohrKorrosionMm, -0.1, 'TOO_SMALL'],
    [settings.StahlrohrKorrosionMm, 40.5, 'TOO_BIG'],
    [soilLayer.phi, 90, 'TOO_BIG'],
    [soilLayer.deltaVonPhi, 1.2, 'TOO_BIG'],
    [soilLayer.bodenSchichtColor, 'red', 'INVALID_VALUE'],
    [soilProfile.name, '', 'REQUIRED'],
    [horizontalLoad.pAnOberkante, null, 'REQUIRED'],
    [horizontalLoad.Hgkx, -12.5, 'OK'],
  ] as const)('%#: %o → %s', (field, value, expected) => {
    expect(codeOf(field, value)).toBe(expected);
  });

  it('fills a missing input with its default and a missing result with null', () => {
    expect(fieldSchema(pile.PfahlAnzahl).parse(undefined)).toBe(1);
    expect(fieldSchema(pile.AEHoehe).parse(undefined)).toBeNull();
    expect(fieldSchema(pile.Rs_k).parse(undefined)).toBeNull();
    expect(fieldSchema(pile.Rs_k).parse(1234.5)).toBe(1234.5);
    // settings stored before engine 0.4 have no steel-pipe manufacture / corrosion: the defaults as before
    expect(fieldSchema(settings.StahlrohrHerstellung).parse(undefined)).toBe('kaltgefertigt');
    expect(fieldSchema(settings.StahlrohrKorrosionMm).parse(undefined)).toBe(0);
  });

  it('trims text and stores an emptied nullable cell as null', () => {
    expect(fieldSchema(pile.Pname).parse('  101 ')).toBe('101');
    expect(fieldSchema(pile.Pname).parse('')).toBeNull();
    expect(fieldSchema(soilLayer.bodenArt).parse('')).toBe('');
  });

  it('normalises colours: trimmed, one leading # allowed, upper case, opaque alpha dropped', () => {
    const color = fieldSchema(soilLayer.bodenSchichtColor);
    expect(color.parse('  #d8d8d8 ')).toBe('D8D8D8');
    expect(color.parse('f4e04d80')).toBe('F4E04D80');
    expect(color.parse('#C8A165ff')).toBe('C8A165');
    expect(color.safeParse('##D8D8D8').success).toBe(false);
    expect(normalizeColor('#abcdefFF')).toBe('ABCDEF');
  });
});

describe('rowSchemaOf', () => {
  it('builds a row with defaults for every missing field and strips unknown keys', () => {
    const row = rowSchemaOf(PILE_FIELDS).parse({ Pname: '101', SollDurchmesser: 1.2, foo: 1 });
    expect(row).toMatchObject({
      Pname: '101',
      PfahlTyp: 'bp',
      PfahlAnzahl: 1,
      SollDurchmesser: 1.2,
      Rs_k: null,
    });
    expect(row).not.toHaveProperty('foo');
  });
});
