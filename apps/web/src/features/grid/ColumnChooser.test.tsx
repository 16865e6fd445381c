// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { buildColumnModel, initialVisibleKeys } from './column-model';
import { ColumnChooser } from './ColumnChooser';

const columns = buildColumnModel('pile', 'de');

const Probe = () => {
  const [visible, setVisible] = useState(() => initialVisibleKeys(columns, []));
  return (
    <>
      <ColumnChooser columns={columns} visible={visible} onApply={setVisible} />
      <output data-testid="visible">{visible.join(',')}</output>
    </>
  );
};

afterEach(() => cleanup());

describe('ColumnChooser', () => {
  it('adds an optional column and refuses to remove a default column', async () => {
    const user = userEvent.setup();
    renderPage(<Probe />);
    expect(screen.getByTestId('visible').textContent).not.toContain('BetonZyl');
    await user.click(screen.getByTestId('column-chooser'));
    await user.click(within('column-BetonZyl'));
    await user.click(within('column-Pname'));
    await screen.findByText('Standardspalten können nicht entfernt werden.');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.getByTestId('visible').textContent).toContain('BetonZyl'));
    expect(screen.getByTestId('visible').textContent).toContain('Pname');
  });
});

const within = (testId: string) =>
  screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
