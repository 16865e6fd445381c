// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { tokenStore } from '../../../lib/http/token-store';
import { LoginPage } from './LoginPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
  localStorage.clear();
});

describe('LoginPage', () => {
  it('marks invalid fields with the contract rules and sends nothing', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login');

    await user.click(await screen.findByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeTruthy();
    expect(screen.getByText('Pflichtfeld.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs in with the typed credentials and goes to /projects', async () => {
    const user = {
      id: 1,
      full_name: 'Erika Muster',
      email: 'erika@example.com',
      phone: '',
      role: 'Owner',
      company: { id: 2, name: 'GmbH' },
    };
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status_code: 1,
            status_message: 'Login successful',
            data: {
              access_token: 'a.b.c',
              refresh_token: '',
              access_token_time: 15,
              refresh_token_time: 30,
              user,
            },
          }),
          { status: 200 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const ue = userEvent.setup();
    renderPage(<LoginPage />, '/login');

    await ue.type(await screen.findByLabelText('E-Mail'), ' Erika@Example.com ');
    await ue.type(screen.getByLabelText('Passwort'), 'Secret#123');
    await ue.click(screen.getByLabelText('Angemeldet bleiben (30 Tage)'));
    await ue.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByText('projects-page')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/login/');
    expect(JSON.parse(init!.body as string)).toEqual({
      email: 'erika@example.com',
      password: 'Secret#123',
      remember_me: true,
    });
    expect((init!.headers as Record<string, string>)['X-Refresh-Cookie']).toBe('1');
    await waitFor(() => expect(tokenStore.getRefreshTokenTime()).toBe(30));
    expect(tokenStore.hasSession()).toBe(true);
  });
});
