// @vitest-environment jsdom
import type { ApiFailure, ImportPreview } from '@pfahlplaner/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http/api-error';
import { renderPage } from '../../test/render';
import {
  ImportProjectDialog,
  projectNameFromFile,
  type ProjectImportOps,
} from './ImportProjectDialog';

afterEach(() => cleanup());

const preview = (errors = 0): ImportPreview => ({
  format: 'xlsx',
  file_name: 'Brücke_Nord.xlsx',
  workbook: { version: 1, settings: {}, piles: [], soil_profiles: [], horizontal_loadcases: [] },
  issues: Array.from({ length: errors }, (_v, i) => ({
    sheet: 'BP 1',
    row: 4 + i,
    column: 'soil_profiles[0].soil_layers',
    code: 'PLAN_LAYER_LIMIT',
    params: {},
    severity: 'error' as const,
  })),
  summary: {
    piles: 12,
    soil_profiles: 1,
    soil_layers: 3,
    horizontal_loadcases: 0,
    horizontal_loads: 0,
    errors,
    warnings: 0,
    infos: 0,
  },
  applicable: errors === 0,
});

const failure = (
  status: number,
  code: string,
  data: unknown = null,
  path?: string,
  detailCode = code,
) =>
  new ApiError(status, {
    status_code: 0,
    status_message: code,
    data,
    error: { code, details: path ? [{ path, code: detailCode }] : [] },
  } as ApiFailure);

/** The two requests, answered by the test and recorded (the e2e test runs them against the server). */
const recordingOps = (answers: Partial<Record<keyof ProjectImportOps, () => unknown>> = {}) => {
  const calls: string[] = [];
  const answer = <T,>(name: keyof ProjectImportOps, fallback: T): Promise<T> => {
    const custom = answers[name];
    if (!custom) return Promise.resolve(fallback);
    const value = custom();
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value as T);
  };
  const ops: ProjectImportOps = {
    preview: async (_c, file, name) => {
      calls.push(`preview ${name} ${file.name}`);
      return answer('preview', preview());
    },
    apply: async (_c, file, name) => {
      calls.push(`apply ${name} ${file.name}`);
      return answer('apply', {
        project: {
          id: 77,
          name,
          street: '',
          postal_code: '',
          location: '',
          country_id: null,
          number: '',
          version: 1,
          created_date: '2026-11-23T10:00:00Z',
          modified_date: '2026-11-23T10:00:00Z',
          created_by_name: 'Erika Muster',
          modified_by_name: 'Erika Muster',
          calculation_status: 'none' as const,
        },
        summary: preview().summary,
      });
    },
  };
  return { ops, calls };
};

const open = (ops: ProjectImportOps) => {
  const events: string[] = [];
  renderPage(
    <ImportProjectDialog
      open
      companyId={5}
      ops={ops}
      onClose={() => events.push('close')}
      onImported={(id) => events.push(`imported ${id}`)}
      onPlanLimit={() => events.push('plan-limit')}
      onListChanged={() => events.push('list')}
    />,
  );
  return events;
};

/** "Cancel" of the preview dialog (the first dialog may still be in the DOM while it fades out). */
const cancelPreview = () =>
  within(screen.getByTestId('import-preview').closest<HTMLElement>('.ant-modal')!).getByRole(
    'button',
    { name: 'Abbrechen' },
  );

const choose = async (name = 'Brücke_Nord.xlsx') => {
  const input = await screen.findByTestId<HTMLInputElement>('project-import-input');
  fireEvent.change(input, { target: { files: [new File(['PK…'], name)] } });
};

describe('projectNameFromFile', () => {
  it('drops the extension, turns underscores into spaces and keeps at most 40 characters', () => {
    expect(projectNameFromFile('Brücke_Nord.xlsx')).toBe('Brücke Nord');
    expect(projectNameFromFile(`${'x'.repeat(50)}.xml`)).toHaveLength(40);
  });
});

describe('ImportProjectDialog', () => {
  it('previews without a project and creates it with the file in one request on Apply', async () => {
    const { ops, calls } = recordingOps();
    const events = open(ops);
    await choose();
    expect(screen.getByLabelText<HTMLInputElement>('Projektname').value).toBe('Brücke Nord');
    fireEvent.click(screen.getByTestId('project-import-next'));
    expect(await screen.findByTestId('import-new-project')).toBeTruthy();
    expect(
      screen.getByText(/legt das neue Projekt „Brücke Nord“ mit diesen Daten an/),
    ).toBeTruthy();
    expect(calls).toEqual(['preview Brücke Nord Brücke_Nord.xlsx']);
    expect(events).toEqual([]);
    fireEvent.click(screen.getByTestId('import-apply'));
    await waitFor(() => expect(events).toContain('imported 77'));
    expect(calls).toEqual([
      'preview Brücke Nord Brücke_Nord.xlsx',
      'apply Brücke Nord Brücke_Nord.xlsx',
    ]);
    expect(events).toEqual(['close', 'list', 'imported 77']);
  });

  it('sends nothing more when the preview is cancelled (no project exists to remove)', async () => {
    const { ops, calls } = recordingOps();
    const events = open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await screen.findByTestId('import-new-project');
    fireEvent.click(cancelPreview());
    await waitFor(() => expect(events).toContain('close'));
    expect(calls).toEqual(['preview Brücke Nord Brücke_Nord.xlsx']);
    expect(events).not.toContain('list');
  });

  it('shows why the server refused the apply; Apply stays disabled and closing sends nothing', async () => {
    const { ops, calls } = recordingOps({
      apply: () => failure(400, 'IMPORT_INVALID', preview(1)),
    });
    const events = open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await screen.findByTestId('import-new-project');
    fireEvent.click(screen.getByTestId('import-apply'));
    await screen.findByText(/Das Projekt „Brücke Nord“ wird nicht angelegt/);
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);
    fireEvent.click(cancelPreview());
    await waitFor(() => expect(events).toContain('close'));
    expect(calls).toHaveLength(2);
    expect(events).not.toContain('list');
  });

  it('shows the issues of an unreadable file from the preview request', async () => {
    const unreadable = { ...preview(1), workbook: null, applicable: false };
    const { ops } = recordingOps({
      preview: () => failure(400, 'IMPORT_UNREADABLE', unreadable),
    });
    open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await screen.findByText(/Das Projekt „Brücke Nord“ wird nicht angelegt/);
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);
  });

  it('hands the plan’s project limit to the list', async () => {
    const { ops } = recordingOps({ preview: () => failure(403, 'PLAN_PROJECT_LIMIT') });
    const events = open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await waitFor(() => expect(events).toEqual(['plan-limit', 'close']));
  });

  it('refuses a file of the wrong type before any request, and marks a taken name without a preview', async () => {
    const { ops, calls } = recordingOps({
      preview: () => failure(400, 'VALIDATION_FAILED', null, 'name', 'PROJECT_NAME_TAKEN'),
    });
    open(ops);
    await choose('notes.txt');
    expect(await screen.findByText('Importdateien: nur .xls, .xlsx oder .xml')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-import-next'));
    expect(await screen.findByText('Bitte wählen Sie eine Datei.')).toBeTruthy();
    expect(calls).toEqual([]);

    await choose('Lasten.xls');
    fireEvent.click(screen.getByTestId('project-import-next'));
    // at the name field (the notification says it too)
    await waitFor(() =>
      expect(
        screen.getByTestId('project-import-form').querySelector('.ant-form-item-explain-error')
          ?.textContent,
      ).toBe('Ein Projekt mit diesem Namen existiert bereits.'),
    );
    expect(calls).toEqual(['preview Lasten Lasten.xls']);
    expect(screen.queryByTestId('import-preview')).toBeNull();
  });
});
