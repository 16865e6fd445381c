// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Alert, Input, Modal, Pagination, Select, Tabs } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';

afterEach(() => cleanup());

// jsdom has no layout: antd's tabs observe sizes. A no-op observer (no size ever changes).
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * English names antd gives: its icons' names (`aria-label="search"`) and the labels of its own icon-only
 * buttons (the clear button of a select, an editable tab's remove and add buttons, a dialog's close).
 */
const ENGLISH =
  /^(search|close|close-circle|plus|left|right|down|info-circle|check-circle|ellipsis|Clear|remove|Add tab|Close)$/;

/** Every element a screen reader reaches as an image, and every accessible name of a button. */
const exposed = () => ({
  images: screen.queryAllByRole('img').map((el) => el.getAttribute('aria-label')),
  buttons: screen
    .getAllByRole('button')
    .map((el) => el.getAttribute('aria-label') ?? (el.textContent ?? '').trim()),
});

/** No antd icon reaches a screen reader under its English name, and no button is nameless or English. */
const expectNoEnglishNames = async () => {
  await waitFor(() => expect(exposed().images).toEqual([]));
  const { buttons } = exposed();
  expect(buttons.filter((name) => ENGLISH.test(name))).toEqual([]);
  expect(buttons.filter((name) => name === '')).toEqual([]);
  const icons = [...document.querySelectorAll('.anticon')];
  expect(icons.length).toBeGreaterThan(0);
  expect(icons.filter((icon) => icon.getAttribute('aria-hidden') !== 'true')).toEqual([]);
};

describe('labelIcons in the app shell (ADR 0194)', () => {
  it('hides the icons of a search input, an alert and a select and names their buttons in German', async () => {
    renderPage(
      <div>
        <Input.Search placeholder="Suchbegriff" aria-label="Suchbegriff" />
        <Alert type="info" showIcon title="Hinweis" />
        <Select open={false} value="a" allowClear options={[{ value: 'a', label: 'A' }]} />
      </div>,
    );
    await expectNoEnglishNames();
    // the buttons that show only an icon, named by its meaning (de.json a11y.icon.*)
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eingabe löschen' })).toBeTruthy();
  });

  it('names the add and remove buttons of editable tabs and the page arrows in German', async () => {
    renderPage(
      <div>
        <Tabs type="editable-card" items={[{ key: 'x', label: 'LF 1' }]} onEdit={() => undefined} />
        <Pagination total={50} />
      </div>,
    );
    await expectNoEnglishNames();
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entfernen' })).toBeTruthy();
    const pagination = screen.getByRole('list');
    expect(within(pagination).getByRole('button', { name: 'Zurück' })).toBeTruthy();
    expect(within(pagination).getByRole('button', { name: 'Weiter' })).toBeTruthy();
  });

  it('reaches a dialog drawn outside the React root', async () => {
    renderPage(
      <Modal open title="Dialog" footer={null}>
        Text
      </Modal>,
    );
    await screen.findByRole('dialog');
    await expectNoEnglishNames();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });
});
