import {
  defaultsOf,
  inputFieldsOf,
  type FieldEntity,
  type HorizontalLoad,
  type HorizontalLoadCase,
  type PileRow,
  type ProjectSettings,
  type SoilLayer,
  type SoilProfile,
  type Workbook,
} from '@pfahlplaner/contracts';
import {
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redoHistory,
  undoHistory,
  type History,
} from '../../grid/history';
import type { CellEdit } from '../../grid/paste';

/** The workbook without its version: what the user edits and undoes (the version belongs to the server). */
export type WorkbookDoc = Omit<Workbook, 'version'>;

/** Which grid a row edit addresses. */
export type GridTarget =
  { kind: 'piles' } | { kind: 'layers'; profile: number } | { kind: 'loads'; loadCase: number };

export type WorkbookState = {
  history: History<WorkbookDoc>;
  /** Server version the document is based on (sent with every save). */
  version: number;
  /** Counts input edits (incl. undo/redo); a save or calculation remembers the revision it covered. */
  revision: number;
};

export type WorkbookAction =
  | { type: 'load'; workbook: Workbook }
  /** Unsaved work kept in this browser comes back as one undoable edit on the version it was based on. */
  | { type: 'restore'; doc: WorkbookDoc; version: number }
  | { type: 'setCells'; target: GridTarget; edits: CellEdit[]; rowCount?: number }
  | { type: 'insertRows'; target: GridTarget; at: number; count: number }
  | { type: 'removeRows'; target: GridTarget; rows: number[] }
  | { type: 'setProfile'; profile: number; patch: Partial<Omit<SoilProfile, 'soil_layers'>> }
  | { type: 'addProfile'; name: string }
  | { type: 'removeProfile'; profile: number }
  | { type: 'addLoadCase'; name: string }
  | { type: 'renameLoadCase'; loadCase: number; name: string }
  | { type: 'removeLoadCase'; loadCase: number }
  | { type: 'setSettings'; patch: Partial<ProjectSettings> }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; version: number };

type AnyRow = Record<string, unknown>;

const ENTITY_OF: Record<GridTarget['kind'], FieldEntity> = {
  piles: 'pile',
  layers: 'soilLayer',
  loads: 'horizontalLoad',
};

/** A new row: the input defaults of the catalogue, results null. */
export const newRow = (kind: GridTarget['kind']): AnyRow => {
  const defaults = defaultsOf(ENTITY_OF[kind]) as AnyRow;
  const row: AnyRow = { ...defaults };
  const inputs = new Set(inputFieldsOf(ENTITY_OF[kind]).map((field) => field.key));
  for (const key of Object.keys(row)) if (!inputs.has(key)) row[key] = null;
  return row;
};

/** The rows a target addresses (empty for a profile or load case that does not exist). */
export const rowsOf = (doc: WorkbookDoc, target: GridTarget): readonly AnyRow[] => {
  switch (target.kind) {
    case 'piles':
      return doc.piles;
    case 'layers':
      return doc.soil_profiles[target.profile]?.soil_layers ?? [];
    case 'loads':
      return doc.horizontal_loadcases[target.loadCase]?.horizontal_loads ?? [];
  }
};

const withRows = (doc: WorkbookDoc, target: GridTarget, rows: AnyRow[]): WorkbookDoc => {
  switch (target.kind) {
    case 'piles':
      return { ...doc, piles: rows as PileRow[] };
    case 'layers':
      return {
        ...doc,
        soil_profiles: doc.soil_profiles.map((profile, index) =>
          index === target.profile ? { ...profile, soil_layers: rows as SoilLayer[] } : profile,
        ),
      };
    case 'loads':
      return {
        ...doc,
        horizontal_loadcases: doc.horizontal_loadcases.map((loadCase, index) =>
          index === target.loadCase
            ? { ...loadCase, horizontal_loads: rows as HorizontalLoad[] }
            : loadCase,
        ),
      };
  }
};

/** Applies cell edits (one undo step); rows missing up to `rowCount` or an edited index are added. */
export const applyCellEdits = (
  doc: WorkbookDoc,
  target: GridTarget,
  edits: readonly CellEdit[],
  rowCount = 0,
): WorkbookDoc => {
  const current = rowsOf(doc, target);
  const needed = Math.max(rowCount, current.length, ...edits.map((edit) => edit.row + 1));
  const rows = [...current];
  while (rows.length < needed) rows.push(newRow(target.kind));
  let changed = rows.length !== current.length;
  const touched = new Map<number, AnyRow>();
  for (const edit of edits) {
    const base = touched.get(edit.row) ?? rows[edit.row]!;
    if (Object.is(base[edit.key], edit.value)) continue;
    touched.set(edit.row, { ...base, [edit.key]: edit.value });
  }
  for (const [index, row] of touched) {
    rows[index] = row;
    changed = true;
  }
  return changed ? withRows(doc, target, rows) : doc;
};

/**
 * A profile's settings; a new name is followed by the load points that named the old one (`BodenProfil`
 * refers by name, ADR 0181), in the same undo step. Rows follow only when the old name was one profile's
 * alone (with two profiles of one name, which rows meant which is unknown).
 */
const setProfile = (
  doc: WorkbookDoc,
  at: number,
  patch: Partial<Omit<SoilProfile, 'soil_layers'>>,
): WorkbookDoc => {
  const before = doc.soil_profiles[at];
  if (!before) return doc;
  const soil_profiles = doc.soil_profiles.map((profile, index) =>
    index === at ? { ...profile, ...patch } : profile,
  );
  const oldName = before.name.trim();
  const newName = patch.name?.trim();
  const isOwnName =
    oldName !== '' && doc.soil_profiles.filter((p) => p.name.trim() === oldName).length === 1;
  if (newName === undefined || newName === '' || newName === oldName || !isOwnName) {
    return { ...doc, soil_profiles };
  }
  const piles = doc.piles.map((pile) =>
    pile.BodenProfil?.trim() === oldName ? { ...pile, BodenProfil: patch.name ?? null } : pile,
  );
  return { ...doc, soil_profiles, piles };
};

const profileDefaults = (name: string): SoilProfile => ({
  ...(defaultsOf('soilProfile') as Omit<SoilProfile, 'soil_layers' | 'name'>),
  name,
  soil_layers: [],
});

/** The pure edit of a document (no history). Returns the same object when nothing changed. */
export const editDoc = (doc: WorkbookDoc, action: WorkbookAction): WorkbookDoc => {
  switch (action.type) {
    case 'setCells':
      return applyCellEdits(doc, action.target, action.edits, action.rowCount);
    case 'insertRows': {
      if (action.count <= 0) return doc;
      const rows = [...rowsOf(doc, action.target)];
      const at = Math.max(0, Math.min(action.at, rows.length));
      rows.splice(at, 0, ...Array.from({ length: action.count }, () => newRow(action.target.kind)));
      return withRows(doc, action.target, rows);
    }
    case 'removeRows': {
      if (action.rows.length === 0) return doc;
      const drop = new Set(action.rows);
      return withRows(
        doc,
        action.target,
        rowsOf(doc, action.target).filter((_row, index) => !drop.has(index)),
      );
    }
    case 'setProfile':
      return setProfile(doc, action.profile, action.patch);
    case 'addProfile':
      return { ...doc, soil_profiles: [...doc.soil_profiles, profileDefaults(action.name)] };
    case 'removeProfile':
      return {
        ...doc,
        soil_profiles: doc.soil_profiles.filter((_p, index) => index !== action.profile),
      };
    case 'addLoadCase': {
      const loadCase: HorizontalLoadCase = { name: action.name, horizontal_loads: [] };
      return { ...doc, horizontal_loadcases: [...doc.horizontal_loadcases, loadCase] };
    }
    case 'renameLoadCase':
      return {
        ...doc,
        horizontal_loadcases: doc.horizontal_loadcases.map((loadCase, index) =>
          index === action.loadCase ? { ...loadCase, name: action.name } : loadCase,
        ),
      };
    case 'removeLoadCase':
      return {
        ...doc,
        horizontal_loadcases: doc.horizontal_loadcases.filter(
          (_c, index) => index !== action.loadCase,
        ),
      };
    case 'setSettings':
      return { ...doc, settings: { ...doc.settings, ...action.patch } };
    case 'restore':
      return action.doc;
    case 'load':
    case 'undo':
    case 'redo':
    case 'saved':
      return doc;
  }
};

const toDoc = ({ version: _version, ...doc }: Workbook): WorkbookDoc => doc;

export const initWorkbookState = (workbook: Workbook): WorkbookState => ({
  history: createHistory(toDoc(workbook)),
  version: workbook.version,
  revision: 0,
});

/**
 * Workbook state of the workspace: every edit is one undo step and bumps `revision`; undo/redo move
 * through the snapshots; `saved` only records the server's new version (not undoable, not an edit).
 */
export const workbookReducer = (state: WorkbookState, action: WorkbookAction): WorkbookState => {
  if (action.type === 'load') {
    return { ...initWorkbookState(action.workbook), revision: state.revision + 1 };
  }
  if (action.type === 'undo') {
    return canUndo(state.history)
      ? { ...state, history: undoHistory(state.history), revision: state.revision + 1 }
      : state;
  }
  if (action.type === 'redo') {
    return canRedo(state.history)
      ? { ...state, history: redoHistory(state.history), revision: state.revision + 1 }
      : state;
  }
  if (action.type === 'saved') return { ...state, version: action.version };
  if (action.type === 'restore') {
    return {
      history: pushHistory(state.history, action.doc),
      version: action.version,
      revision: state.revision + 1,
    };
  }
  const next = editDoc(state.history.present, action);
  if (next === state.history.present) return state;
  return { ...state, history: pushHistory(state.history, next), revision: state.revision + 1 };
};

/** The workbook to send: the present document with the version it is based on. */
export const workbookOf = (state: WorkbookState): Workbook => ({
  ...state.history.present,
  version: state.version,
});
