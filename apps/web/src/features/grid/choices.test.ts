import { describe, expect, it } from 'vitest';
import { parseCellInput } from './cell-value';
import { filterChoices, isUnknownChoice, matchChoice } from './choices';
import { buildColumnModel } from './column-model';
import { planPaste } from './paste';

const NAMES = ['BP 1', 'BP 10', 'Baugrube Nord'];

describe('matchChoice', () => {
  it.each([
    ['BP 1', 'BP 1'],
    ['  BP 10 ', 'BP 10'],
    ['bp 1', 'BP 1'],
    ['BAUGRUBE NORD', 'Baugrube Nord'],
  ])('reads %j as %j', (text, name) => expect(matchChoice(NAMES, text)).toBe(name));

  it('never takes a prefix or a part for a name', () => {
    expect(matchChoice(NAMES, 'BP')).toBeNull();
    expect(matchChoice(['BP 10'], 'BP 1')).toBeNull();
    expect(matchChoice(NAMES, 'Nord')).toBeNull();
  });

  it('refuses a case-only match that fits two names', () => {
    expect(matchChoice(['bp 1', 'BP 1'], 'Bp 1')).toBeNull();
    expect(matchChoice(['bp 1', 'BP 1'], 'BP 1')).toBe('BP 1');
  });
});

describe('filterChoices', () => {
  it('keeps the names that contain the text in any case, in their order; all for no text', () => {
    expect(filterChoices(NAMES, '1')).toEqual(['BP 1', 'BP 10']);
    expect(filterChoices(NAMES, 'nord')).toEqual(['Baugrube Nord']);
    expect(filterChoices(NAMES, ' ')).toEqual(NAMES);
    expect(filterChoices(NAMES, 'x')).toEqual([]);
  });
});

describe('isUnknownChoice', () => {
  it('marks a stored name of no profile as the calculation reads it (trimmed, exact case)', () => {
    expect(isUnknownChoice(NAMES, 'BP 2')).toBe(true);
    expect(isUnknownChoice(NAMES, 'bp 1')).toBe(true);
    expect(isUnknownChoice(NAMES, ' BP 1 ')).toBe(false);
    expect(isUnknownChoice(NAMES, null)).toBe(false);
    expect(isUnknownChoice(NAMES, '')).toBe(false);
    expect(isUnknownChoice([], 'BP 1')).toBe(true);
  });
});

describe('a soil-profile cell (ADR 0181)', () => {
  const columns = buildColumnModel('pile', 'de');
  const profile = columns.find((c) => c.key === 'BodenProfil')!;

  it('takes a name of the list (written in any case) and refuses any other text', () => {
    expect(parseCellInput(profile, 'bp 10', 'comma', NAMES)).toEqual({ ok: true, value: 'BP 10' });
    expect(parseCellInput(profile, 'BP 2', 'comma', NAMES)).toEqual({
      ok: false,
      error: 'reference',
    });
    expect(parseCellInput(profile, '', 'comma', NAMES)).toEqual({ ok: true, value: null });
    // without a list (no references given) the text is kept as it is
    expect(parseCellInput(profile, 'BP 2', 'comma')).toEqual({ ok: true, value: 'BP 2' });
  });

  it('refuses a paste naming no profile, applying nothing', () => {
    const visible = columns.filter((c) => ['Pname', 'BodenProfil'].includes(c.key));
    const choices = { BodenProfil: NAMES };
    expect(
      planPaste(
        'P1\tBP 1\nP2\tBP 9',
        { row: 0, columnKey: 'Pname' },
        visible,
        0,
        'comma',
        undefined,
        choices,
      ),
    ).toEqual({
      ok: false,
      problems: [{ row: 1, key: 'BodenProfil', text: 'BP 9', error: 'reference' }],
    });
    const plan = planPaste(
      'P1\tbp 1',
      { row: 0, columnKey: 'Pname' },
      visible,
      0,
      'comma',
      undefined,
      choices,
    );
    expect(plan.ok && plan.edits).toEqual([
      { row: 0, key: 'Pname', value: 'P1' },
      { row: 0, key: 'BodenProfil', value: 'BP 1' },
    ]);
  });
});
