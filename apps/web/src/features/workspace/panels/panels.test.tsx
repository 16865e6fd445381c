// @vitest-environment jsdom
import { ProjectSettingsSchema } from '@pfahlplaner/contracts';
import {
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { calculateProject } from '@pfahlplaner/engine';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import loadcasesProject from '../../../../../../docs/examples/loadcases-project.json';
import { exampleResult, exampleWorkbook } from './dev/example-data';
import { LoadCaseResultPanel } from './LoadCaseResultPanel';
import { PileDetailPanel } from './PileDetailPanel';
import { SettingsDialog } from './SettingsDialog';
import { SoilProfileDrawing } from './SoilProfileDrawing';
import { useLivePreview } from './useLivePreview';
import { WorkspaceTour } from './WorkspaceTour';

// jsdom has no layout: antd's tables and tour observe sizes. A no-op observer (no size ever changes).
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const workbook = exampleWorkbook();
const result = exampleResult(workbook);
// the expected numbers below are written with the decimal point (German defaults to the comma, ADR 0140)
const show = (element: ReactElement) => {
  if (localStorage.getItem('pp.decimalSeparator') === null) {
    localStorage.setItem('pp.decimalSeparator', 'point');
  }
  return render(<AppProviders queryClient={createQueryClient()}>{element}</AppProviders>);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('SoilProfileDrawing', () => {
  const profile = workbook.soil_profiles[0]!;
  const piles = [
    { Pname: '101', topLevel: 156.76, toeLevel: result.piles[0]!.Soll_UK_Pfahl, diameter: 1 },
  ];

  it('draws the layers, groundwater, start level and the pile with its calculated toe', () => {
    show(<SoilProfileDrawing profile={profile} piles={piles} />);
    const svg = screen.getByRole('img', { name: 'Bodenprofil BP 1' });
    expect(within(svg).getAllByTestId('soil-layer')).toHaveLength(3);
    expect(within(svg).getByText('GW 151.00')).toBeTruthy();
    expect(within(svg).getByText('Startkote 158.00')).toBeTruthy();
    expect(within(svg).getByText('149.56')).toBeTruthy();
    expect(within(svg).getByText('bindig, c_u,k = 0.100 MN/m²')).toBeTruthy();
  });

  it('writes levels with the decimal comma when the user prefers it', () => {
    localStorage.setItem('pp.decimalSeparator', 'comma');
    show(<SoilProfileDrawing profile={profile} piles={piles} />);
    expect(screen.getByText('GW 151,00')).toBeTruthy();
  });
});

describe('PileDetailPanel', { timeout: 60_000 }, () => {
  const pile = workbook.piles[0]!;
  const props = { pile, profile: workbook.soil_profiles[0]!, settings: workbook.settings };

  it('shows the resistances, the q values with their table source, the curve and the iteration of load point 101', () => {
    show(<PileDetailPanel {...props} result={result.piles[0]!} isPreview={false} />);
    expect(screen.getByText('Lastpunkt 101')).toBeTruthy();
    expect(screen.getByText('2603.6 kN')).toBeTruthy(); // R_c,d
    expect(screen.getByText('80.7 %')).toBeTruthy(); // E_d / R_d
    expect(screen.getAllByText('EA-5.15 [S]')).toHaveLength(1);
    expect(screen.getByTestId('curve-R').getAttribute('d')).toMatch(/^M/);
    expect(screen.getByTestId('line-Ek')).toBeTruthy();
    expect(screen.getByTestId('line-sAllow')).toBeTruthy();
    expect(screen.getByTestId('operating-point')).toBeTruthy();
    expect(screen.getByText('erfüllt')).toBeTruthy();
    expect(screen.queryByTestId('preview-badge')).toBeNull();
  });

  it('marks a preview and unverified table values', () => {
    const base = result.piles[0]!;
    const layers = base.trace!.layers.map((l) => ({
      ...l,
      skin: { ...l.skin, lookup: l.skin.lookup && { ...l.skin.lookup, tag: 'U' as const } },
    }));
    show(
      <PileDetailPanel
        {...props}
        result={{ ...base, trace: { ...base.trace!, layers } }}
        isPreview
      />,
    );
    expect(screen.getByTestId('preview-badge').textContent).toBe('Vorschau');
    expect(document.querySelectorAll('[data-verified="U"]').length).toBeGreaterThan(0);
    expect(
      screen.getByText('Tabellenwert nicht gegen die Quelle geprüft – vor Verwendung prüfen.'),
    ).toBeTruthy();
  });

  it('lists the coded issues of a row that could not be calculated', () => {
    show(
      <PileDetailPanel
        {...props}
        pile={workbook.piles[9]!}
        result={result.piles[9]!}
        isPreview={false}
      />,
    );
    expect(result.piles[9]!.trace).toBeNull();
    // the issue is listed (code only as data attribute), in words: no raw code on screen (ADR 0146)
    expect(document.querySelector('[data-code="UNKNOWN_PILE_TYPE"]')).not.toBeNull();
    expect(screen.queryByText(/UNKNOWN_PILE_TYPE/)).toBeNull();
    expect(screen.queryByTestId('curve-R')).toBeNull();
  });
});

describe('LoadCaseResultPanel', () => {
  const loadCase = workbook.horizontal_loadcases[0]!;

  it('shows w, M and Q along the pile in both directions, head values and reinforcement', () => {
    show(<LoadCaseResultPanel loadCase={loadCase} result={result} selectedPname="101" />);
    expect(screen.getAllByRole('img', { name: /über die Pfahllänge/ })).toHaveLength(6);
    expect(screen.getByText('13 Ø 16')).toBeTruthy();
    const head = screen.getByTestId('head-values');
    expect(within(head).getByText('2.32')).toBeTruthy(); // wOben [mm]
    expect(within(head).getByText('128.2')).toBeTruthy(); // MMax [kNm]
    // the issue is listed (code only as data attribute), in words: no raw code on screen (ADR 0146)
    expect(document.querySelector('[data-code="SECTION_KF_APPLIED"]')).not.toBeNull();
    expect(screen.queryByText(/SECTION_KF_APPLIED/)).toBeNull();
  });

  it('shows the EN 1993-1-1 steel check instead of reinforcement for a steel pipe pile', () => {
    const project = loadcasesProject as unknown;
    const steelResult = calculateProject(project);
    const steelCase = (loadcasesProject as unknown as typeof workbook).horizontal_loadcases[0]!;
    show(<LoadCaseResultPanel loadCase={steelCase} result={steelResult} selectedPname="R1" />);
    const row = steelResult.horizontal_loadcases[0]!.horizontal_loads.find(
      (r) => r.Pname === 'R1',
    )!;
    const card = screen.getByTestId('steel-check');
    expect(screen.queryByTestId('reinforcement')).toBeNull();
    expect(within(card).getByText(`${row.steel!.grade} / ${row.steel!.sectionClass}`)).toBeTruthy();
    const governing = within(card).getByText('Ausnutzung maßgebend').closest('tr')!;
    expect(governing.textContent).toContain(row.steel!.utilisation!.toFixed(3));
    expect(within(card).getByText(row.steel!.buckling!.NbRd.toFixed(1))).toBeTruthy();
    // the values used: manufacture (default), wall and corrosion, net section, shear utilisation and ρ
    expect(within(card).getByText('kaltgefertigt (Knicklinie c)')).toBeTruthy();
    expect(within(card).getByText('12.0 / 0.0')).toBeTruthy();
    expect(within(card).getByText('500.0 × 12.0')).toBeTruthy();
    const shear = within(card).getByText('V_Ed/V_pl,Rd (6.2.6) / ρ (6.2.8)').closest('tr')!;
    expect(shear.textContent).toContain(`${row.steel!.utilisationShear.toFixed(3)} / 0.000`);
  });

  it('shows the hot-finished, corroded check and "cannot be verified" when no N–M resistance is left', () => {
    const project = structuredClone(loadcasesProject) as unknown as typeof workbook;
    project.settings = {
      ...project.settings,
      StahlrohrHerstellung: 'warmgefertigt',
      StahlrohrKorrosionMm: 2,
    };
    const steelResult = calculateProject(project);
    const row = steelResult.horizontal_loadcases[0]!.horizontal_loads.find(
      (r) => r.Pname === 'R1',
    )!;
    show(
      <LoadCaseResultPanel
        loadCase={project.horizontal_loadcases[0]!}
        result={steelResult}
        selectedPname="R1"
      />,
    );
    let card = screen.getByTestId('steel-check');
    expect(within(card).getByText('warmgefertigt (Knicklinie a)')).toBeTruthy();
    expect(within(card).getByText('12.0 / 2.0')).toBeTruthy();
    expect(within(card).getByText('496.0 × 10.0')).toBeTruthy();
    expect(row.steel!.buckling!.curve).toBe('a');
    cleanup();
    // the engine's result for V_Ed > V_pl,Rd: ρ = 1, no utilisation (steel-pipe.test.ts)
    row.steel = { ...row.steel!, rho: 1, utilisation: null, utilisationSection: null };
    show(
      <LoadCaseResultPanel
        loadCase={project.horizontal_loadcases[0]!}
        result={steelResult}
        selectedPname="R1"
      />,
    );
    card = screen.getByTestId('steel-check');
    const governing = within(card).getByText('Ausnutzung maßgebend').closest('tr')!;
    expect(governing.textContent).toContain('nicht nachweisbar');
  });

  it('shows "no resistance" instead of reinforcement for a class-4 steel pipe', () => {
    const project = structuredClone(loadcasesProject) as unknown as typeof workbook;
    project.piles = project.piles.map((p) => (p.Pname === 'R1' ? { ...p, Wanddicke: 5 } : p));
    const steelResult = calculateProject(project);
    show(
      <LoadCaseResultPanel
        loadCase={project.horizontal_loadcases[0]!}
        result={steelResult}
        selectedPname="R1"
      />,
    );
    expect(screen.getByTestId('steel-check-missing').textContent).toContain(
      'Keine Tragfähigkeit ausgewiesen',
    );
    expect(screen.queryByTestId('reinforcement')).toBeNull();
    expect(screen.queryByTestId('steel-check')).toBeNull();
    expect(screen.getAllByText(/Querschnittsklasse 4/).length).toBeGreaterThan(0);
  });

  it('says so when the result has no load cases yet or no row is selected', () => {
    const axial = { ...result, horizontal_loadcases: [] };
    show(<LoadCaseResultPanel loadCase={loadCase} result={axial} selectedPname="101" />);
    expect(
      screen.getByText('Für diese Lastkombination liegen noch keine Ergebnisse vor.'),
    ).toBeTruthy();
    cleanup();
    show(<LoadCaseResultPanel loadCase={loadCase} result={result} selectedPname={null} />);
    expect(screen.getByText('Wählen Sie einen Lastpunkt der Lastkombination.')).toBeTruthy();
  });
});

describe('SettingsDialog', { timeout: 60_000 }, () => {
  const settings = ProjectSettingsSchema.parse({ name: 'P', Schrittweite: 0.5, gammaDruck: 1.5 });

  it('shows every group and refuses an invalid value with its translated message', async () => {
    const onSave = vi.fn();
    show(
      <SettingsDialog
        open
        settings={settings}
        readOnly={false}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    expect(document.querySelectorAll('[data-testid^="settings-group-"]')).toHaveLength(10);
    fireEvent.change(screen.getByLabelText('γ Druck'), { target: { value: '0.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Wert ist zu klein.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('resets to the catalogue defaults after confirmation and saves them', async () => {
    const onSave = vi.fn();
    show(
      <SettingsDialog
        open
        settings={settings}
        readOnly={false}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Schrittweite').value).toBe('0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Auf Standardwerte zurücksetzen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Schrittweite').value).toBe('0.1'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]![0] as typeof settings;
    expect(saved).toMatchObject({ Schrittweite: 0.1, gammaDruck: 1.4, name: 'P' });
  });

  it('disables every input and offers no save in read-only mode', () => {
    show(
      <SettingsDialog
        open
        settings={settings}
        readOnly
        onSave={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Schrittweite').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLButtonElement>('Spitzendruckmittelung').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auf Standardwerte zurücksetzen' })).toBeNull();
  });
});

describe('WorkspaceTour', { timeout: 60_000 }, () => {
  const page = (open: boolean, onClose: () => void) => (
    <div>
      <div data-tour="grid" className="ag-body-viewport" data-testid="grid-viewport">
        grid
      </div>
      <button data-tour="calculate">calc</button>
      <button data-tour="settings">settings</button>
      <WorkspaceTour open={open} onClose={onClose} />
    </div>
  );

  it('walks the targets present with a step badge, previous disabled first and finish last', async () => {
    const onClose = vi.fn();
    show(page(true, onClose));
    expect((await screen.findByTestId('tour-badge')).textContent).toBe('1 / 3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Zurück' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByTestId('tour-badge').textContent).toBe('3 / 3');
    expect(screen.queryByRole('button', { name: 'Weiter' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('restores the grid scroll position it changed when it closes', async () => {
    const view = show(page(false, () => undefined));
    const grid = screen.getByTestId('grid-viewport');
    grid.scrollTop = 120;
    view.rerender(
      <AppProviders queryClient={createQueryClient()}>{page(true, () => undefined)}</AppProviders>,
    );
    await screen.findByTestId('tour-badge');
    grid.scrollTop = 640; // the tour scrolled a target into view
    view.rerender(
      <AppProviders queryClient={createQueryClient()}>{page(false, () => undefined)}</AppProviders>,
    );
    expect(grid.scrollTop).toBe(120);
  });
});

describe('useLivePreview', () => {
  it('gives no preview where Web Workers are missing (jsdom)', () => {
    expect(typeof Worker).toBe('undefined');
    const { result: hook } = renderHook(() => useLivePreview(workbook, true));
    expect(hook.current).toEqual({ result: null, isComputing: false });
  });
});

describe('SoilProfileDrawing with many piles (ADR 0147)', () => {
  it('labels every n-th of 60 piles so names and toe levels never overlap', () => {
    const profile = workbook.soil_profiles[0]!;
    const many = Array.from({ length: 60 }, (_, i) => ({
      Pname: String(101 + i),
      topLevel: 156.76,
      toeLevel: 146.96,
      diameter: 1,
    }));
    show(<SoilProfileDrawing profile={profile} piles={many} />);
    const svg = screen.getByRole('img', { name: 'Bodenprofil BP 1' });
    expect(within(svg).getAllByTestId('pile')).toHaveLength(60);
    const names = within(svg).getAllByTestId('pile-label');
    const toes = within(svg).getAllByTestId('toe-label');
    // before: 60 names and 60 toe labels in a 180-unit pile zone (3 units per pile)
    expect(names.length).toBeLessThan(60);
    expect(toes.length).toBeLessThan(60);
    // neighbouring labels at least one label width apart: a 3-character name is 3·7.5 + 8 = 30.5 units,
    // a toe level ("146,96" and room for 7 characters) 7·7.5 + 8 = 60.5 units
    const gaps = (els: HTMLElement[]) =>
      els.slice(1).map((el, i) => Number(el.getAttribute('x')) - Number(els[i]!.getAttribute('x')));
    expect(Math.min(...gaps(names))).toBeGreaterThanOrEqual(30.5);
    expect(Math.min(...gaps(toes))).toBeGreaterThanOrEqual(60.5);
    // a font size of at least 12 drawing units everywhere
    for (const text of svg.querySelectorAll('text')) {
      expect(Number(text.getAttribute('font-size'))).toBeGreaterThanOrEqual(12);
    }
  });
});
