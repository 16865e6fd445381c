import { PROJECT_NAME_MAX } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { copyName } from './projects.service';

describe('copyName (ADR 0048)', () => {
  it('adds the suffix to a short name', () => {
    expect(copyName('Brücke Nord', new Set())).toBe('Brücke Nord (Kopie)');
    expect(copyName('Brücke Nord', new Set(['brücke nord (kopie)']))).toBe('Brücke Nord (Kopie 2)');
  });

  it('shortens a long name at a word boundary, never mid-word', () => {
    // 40 characters: room for 40 − 8 (" (Kopie)") = 32, of them 31 for words and 1 for "…"
    const name = 'Widerlager Nordseite Achse 10 bis 40'; // 36 characters
    const copy = copyName(name, new Set());
    // before: "Widerlager Nordseite Achse 10 bi (Kopie)" (cut inside "bis")
    expect(copy).toBe('Widerlager Nordseite Achse 10… (Kopie)');
    expect(copy.length).toBeLessThanOrEqual(PROJECT_NAME_MAX);
  });

  it('cuts a single word longer than the room', () => {
    const copy = copyName('X'.repeat(40), new Set());
    expect(copy).toBe(`${'X'.repeat(31)}… (Kopie)`);
    expect(copy.length).toBe(PROJECT_NAME_MAX);
  });
});
