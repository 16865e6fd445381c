// @vitest-environment jsdom
import type { ImportPreview } from '@pfahlplaner/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { ImportPreviewDialog } from './ImportPreviewDialog';

afterEach(() => cleanup());

const preview = (issues: ImportPreview['issues']): ImportPreview => ({
  format: 'xlsx',
  file_name: 'lasten.xlsx',
  workbook: { version: 3, settings: {}, piles: [], soil_profiles: [], horizontal_loadcases: [] },
  issues,
  summary: {
    piles: 2,
    soil_profiles: 1,
    soil_layers: 3,
    horizontal_loadcases: 0,
    horizontal_loads: 0,
    errors: issues.filter((i) => i.severity === 'error').length,
    warnings: issues.filter((i) => i.severity === 'warning').length,
    infos: 0,
  },
  applicable: issues.every((i) => i.severity !== 'error'),
});

const applyButton = () => screen.getByTestId<HTMLButtonElement>('import-apply');

describe('ImportPreviewDialog', () => {
  it('lists each problem with sheet, row, column and German text, and disables Apply on errors', async () => {
    renderPage(
      <ImportPreviewDialog
        open
        preview={preview([
          {
            sheet: 'Pfahltabelle',
            row: 3,
            column: 'I',
            code: 'INVALID_TYPE',
            params: {},
            severity: 'error',
          },
          {
            sheet: 'Pfahltabelle',
            row: 4,
            column: 'C',
            code: 'FORMULA_WITHOUT_VALUE',
            params: {},
            severity: 'error',
          },
          {
            sheet: 'BP 1',
            row: 2,
            column: 'K',
            code: 'UNKNOWN_COLUMN',
            params: { header: 'Farbe2' },
            severity: 'warning',
          },
        ])}
        applying={false}
        onApply={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByText('Import prüfen: lasten.xlsx')).toBeTruthy();
    expect(screen.getByText('Blatt / Element: Pfahltabelle')).toBeTruthy();
    expect(screen.getByText('Blatt / Element: BP 1')).toBeTruthy();
    expect(
      screen.getByText('Formel ohne gespeicherten Wert: Formeln werden nicht ausgewertet.'),
    ).toBeTruthy();
    expect(screen.getByText('Unbekannte Spalte „Farbe2“: sie wird nicht gelesen.')).toBeTruthy();
    expect(screen.getAllByText('Fehler').length).toBeGreaterThanOrEqual(2);
    expect(applyButton().disabled).toBe(true);
  });

  it('explains a Free plan limit at its sheet, row and column', async () => {
    renderPage(
      <ImportPreviewDialog
        open
        preview={preview([
          {
            sheet: 'BP 1',
            row: 4,
            column: 'A',
            code: 'TOO_BIG',
            params: {
              rule: 'PLAN_LAYER_LIMIT',
              max: 2,
              count: 3,
              path: 'soil_profiles[0].soil_layers',
            },
            severity: 'error',
          },
        ])}
        applying={false}
        onApply={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByText('Blatt / Element: BP 1')).toBeTruthy();
    expect(
      screen.getByText(
        'Ihr Tarif (Free) erlaubt höchstens 2 Bodenschichten je Profil; dieses Profil hat 3. Bitte Schichten zusammenfassen oder upgraden.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);
  });

  it('enables Apply when there are only warnings', async () => {
    const onApply = vi.fn();
    renderPage(
      <ImportPreviewDialog
        open
        preview={preview([
          {
            sheet: 'Pfahltabelle',
            row: 5,
            column: 'B',
            code: 'FORMULA_VALUE_USED',
            params: {},
            severity: 'warning',
          },
        ])}
        applying={false}
        onApply={onApply}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByText('Import prüfen: lasten.xlsx')).toBeTruthy();
    expect(applyButton().disabled).toBe(false);
    applyButton().click();
    expect(onApply).toHaveBeenCalledOnce();
  });
});
