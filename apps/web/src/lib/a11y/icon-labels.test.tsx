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

const Screen = () => (
  <div>
    <Input.Search placeholder="Suchbegriff" aria-label="Suchbegriff" />
    <Alert type="info" showIcon title="Hinweis" />
    <Select open={false} value="a" allowClear options={[{ value: 'a', label: 'A' }]} />
    <Tabs type="editable-card" items={[{ key: 'x', label: 'LF 1' }]} onEdit={() => undefined} />
    <Pagination total={50} />
    <Modal open title="Dialog" footer={null}>
      Text
    </Modal>
  </div>
);

describe('labelIcons in the app shell (ADR 0194)', () => {
  it('leaves no antd icon exposed under its English name and names the icon-only buttons in German', async () => {
    renderPage(<Screen />);
    // the dialog is drawn into the body outside the React root: wait until it is there
    await screen.findByRole('dialog');
    await waitFor(() => expect(exposed().images).toEqual([]));
    const { buttons } = exposed();
    expect(buttons.filter((name) => ENGLISH.test(name))).toEqual([]);
    expect(buttons.filter((name) => name === '')).toEqual([]);
    // the buttons that show only an icon, named by its meaning (de.json a11y.icon.*)
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entfernen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eingabe löschen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
    const pagination = screen.getByRole('list');
    expect(within(pagination).getByRole('button', { name: 'Zurück' })).toBeTruthy();
    expect(within(pagination).getByRole('button', { name: 'Weiter' })).toBeTruthy();
    // every antd icon on the page is aria-hidden
    const icons = [...document.querySelectorAll('.anticon')];
    expect(icons.length).toBeGreaterThan(5);
    expect(icons.filter((icon) => icon.getAttribute('aria-hidden') !== 'true')).toEqual([]);
  });
});
