import { ProjectSettingsSchema, SETTINGS_FIELDS } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import {
  DIALOG_GROUPS,
  defaultDraft,
  settingsGroups,
  toDraft,
  validateDraft,
} from './settings-form';

const stored = ProjectSettingsSchema.parse({ name: 'P', Schrittweite: 0.25, gammaDruck: 1.5 });

describe('settingsGroups', () => {
  it('shows every setting except project data and internal ones exactly once, in the issue order', () => {
    const shown = settingsGroups().flatMap((g) => g.fields.map((f) => f.key));
    const expected = SETTINGS_FIELDS.filter(
      (f) => f.group !== 'projectData' && f.group !== 'internal',
    ).map((f) => f.key);
    expect([...shown].sort()).toEqual([...expected].sort());
    expect(new Set(shown).size).toBe(shown.length);
    expect(DIALOG_GROUPS).toEqual([
      'standard',
      'pileLengths',
      'permissibleLimits',
      'partialFactors',
      'pileFootSteps',
      'general',
      'minimumValues',
      'increaseFactors',
      'crossSection',
      'pdfOutput',
    ]);
  });
});

describe('toDraft / validateDraft', () => {
  it('formats numbers with the decimal comma and reads them back unchanged', () => {
    const draft = toDraft(stored, 'comma');
    expect(draft.Schrittweite).toBe('0,25');
    expect(draft.gammaDruck).toBe('1,5');
    const back = validateDraft(draft, stored, 'comma');
    expect(back.settings).toEqual(stored);
  });

  it('accepts a typed comma value and keeps fields outside the dialog', () => {
    const draft = { ...toDraft(stored, 'comma'), Schrittweite: '0,5' };
    const out = validateDraft(draft, stored, 'comma');
    expect(out.settings?.Schrittweite).toBe(0.5);
    expect(out.settings?.name).toBe('P');
    expect(out.settings?.falsermInner).toBe(stored.falsermInner);
  });

  it('reports catalogue rule violations with their error codes', () => {
    const draft = {
      ...toDraft(stored, 'point'),
      gammaDruck: '0.9',
      Schrittweite: '',
      MaxLaenge: '2.5',
      AuslastungProzent: 'abc',
    };
    const out = validateDraft(draft, stored, 'point');
    expect(out.errors).toEqual({
      gammaDruck: 'TOO_SMALL',
      Schrittweite: 'REQUIRED',
      MaxLaenge: 'NOT_AN_INTEGER',
      AuslastungProzent: 'NOT_A_NUMBER',
    });
  });
});

describe('defaultDraft', () => {
  it('holds the catalogue defaults (model defaults, §L2.5)', () => {
    const d = defaultDraft('comma');
    expect(d.Schrittweite).toBe('0,1');
    expect(d.ksNichtReduzieren).toBe(true);
    expect(d.SeiteVonSeiten).toBe(1);
    const out = validateDraft(d, stored, 'comma');
    expect(out.settings?.gammaDruck).toBe(1.4);
    expect(out.settings?.name).toBe('P');
  });
});
