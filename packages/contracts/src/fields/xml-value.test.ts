import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_FIELDS, FIELD_CATALOGUE } from './catalogue';
import type { FieldDef } from './types';
import { DEG_TO_RAD } from './units';
import { colorFromXml, colorToXml, fromXmlValue, shiftDecimalText, toXmlValue } from './xml-value';

const withXml = ALL_FIELDS.filter((field) => field.xml !== null);
const numberFields = withXml.filter((field) => field.kind === 'number');
const decimalFactorFields = numberFields.filter((field) => field.xml?.factor !== DEG_TO_RAD);
const degreeFields = numberFields.filter((field) => field.xml?.factor === DEG_TO_RAD);
const name = (field: FieldDef) => `${field.entity}.${field.key}`;

/** Any finite double except -0 (which has no distinct text form). */
const finiteDouble = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .map((x) => (x === 0 ? 0 : x));
/** Values as engineers type them: up to 15 significant digits. */
const typedDecimal = fc
  .tuple(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, decimals]) => digits / 10 ** decimals)
  .map((x) => (x === 0 ? 0 : x));

const read = (field: FieldDef, text: string) => {
  const result = fromXmlValue(field, text);
  if (!result.ok) throw new Error(`${name(field)}: ${text} → ${result.code}`);
  return result.value;
};

describe('toXmlValue / fromXmlValue', () => {
  it.each(decimalFactorFields.map((field) => [name(field), field] as const))(
    'round-trips every finite double exactly for %s',
    (_name, field) => {
      fc.assert(fc.property(finiteDouble, (x) => read(field, toXmlValue(field, x)) === x));
    },
  );

  it.each(degreeFields.map((field) => [name(field), field] as const))(
    'round-trips typed degree values exactly and any double stably for %s',
    (_name, field) => {
      fc.assert(fc.property(typedDecimal, (x) => read(field, toXmlValue(field, x)) === x));
      // Any double of a sane magnitude (subnormals underflow when multiplied by π/180).
      const angle = finiteDouble.filter(
        (x) => x === 0 || (Math.abs(x) > 1e-290 && Math.abs(x) < 1e290),
      );
      fc.assert(
        fc.property(angle, (x) => {
          const text = toXmlValue(field, x);
          const back = read(field, text) as number;
          return toXmlValue(field, back) === text && Math.abs(back - x) <= Math.abs(x) * 1e-12;
        }),
      );
    },
  );

  it.each(
    withXml
      .filter((field) => field.kind !== 'number')
      .map((field) => [name(field), field] as const),
  )('round-trips every allowed value of %s', (_name, field) => {
    const values: fc.Arbitrary<unknown> =
      field.kind === 'enum'
        ? fc.constantFrom(...field.values.map((option) => option.value))
        : field.kind === 'boolean'
          ? fc.boolean()
          : field.kind === 'integer'
            ? fc.integer({ min: field.min ?? -1e9, max: field.max ?? 1e9 })
            : field.kind === 'string' && field.format === 'color'
              ? fc
                  .tuple(
                    fc.stringMatching(/^[0-9A-F]{6}$/),
                    fc.option(fc.stringMatching(/^[0-9A-E][0-9A-F]$/)),
                  )
                  .map(([rgb, alpha]) => rgb + (alpha ?? ''))
              : fc.string({ minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(values, (value) => {
        const back = read(field, toXmlValue(field, value as never));
        return back === value;
      }),
    );
  });

  it('reads the predecessor example file with its units converted (legacy/calculation-input-example.xml)', () => {
    const { settings, soilLayer, pile } = FIELD_CATALOGUE;
    expect(read(settings.AbtreppungsWinkelRad, '0.7853981633974483')).toBe(45);
    expect(read(settings.MaxLaengs, '0.02')).toBe(20);
    expect(read(settings.MaxBuegel, '0.01')).toBe(10);
    expect(read(settings.Betondeckung, '0.1')).toBe(100);
    expect(read(settings.MvonMaxfuerSchub, '0.5')).toBe(50);
    expect(read(settings.Norm, '1')).toBe(1);
    expect(read(settings.WinkelAusProfilen, 'true')).toBe(true);
    expect(read(settings.SeiteVonSeiten, '1')).toBe(1);
    expect(read(soilLayer.phi, '0.4014257279586958')).toBe(23);
    expect(read(soilLayer.phi, '0.6108652381980153')).toBe(35);
    expect(read(soilLayer.ESoben, '5000.0')).toBe(5);
    expect(read(soilLayer.MaxElementWeite, '0.1')).toBe(10);
    expect(read(soilLayer.cuk, 'NaN')).toBeNull();
    expect(read(soilLayer.cuk, '0.1')).toBe(0.1);
    expect(read(soilLayer.bodenSchichtColor, 'FFD8D8D8')).toBe('D8D8D8');
    expect(read(soilLayer.bodenSchichtColor, '80F4E04D')).toBe('F4E04D80');
    expect(read(soilLayer.bodenArt, 'A, U, T,  U+T')).toBe('A, U, T,  U+T');
    expect(read(pile.prozentualerMantelAnteil, '1.0')).toBe(100);
    expect(read(pile.PfahlTyp, 'bp')).toBe('bp');
    expect(read(pile.BetonZyl, '25')).toBe(25);
  });

  it('keeps precision the predecessor lost by rounding to 2 decimals on import', () => {
    const { soilLayer, settings } = FIELD_CATALOGUE;
    expect(toXmlValue(soilLayer.qsk, 0.0125)).toBe('12.5');
    expect(read(soilLayer.qsk, '12.5')).toBe(0.0125);
    expect(read(settings.MaxLaengs, '0.016')).toBe(16);
    expect(read(soilLayer.phi, String(22.5 * DEG_TO_RAD))).toBe(22.5);
  });

  it('writes numbers the way the predecessor did', () => {
    const { settings, soilLayer, pile } = FIELD_CATALOGUE;
    expect(toXmlValue(settings.AuslastungProzent, 100)).toBe('100.0');
    expect(toXmlValue(settings.AbtreppungsWinkelRad, 45)).toBe('0.7853981633974483');
    expect(toXmlValue(settings.MaxLaengs, 20)).toBe('0.02');
    expect(toXmlValue(settings.MaxLaenge, 100)).toBe('100');
    expect(toXmlValue(settings.runHorBemessung, false)).toBe('false');
    expect(toXmlValue(soilLayer.ESunten, 10)).toBe('10000.0');
    expect(toXmlValue(soilLayer.MaxElementWeite, 10)).toBe('0.1');
    expect(toXmlValue(soilLayer.qc, null)).toBe('NaN');
    expect(toXmlValue(soilLayer.bodenSchichtColor, 'D8D8D8')).toBe('FFD8D8D8');
    expect(toXmlValue(pile.AEHoehe, null)).toBe('');
    expect(toXmlValue(pile.PfahlTyp, 'bp')).toBe('bp');
  });

  it('reads empty and NaN as null for nullable fields and as REQUIRED otherwise', () => {
    const { pile, settings, horizontalLoad } = FIELD_CATALOGUE;
    expect(fromXmlValue(pile.AEHoehe, '')).toEqual({ ok: true, value: null });
    expect(fromXmlValue(pile.Pname, '')).toEqual({ ok: true, value: null });
    expect(fromXmlValue(pile.Rs_k, 'NaN')).toEqual({ ok: true, value: null });
    expect(fromXmlValue(settings.gammaDruck, '')).toEqual({ ok: false, code: 'REQUIRED' });
    expect(fromXmlValue(horizontalLoad.pAnOberkante, 'NaN')).toEqual({
      ok: false,
      code: 'REQUIRED',
    });
  });

  it('refuses text that is not a value of the field, with a code', () => {
    const { pile, settings, soilLayer } = FIELD_CATALOGUE;
    expect(fromXmlValue(pile.SollDurchmesser, '1,2')).toEqual({ ok: false, code: 'INVALID_TYPE' });
    expect(fromXmlValue(pile.SollDurchmesser, 'abc')).toEqual({ ok: false, code: 'INVALID_TYPE' });
    expect(fromXmlValue(pile.PfahlAnzahl, '2.5')).toEqual({ ok: false, code: 'NOT_AN_INTEGER' });
    expect(fromXmlValue(pile.PfahlAnzahl, '4.0')).toEqual({ ok: true, value: 4 });
    expect(fromXmlValue(settings.BetonZyl, '33')).toEqual({ ok: false, code: 'INVALID_VALUE' });
    expect(fromXmlValue(pile.PfahlTyp, 'xx')).toEqual({ ok: false, code: 'INVALID_VALUE' });
    expect(fromXmlValue(pile.PfahlTyp, 'BP')).toEqual({ ok: true, value: 'bp' });
    expect(fromXmlValue(settings.runHorBemessung, 'yes')).toEqual({
      ok: false,
      code: 'INVALID_TYPE',
    });
    expect(fromXmlValue(soilLayer.bodenSchichtColor, 'red')).toEqual({
      ok: false,
      code: 'INVALID_VALUE',
    });
  });
});

describe('shiftDecimalText', () => {
  it.each([
    ['20', -3, '0.02'],
    ['0.016', 3, '16'],
    ['-1.5e-7', 3, '-0.00015'],
    ['1e+21', -2, '10000000000000000000'],
    ['000.500', 1, '5'],
    ['0', 3, '0'],
  ])('shifts %s by %i places to %s', (text, k, expected) => {
    expect(shiftDecimalText(text, k)).toBe(expected);
  });

  it('returns null for text that is not a decimal number', () => {
    expect(shiftDecimalText('1,5', 1)).toBeNull();
    expect(shiftDecimalText('.', 1)).toBeNull();
  });
});

describe('colorToXml / colorFromXml', () => {
  it('moves the alpha byte between the end (wire) and the front (engine)', () => {
    expect(colorToXml('#f4e04d80')).toBe('80F4E04D');
    expect(colorFromXml('80F4E04D')).toBe('F4E04D80');
    expect(colorFromXml('FFC8A165')).toBe('C8A165');
  });
});
