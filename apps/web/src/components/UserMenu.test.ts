import { describe, expect, it } from 'vitest';
import { initials } from './UserMenu';

describe('avatar initials', () => {
  it('skips academic titles and abbreviations', () => {
    // before: "DA" from "Dr.-Ing." and "Anna"
    expect(initials('Dr.-Ing. Anna Schmidt')).toBe('AS');
    expect(initials('Prof. Dr. Hans J. Müller')).toBe('HM');
    expect(initials('Demo Owner')).toBe('DO');
    expect(initials('')).toBe('?');
  });
});
