// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDrawer, shouldReturnFocus } from './AppDrawer';

afterEach(cleanup);

/** An opening button, a field outside the drawer, and a drawer whose closing can be observed. */
const Page = ({ onClosed }: { onClosed: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <input aria-label="outside" />
      <AppDrawer
        open={open}
        onClose={() => setOpen(false)}
        title="detail"
        afterOpenChange={(visible) => {
          if (!visible) onClosed();
        }}
      >
        <button onClick={() => setOpen(false)}>close</button>
      </AppDrawer>
    </>
  );
};

describe('shouldReturnFocus', () => {
  it('returns focus when nothing holds it or it is still inside the closed overlay, not when the user moved it', () => {
    document.body.innerHTML =
      '<div id="overlay"><button id="inside"></button></div><input id="cell">';
    const overlay = document.getElementById('overlay');
    const inside = document.getElementById('inside');
    const cell = document.getElementById('cell');
    expect(shouldReturnFocus(null, overlay)).toBe(true);
    expect(shouldReturnFocus(document.body, overlay)).toBe(true);
    expect(shouldReturnFocus(inside, overlay)).toBe(true);
    expect(shouldReturnFocus(cell, overlay)).toBe(false);
    expect(shouldReturnFocus(cell, null)).toBe(false);
    const removed = document.createElement('button');
    expect(shouldReturnFocus(removed, overlay)).toBe(true); // an element no longer in the page holds nothing
    document.body.innerHTML = '';
  });
});

describe('AppDrawer', () => {
  it('gives focus back to the opening button when the user did not put it elsewhere', async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(<Page onClosed={() => (closed += 1)} />);
    await user.click(screen.getByText('open'));
    await user.click(await screen.findByText('close'));
    await waitFor(() => expect(closed).toBe(1));
    expect(document.activeElement).toBe(screen.getByText('open'));
  });

  it('leaves focus where the user put it while the drawer was closing (antd took it back: ADR 0203)', async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(<Page onClosed={() => (closed += 1)} />);
    await user.click(screen.getByText('open'));
    await user.click(await screen.findByText('close'));
    // the user clicks into another field before the closing has finished
    expect(closed).toBe(0);
    screen.getByRole('textbox', { name: 'outside' }).focus();
    await waitFor(() => expect(closed).toBe(1));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'outside' }));
  });
});
