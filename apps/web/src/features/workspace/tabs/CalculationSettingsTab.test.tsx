// @vitest-environment jsdom
import { ProjectSettingsSchema } from '@pfahlplaner/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import { CalculationSettingsTab } from './CalculationSettingsTab';

afterEach(cleanup);

describe('settings summary (ADR 0147)', () => {
  it('shows the words of the editor for every choice, not the stored codes', () => {
    const settings = ProjectSettingsSchema.parse({ name: 'Summary' });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <CalculationSettingsTab settings={settings} onOpenDialog={() => {}} />
      </AppProviders>,
    );
    const shown = (key: string) => screen.getByTestId(`summary-${key}`).textContent;
    // catalogue defaults and their German option words (contracts fields.de.json → option)
    // before the fix: "1", "0", "2", "25", "bp"
    expect(shown('Norm')).toBe('EA-Pfähle');
    expect(shown('FuszBeeinfluszung')).toBe('Ohne');
    expect(shown('useErhoehung')).toBe('nein');
    expect(shown('BetonZyl')).toBe('C25/30');
    expect(shown('StandardPfahlTyp')).toBe('Bohrpfahl');
    // the two horizontal switches can be told apart
    expect(screen.getByText('Lastkombinationen horizontal berechnen')).toBeTruthy();
    expect(screen.getByText('Horizontalbemessung im XML-Export anfordern')).toBeTruthy();
  });
});
