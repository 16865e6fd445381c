import type { CustomCellEditorCallbacks, CustomCellEditorProps } from 'ag-grid-react';
import { useGridCellEditor } from 'ag-grid-react';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { choiceTextKeys } from './choice-texts';
import { filterChoices, matchChoice } from './choices';
import type { GridContext, GridRow } from './grid-types';

type Props = CustomCellEditorProps<GridRow, unknown>;

/** The text an editor opened by a key starts with: the typed character; Backspace/Delete start empty. */
const startText = (props: Props): { text: string; typed: boolean } => {
  const key = props.eventKey;
  if (key && key.length === 1) return { text: key, typed: true };
  if (key === 'Backspace' || key === 'Delete') return { text: '', typed: true };
  return { text: typeof props.initialValue === 'string' ? props.initialValue : '', typed: false };
};

/** Where the list goes: under the cell, in the window's coordinates (re-measured while anything scrolls). */
const useBoxUnder = (element: React.RefObject<HTMLElement | null>) => {
  const [box, setBox] = useState<{ top: number; left: number; width: number } | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const rect = element.current?.getBoundingClientRect();
      if (rect) setBox({ top: rect.bottom, left: rect.left, width: rect.width });
    };
    measure();
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return box;
};

/**
 * A cell that names a soil profile or a load point: the project's profiles (ADR 0181) or load points
 * (ADR 0193) as a list under the cell.
 * Enter or F2 opens it with every name and the current one marked; typing filters the list (any part of
 * the name, any case); ↑/↓ choose; Enter or Tab take the chosen name, Escape keeps the old value; a
 * click takes a name. Text that is no name is still handed to the grid, which refuses it at the cell
 * with the list of names (`parseCellInput`), so nothing typed is dropped without a word.
 * The input is the cell's own (an inline editor, mounted and focused in the commit that starts the edit:
 * a popup editor is attached one effect later, and a fast typist's second key went to the cell and was
 * lost — "BP 3" became "B 3"); the list is drawn over the page in a portal.
 */
export const ChoiceCellEditor = (props: Props) => {
  const { t } = useTranslation();
  const choices = (props.context as GridContext).choices[props.colDef.colId ?? ''] ?? [];
  const texts = choiceTextKeys(props.colDef.colId);
  const [start] = useState(() => startText(props));
  const [text, setText] = useState(start.text);
  // what filters the list: the typed text (a name chosen with the arrows does not narrow it)
  const [query, setQuery] = useState(start.typed ? start.text : '');
  const shown = filterChoices(choices, query);
  const [active, setActive] = useState<number | null>(() => {
    const name = matchChoice(choices, start.text);
    const index = name === null ? -1 : shown.indexOf(name);
    return index < 0 ? null : index;
  });
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const box = useBoxUnder(input);

  const focus = useCallback(() => {
    const element = input.current;
    if (!element || document.activeElement === element) return;
    element.focus();
    if (start.typed) element.setSelectionRange(element.value.length, element.value.length);
    else element.select();
  }, [start.typed]);
  // the popup may be attached after the first render: focus then, and when the grid says it is attached
  // (`afterGuiAttached` is one of the optional methods AG Grid React hands on, not in its callback type)
  useLayoutEffect(focus, [focus]);
  useGridCellEditor({ afterGuiAttached: focus } as CustomCellEditorCallbacks);

  const take = (value: string) => {
    setText(value);
    props.onValueChange(value);
  };
  const choose = (index: number) => {
    const name = shown[index];
    if (name === undefined) return;
    setActive(index);
    take(name);
    document.getElementById(`${listId}-${index}`)?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault(); // the caret stays; the grid does not move while editing
      if (shown.length === 0) return;
      const last = shown.length - 1;
      const next =
        active === null
          ? event.key === 'ArrowDown'
            ? 0
            : last
          : Math.max(0, Math.min(last, active + (event.key === 'ArrowDown' ? 1 : -1)));
      choose(next);
    }
  };

  const list = (
    <div
      className="pp-choice"
      data-testid="choice-editor"
      style={box ? { top: box.top, left: box.left, minWidth: Math.max(180, box.width) } : undefined}
    >
      <ul className="pp-choice__list" id={listId} role="listbox" aria-label={t(texts.list)}>
        {shown.map((name, index) => (
          <li
            key={`${index}|${name}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={
              index === active ? 'pp-choice__item pp-choice__item--active' : 'pp-choice__item'
            }
            // keep the focus in the cell's input: a click takes the name and ends the edit
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              take(name);
              props.stopEditing();
            }}
          >
            {name}
          </li>
        ))}
        {shown.length === 0 && (
          <li className="pp-choice__empty" data-testid="choice-empty">
            {choices.length === 0 ? t(texts.none) : t(texts.noMatch, { text: query.trim() })}
          </li>
        )}
      </ul>
      <div className="pp-choice__hint">{t('workspace.grid.choice.hint')}</div>
    </div>
  );

  return (
    <>
      <input
        ref={input}
        className="pp-choice__input"
        value={text}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active === null ? undefined : `${listId}-${active}`}
        aria-label={props.colDef.headerName}
        onChange={(event) => {
          const value = event.target.value;
          setQuery(value);
          const name = matchChoice(choices, value);
          const index = name === null ? -1 : filterChoices(choices, value).indexOf(name);
          setActive(index < 0 ? null : index);
          take(value);
        }}
        onKeyDown={onKeyDown}
      />
      {box && createPortal(list, document.body)}
    </>
  );
};
