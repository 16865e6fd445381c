// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { ReportOptionsDialog } from './ReportOptionsDialog';

/*
 * The PDF report's options (ADR 0151): short form by default, every choice says what it prints, a
 * choice of load points or groups needs its selection. The server side (`?detail=&select=`) is checked in
 * apps/server files.test.ts, the document itself in packages/formats pdf-document.test.ts.
 */
afterEach(cleanup);

const open = () => {
  const onCreate = vi.fn();
  renderPage(<ReportOptionsDialog open onCancel={() => undefined} onCreate={onCreate} />);
  return onCreate;
};

const create = () => fireEvent.click(screen.getByRole('button', { name: 'Bericht erstellen' }));

describe('ReportOptionsDialog', () => {
  it('offers the four choices, each saying what it prints, and creates the short form by default', () => {
    const onCreate = open();
    for (const text of [
      'Kurzfassung',
      'Einzelnachweise ausgewählter Lastpunkte',
      'Einzelnachweise ausgewählter Nachweisgruppen',
      'Einzelnachweise aller Lastpunkte',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(
      screen.getByText(/eine Zeile je Lastpunkt\. Für 60 Lastpunkte etwa 12 Seiten/),
    ).toBeTruthy();
    expect(
      screen.getByText(/1–2 Seiten je Lastpunkt\), die Erstellung dauert länger/),
    ).toBeTruthy();
    create();
    expect(onCreate).toHaveBeenCalledWith({ detail: 'summary', select: '' });
  });

  it('needs at least one load point, then passes the names typed', () => {
    const onCreate = open();
    fireEvent.click(screen.getByText('Einzelnachweise ausgewählter Lastpunkte'));
    create();
    expect(screen.getByTestId('report-options-error').textContent).toContain(
      'Bitte mindestens einen Eintrag angeben.',
    );
    expect(onCreate).not.toHaveBeenCalled();
    const input = screen.getByRole('combobox');
    for (const name of ['101', '104']) {
      fireEvent.change(input, { target: { value: name } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    create();
    expect(onCreate).toHaveBeenCalledWith({ detail: 'piles', select: '101,104' });
  });

  it('accepts only whole numbers as verification groups', () => {
    const onCreate = open();
    fireEvent.click(screen.getByText('Einzelnachweise ausgewählter Nachweisgruppen'));
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'zwei' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    create();
    expect(screen.getByTestId('report-options-error').textContent).toContain(
      'Nachweisgruppen sind ganze Zahlen.',
    );
    expect(onCreate).not.toHaveBeenCalled();
  });
});
