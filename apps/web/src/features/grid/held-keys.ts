/**
 * Keys typed while a cell is editing but its editor does not have the focus (ADR 0141, addendum).
 *
 * A printable key on a cell starts AG Grid's type-to-edit with that key, and AG Grid React attaches and focuses
 * the editor later. Under heavy CPU load the row refresh for the previous cell's value (Tab) can come in between:
 * AG Grid then makes the editor again without the typed key and never focuses it. The next keys reach the cell's
 * DIV, which AG Grid ignores while the cell is editing, and Enter ended the edit with an empty editor: the whole
 * value was lost. The grid's capture handler gives such keys to `KeyHold.take`, which keeps them, in order, until
 * there is an editor, focuses it if AG Grid does not, starts it from the typed key, and then types the keys into it
 * (text keys) or hands them to it as key events (Enter, Tab, Escape, arrows), as the keyboard would have.
 * Held keys belong to the cell they were typed in (and, after a held Tab or Enter, to the cell it moved to):
 * when the user clicks another cell before the editor came, they are dropped, never typed there.
 */

/** What is kept of a held key: enough to type it or to send it again. */
export type HeldKey = {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
};

/** Keys that are only modifiers pass: Shift is pressed before an upper-case letter and must not wait. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Fn', 'OS']);

/** How long held keys wait for the editor before they go where the focus is, as they would have (ms). */
export const HOLD_LIMIT_MS = 2_000;
/** How long an editor opened by Enter or F2 is left for AG Grid to focus before the hold focuses it (ms). */
export const EDITOR_GRACE_MS = 300;
/** How often a hold looks again whether the editor has the focus (ms). */
const POLL_MS = 16;

/** A key that edits text in an input: a character that is not a shortcut (AltGr and Option type), Backspace or Delete. */
export const isTextKey = (key: HeldKey) =>
  (key.key.length === 1 && !isShortcut(key)) ||
  (key.key === 'Backspace' && !key.ctrlKey && !key.altKey) ||
  (key.key === 'Delete' && !key.ctrlKey && !key.altKey);

/**
 * The keys with which AG Grid starts type-to-edit on a cell that is not editing: a character without Ctrl, Alt or
 * Meta (its `_isEventFromPrintableCharacter`), Backspace and Delete.
 */
const startsTypeToEdit = (key: HeldKey) =>
  (key.key.length === 1 && !key.ctrlKey && !key.altKey && !key.metaKey) ||
  key.key === 'Backspace' ||
  key.key === 'Delete';

/**
 * Ctrl (without Alt) or Meta with a key: a shortcut (copy, paste, undo), never held — holding it would stop the
 * browser's own action (a paste), which a sent key event cannot do again. Ctrl+Alt is AltGr on Windows ("@" on a
 * German keyboard) and Alt alone is Option on a Mac: both type characters.
 */
const isShortcut = (key: Pick<HeldKey, 'ctrlKey' | 'altKey' | 'metaKey'>) =>
  key.metaKey || (key.ctrlKey && !key.altKey);

/**
 * The text and caret after one text key, as the browser types it: a character replaces the selection, Backspace
 * and Delete remove the selection or the character before / after the caret.
 */
export const typeKey = (
  value: string,
  start: number,
  end: number,
  key: string,
): { value: string; caret: number } => {
  const from = Math.max(0, Math.min(start, end, value.length));
  const to = Math.min(value.length, Math.max(start, end, from));
  if (key === 'Backspace') {
    if (from !== to) return { value: value.slice(0, from) + value.slice(to), caret: from };
    if (from === 0) return { value, caret: 0 };
    return { value: value.slice(0, from - 1) + value.slice(from), caret: from - 1 };
  }
  if (key === 'Delete') {
    if (from !== to) return { value: value.slice(0, from) + value.slice(to), caret: from };
    return { value: value.slice(0, from) + value.slice(from + 1), caret: from };
  }
  return { value: value.slice(0, from) + key + value.slice(to), caret: from + key.length };
};

const isTextInput = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof element.ownerDocument.defaultView!.HTMLTextAreaElement ||
  (element instanceof element.ownerDocument.defaultView!.HTMLInputElement &&
    ['text', 'search', 'tel', 'url', 'email', 'password', ''].includes(element.type));

/** Sets an input's text the way React and AG Grid see typing: value, caret at `caret`, `input` event. */
const setText = (
  input: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  caret = value.length,
) => {
  if (input.value === value) {
    input.setSelectionRange(caret, caret);
    return;
  }
  // the prototype's setter: a React-controlled input (the soil-profile list) sees the change in onChange
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value');
  if (descriptor?.set) descriptor.set.call(input, value);
  else input.value = value;
  input.setSelectionRange(caret, caret);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/** Types one text key into an input at its caret or selection. */
const typeInto = (input: HTMLInputElement | HTMLTextAreaElement, key: string) => {
  const length = input.value.length;
  const next = typeKey(
    input.value,
    input.selectionStart ?? length,
    input.selectionEnd ?? length,
    key,
  );
  setText(input, next.value, next.caret);
};

/** The element inside `root` that has the focus, or null. */
const focusedIn = (root: HTMLElement): HTMLElement | null => {
  const active = root.ownerDocument.activeElement;
  return active instanceof root.ownerDocument.defaultView!.HTMLElement && root.contains(active)
    ? active
    : null;
};

/** The focus is on a cell itself (its DIV), not on an editor inside it. */
const focusOnCell = (root: HTMLElement) => focusedIn(root)?.classList.contains('ag-cell') ?? false;

export type KeyHold = {
  /** Keeps the key when it must wait for the editor (the caller then stops the event); false lets it pass. */
  take: (event: KeyboardEvent, root: HTMLElement) => boolean;
  /** Called when something in the grid takes the focus: the editor may be ready for the held keys. */
  focused: (root: HTMLElement) => void;
  dispose: () => void;
};

/** What the hold asks the grid: whether a cell is editing, and which cell has the focus (row and column). */
export type HoldGrid = {
  isEditing: () => boolean;
  focusedCell: () => string | null;
};

export const createKeyHold = ({ isEditing, focusedCell }: HoldGrid): KeyHold => {
  let queue: HeldKey[] = [];
  // the cell the held keys were typed in; after a key the hold sent itself, the cell that key moved to
  let cell: string | null = null;
  // the key that started type-to-edit on a cell just before (AG Grid's start value): passed, not held
  let starter: { cell: string | null; text: string } | null = null;
  // what the editor of the held keys' cell must start from, when its edit was started by typing
  let seed: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let heldSince = 0;
  let sending = false;

  const schedule = (root: HTMLElement, delay: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain(root);
    }, delay);
  };

  /** Sends a key to the focused element as a key event (AG Grid navigates, starts or ends the edit). */
  const send = (target: HTMLElement, key: HeldKey) => {
    sending = true;
    try {
      target.dispatchEvent(
        new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }),
      );
    } finally {
      sending = false;
    }
  };

  /** The text a key that starts type-to-edit gives the editor: the character; Backspace and Delete empty it. */
  const startText = (key: HeldKey) => (key.key.length === 1 ? key.key : '');

  const drain = (root: HTMLElement) => {
    while (queue.length > 0) {
      const target = focusedIn(root);
      if (!target || focusedCell() !== cell) {
        // the focus left the cell the keys were typed in (a click elsewhere): they belong to no other cell
        queue = [];
        return;
      }
      const waited = performance.now() - heldSince;
      const onCell = isEditing() && target.classList.contains('ag-cell');
      if (onCell) {
        // The editor may be there without the focus: when the row was refreshed (the previous cell's value
        // arriving) while type-to-edit started, AG Grid made it again without the typed key and without
        // focusing it, and it never will. After type-to-edit it is focused here at once (its start value is
        // set from `seed` below); after Enter/F2 AG Grid is given a moment to focus it itself.
        const editor = target.querySelector('input, textarea');
        if (editor && isTextInput(editor) && (seed !== null || waited >= EDITOR_GRACE_MS)) {
          editor.focus();
          const end = editor.value.length;
          editor.setSelectionRange(end, end);
          continue;
        }
      }
      // past the limit the rest goes out at once, as the keyboard would have sent it without the hold
      const late = waited >= HOLD_LIMIT_MS;
      if (onCell && !late) {
        schedule(root, POLL_MS);
        return;
      }
      if (!onCell && seed !== null && isTextInput(target)) {
        // the editor starts from the key that started type-to-edit, whatever AG Grid gave it
        setText(target, seed);
        seed = null;
      }
      const key = queue.shift()!;
      if (!onCell && isTextInput(target) && isTextKey(key)) {
        typeInto(target, key.key);
        continue;
      }
      const startsEdit = !isEditing() && target.classList.contains('ag-cell');
      send(target, key);
      // AG Grid moves the focus within its key handler (Tab, Enter): the rest belongs to that cell
      cell = focusedCell();
      // a key sent to a cell that was not editing may have started type-to-edit with it
      seed = startsEdit && startsTypeToEdit(key) ? startText(key) : null;
      if (queue.length > 0 && !late) {
        // AG Grid moves the focus or starts an editor after this key: the rest waits for that
        heldSince = performance.now();
        schedule(root, 0);
        return;
      }
    }
  };

  return {
    take: (event, root) => {
      const passes = sending || event.isComposing || MODIFIERS.has(event.key);
      if (passes || isShortcut(event)) return false;
      const key: HeldKey = {
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      };
      const editing = isEditing();
      if (queue.length === 0 && !(editing && focusOnCell(root))) {
        // a key on a cell that is not editing that starts AG Grid's type-to-edit with it
        starter =
          !editing && focusOnCell(root) && startsTypeToEdit(key)
            ? { cell: focusedCell(), text: startText(key) }
            : null;
        return false;
      }
      if (queue.length === 0) {
        heldSince = performance.now();
        cell = focusedCell();
        seed = starter && starter.cell === cell ? starter.text : null;
        starter = null;
      }
      queue.push(key);
      // the focus may already be in the editor (a key held only to keep the order): type it at the next turn
      schedule(root, focusOnCell(root) ? POLL_MS : 0);
      return true;
    },
    focused: (root) => {
      // after AG Grid's own focus handling (caret at the end of the started value)
      if (queue.length > 0) schedule(root, 0);
    },
    dispose: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
};
