import { describe, expect, it } from 'vitest';
import { layerFill, normalizeColorInput, textColorOn } from './color';

describe('normalizeColorInput', () => {
  it.each([
    ['d8d8d8', '#D8D8D8'],
    ['  #a1b2c3 ', '#A1B2C3'],
    ['##ff0000', '#FF0000'],
    ['#11223344', '#11223344'],
    ['AbCdEf', '#ABCDEF'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeColorInput(input)).toBe(expected);
  });

  it.each(['', '   ', '#12345', 'GGGGGG', '#1234567', 'red', '# 123456'])('refuses %j', (input) => {
    expect(normalizeColorInput(input)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(normalizeColorInput(null)).toBeNull();
    expect(normalizeColorInput(undefined)).toBeNull();
  });
});

describe('layerFill', () => {
  it('falls back to the catalogue default for invalid colours', () => {
    expect(layerFill('nope')).toBe('#D8D8D8');
    expect(layerFill('336699')).toBe('#336699');
  });
});

describe('textColorOn', () => {
  it('chooses white on dark and black on light fills', () => {
    expect(textColorOn('#0F2444')).toBe('#FFFFFF');
    expect(textColorOn('#F0E68C')).toBe('#000000');
  });
});
