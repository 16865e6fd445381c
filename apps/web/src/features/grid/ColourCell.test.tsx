// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/AppProviders';
import type { WorkbookAction } from '../workspace/state/workbook-reducer';
import { CatalogueGrid } from './CatalogueGrid';
import { colourChoices, colourCodeOf, colourName } from './soil-colours';

afterEach(cleanup);

describe('layer colour words', () => {
  it('names the colours of the list, and a colour outside it by the nearest one', () => {
    expect(colourName('D8D8D8', 'de')).toBe('Hellgrau');
    expect(colourName('#9c6b3e', 'en')).toBe('Brown');
    // the XML form with an alpha: the colour, not the code
    expect(colourName('9C6B3E80', 'de')).toBe('Braun');
    // 0xA0,0x70,0x40 lies 4,5,2 from Braun (9C 6B 3E): squared distance 45, every other colour is farther
    expect(colourName('A07040', 'de')).toBe('wie Braun');
    expect(colourName('', 'de')).toBe('');
    expect(colourName('nicht', 'de')).toBe('');
  });

  it('reads a pasted word in both languages and keeps a stored colour outside the list selectable', () => {
    expect(colourCodeOf(' hellbraun ')).toBe('C9A27E');
    expect(colourCodeOf('Light brown')).toBe('C9A27E');
    expect(colourCodeOf('Kiesgrau')).toBeNull();
    expect(colourChoices('A07040')[0]).toBe('A07040');
    expect(colourChoices('D8D8D8')).not.toContain('A07040');
  });
});

/** The soil-layer grid with a recording dispatch. */
const renderLayers = (rows: Record<string, unknown>[]) => {
  const actions: WorkbookAction[] = [];
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <CatalogueGrid
        entity="soilLayer"
        target={{ kind: 'layers', profile: 0 }}
        pathPrefix="soil_profiles[0].soil_layers"
        rows={rows}
        dispatch={(action) => actions.push(action)}
        storageKey="layers"
        showMinimap={false}
      />
    </AppProviders>,
  );
  const cell = (row: number, key: string) =>
    view.container.querySelector<HTMLElement>(`.ag-row[row-index="${row}"] [col-id="${key}"]`);
  return { view, actions, cell };
};

describe('colour cell of the soil-layer grid', () => {
  it('shows a swatch and a word, never the code; a pasted word is stored as the code', async () => {
    const { cell, actions, view } = renderLayers([
      { endKote: 150, bodenArt: 'Lehm', bodenSchichtColor: 'D8D8D8' },
      { endKote: 140, bodenArt: 'Kies', bodenSchichtColor: '9C6B3E' },
    ]);
    await waitFor(
      () => {
        expect(cell(0, 'bodenSchichtColor')?.textContent).toBe('Hellgrau');
        expect(cell(1, 'bodenSchichtColor')?.textContent).toBe('Braun');
      },
      { timeout: 20_000 },
    );
    const first = cell(0, 'bodenSchichtColor')!;
    const second = cell(1, 'bodenSchichtColor')!;
    expect(
      Array.from(view.container.querySelectorAll('.ag-row'), (row) => row.textContent).join(' '),
    ).not.toMatch(/D8D8D8|9C6B3E/i);
    const swatch = second.querySelector<HTMLElement>('.pp-grid-colour__swatch')!;
    // jsdom reports the inline colour as rgb(): 0x9C = 156, 0x6B = 107, 0x3E = 62
    expect(swatch.style.background).toBe('rgb(156, 107, 62)');

    fireEvent.mouseDown(first, { button: 0 });
    fireEvent.mouseUp(document);
    const data = new Map([['text/plain', 'Hellbraun']]);
    fireEvent.paste(view.container.querySelector('.pp-grid__table')!, {
      clipboardData: { getData: (type: string) => data.get(type) ?? '', setData: () => undefined },
    });
    expect(actions).toEqual([
      {
        type: 'setCells',
        target: { kind: 'layers', profile: 0 },
        rowCount: 2,
        edits: [{ row: 0, key: 'bodenSchichtColor', value: 'C9A27E' }],
      },
    ]);
  }, 60_000);
});
