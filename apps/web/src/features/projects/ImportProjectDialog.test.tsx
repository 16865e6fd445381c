// @vitest-environment jsdom
import type { ApiFailure, ImportPreview } from '@pfahlplaner/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http/api-error';
import { renderPage } from '../../test/render';
import { ImportProjectDialog, projectNameFromFile, type ProjectImportOps } from './ImportProjectDialog';

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

const failure = (status: number, code: string, data: unknown = null, path?: string) =>
  new ApiError(status, {
    status_code: 0,
    status_message: code,
    data,
    error: { code, details: path ? [{ path, code }] : [] },
  } as ApiFailure);

/** The four requests, answered by the test and recorded (the e2e test runs them against the server). */
const recordingOps = (answers: Partial<Record<keyof ProjectImportOps, () => unknown>> = {}) => {
  const calls: string[] = [];
  const answer = <T,>(name: keyof ProjectImportOps, fallback: T): Promise<T> => {
    const custom = answers[name];
    if (!custom) return Promise.resolve(fallback);
    const value = custom();
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value as T);
  };
  const ops: ProjectImportOps = {
    create: async (_c, basics) => {
      calls.push(`create ${basics.name}`);
      return answer('create', { id: 77, version: 1 });
    },
    preview: async (_c, id, file) => {
      calls.push(`preview ${id} ${file.name}`);
      return answer('preview', preview());
    },
    apply: async (_c, id, _f, version) => {
      calls.push(`apply ${id} v${version}`);
      return answer('apply', {
        version: 2,
        modified_date: '2026-11-23T10:00:00Z',
        calculation: null,
        summary: preview().summary,
        undo_until: null,
      });
    },
    remove: async (_c, id) => {
      calls.push(`remove ${id}`);
      await answer('remove', undefined);
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
  it('creates the project, shows the preview and applies the file into it', async () => {
    const { ops, calls } = recordingOps();
    const events = open(ops);
    await choose();
    expect(screen.getByLabelText<HTMLInputElement>('Projektname').value).toBe('Brücke Nord');
    fireEvent.click(screen.getByTestId('project-import-next'));
    expect(await screen.findByTestId('import-new-project')).toBeTruthy();
    expect(screen.getByText(/in das neue Projekt „Brücke Nord“/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-apply'));
    await waitFor(() => expect(events).toContain('imported 77'));
    expect(calls).toEqual(['create Brücke Nord', 'preview 77 Brücke_Nord.xlsx', 'apply 77 v1']);
  });

  it('deletes the created project again when the preview is cancelled', async () => {
    const { ops, calls } = recordingOps();
    const events = open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await screen.findByTestId('import-new-project');
    fireEvent.click(cancelPreview());
    await waitFor(() => expect(calls).toContain('remove 77'));
    expect(events).toContain('close');
    expect(events).not.toContain('imported 77');
    expect(
      await screen.findByText(/das dafür angelegte Projekt „Brücke Nord“ wurde wieder gelöscht/),
    ).toBeTruthy();
  });

  it('shows why the server refused the apply, and removes the project when closed', async () => {
    const { ops, calls } = recordingOps({
      apply: () => failure(400, 'IMPORT_INVALID', preview(1)),
    });
    open(ops);
    await choose();
    fireEvent.click(screen.getByTestId('project-import-next'));
    await screen.findByTestId('import-new-project');
    fireEvent.click(screen.getByTestId('import-apply'));
    await screen.findByText(/wird beim Schließen wieder gelöscht/);
    expect(screen.getByTestId<HTMLButtonElement>('import-apply').disabled).toBe(true);
    fireEvent.click(cancelPreview());
    await waitFor(() => expect(calls.at(-1)).toBe('remove 77'));
  });

  it('creates nothing for a file of the wrong type, and marks a taken name without a preview', async () => {
    const { ops, calls } = recordingOps({
      create: () => failure(409, 'PROJECT_NAME_TAKEN', null, 'name'),
    });
    open(ops);
    await choose('notes.txt');
    expect(await screen.findByText('Importdateien: nur .xls, .xlsx oder .xml')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-import-next'));
    expect(await screen.findByText('Bitte wählen Sie eine Datei.')).toBeTruthy();
    expect(calls).toEqual([]);

    await choose('Lasten.xls');
    fireEvent.click(screen.getByTestId('project-import-next'));
    expect(await screen.findByText('Ein Projekt mit diesem Namen existiert bereits.')).toBeTruthy();
    expect(calls).toEqual(['create Lasten']);
    expect(screen.queryByTestId('import-preview')).toBeNull();
  });
});
