// @vitest-environment jsdom
import type { PendingPayment, UpgradeResult } from '@pfahlplaner/contracts';
import type { Stripe } from '@stripe/stripe-js';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/http/token-store';
import { renderPage } from '../../test/render';
import { AuthenticationStep } from './AuthenticationStep';

/**
 * The 3-D Secure step of the wizard (ADR 0083). Stripe.js cannot be loaded in tests: the loader hands out a
 * stand-in with `handleNextAction`. The server is answered by a stubbed fetch; what matters here is the
 * order — the bank's step first, then only a finalise request without any claim of success.
 */
const pending = (over: Partial<PendingPayment> = {}): PendingPayment => ({
  id: 'pay_abcdefghijkl',
  status: 'requires_action',
  provider: 'stripe',
  test_mode: false,
  client_secret: 'pi_123_secret_456',
  amount_cents: 1440,
  currency: 'EUR',
  expires_at: '2026-01-15T09:30:00.000Z',
  ...over,
});

const result = {
  subscription: { plan: 'Paid' },
  invoice: { number: 'PP-1' },
} as unknown as UpgradeResult;

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => envelope(201, { status_code: 1, status_message: 'ok', data });
const failure = (status: number, code: string) =>
  envelope(status, {
    status_code: 0,
    status_message: code,
    data: null,
    error: { code, details: [] },
  });

beforeEach(() => {
  tokenStore.saveTokens({
    access_token: 'opaque-access-token',
    refresh_token: 'opaque-refresh-token',
    access_token_time: 15,
    refresh_token_time: 1,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const renderStep = (props: Partial<Parameters<typeof AuthenticationStep>[0]>) => {
  const onDone = vi.fn<(r: UpgradeResult) => void>();
  const onFailed = vi.fn<(e: unknown) => void>();
  const onOtherCard = vi.fn<() => void>();
  renderPage(
    <AuthenticationStep
      companyId={7}
      pending={pending()}
      publishableKey="pk_test_123"
      onDone={onDone}
      onFailed={onFailed}
      onOtherCard={onOtherCard}
      {...props}
    />,
  );
  return { onDone, onFailed, onOtherCard };
};

describe('AuthenticationStep with Stripe', () => {
  it('runs stripe.handleNextAction with the client secret, then asks the server to finalise', async () => {
    const order: string[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>((input) => {
      order.push(`fetch ${input as string}`);
      return Promise.resolve(ok(result));
    });
    vi.stubGlobal('fetch', fetch);
    const handleNextAction = vi.fn((options: { clientSecret: string }) => {
      order.push(`handleNextAction ${options.clientSecret}`);
      return Promise.resolve({ paymentIntent: { status: 'succeeded' } });
    });
    const stripe = { handleNextAction } as unknown as Stripe;
    const { onDone, onFailed } = renderStep({ loadStripe: () => Promise.resolve(stripe) });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(handleNextAction).toHaveBeenCalledTimes(1);
    expect(order).toEqual([
      'handleNextAction pi_123_secret_456',
      'fetch /api/v1/companies/7/pending-payments/pay_abcdefghijkl/finalise/',
    ]);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined(); // the browser claims nothing; the server asks Stripe
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('still waiting at Stripe: says so and lets the user check again or use another card', async () => {
    const answers = [failure(409, 'PAYMENT_AUTHENTICATION_PENDING'), ok(result)];
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetch);
    const stripe = {
      handleNextAction: () => Promise.resolve({ error: { message: 'closed' } }),
    } as unknown as Stripe;
    const { onDone, onOtherCard } = renderStep({ loadStripe: () => Promise.resolve(stripe) });
    await screen.findByTestId('auth-pending');
    fireEvent.click(screen.getByTestId('auth-other-card'));
    expect(onOtherCard).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('auth-retry'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a refusal goes back with the error; Stripe.js not loadable: a message and no request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(failure(400, 'PAYMENT_AUTHENTICATION_FAILED'))),
    );
    const stripe = {
      handleNextAction: () => Promise.resolve({ error: { message: 'failed' } }),
    } as unknown as Stripe;
    const refused = renderStep({ loadStripe: () => Promise.resolve(stripe) });
    await waitFor(() => expect(refused.onFailed).toHaveBeenCalledTimes(1));
    cleanup();

    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    renderStep({ loadStripe: () => Promise.resolve(null) });
    await screen.findByText(/konnte nicht geladen werden/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('AuthenticationStep in test mode', () => {
  it('shows the labelled test bank page; "approve" records the answer, then finalises', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>((input) =>
      Promise.resolve(
        (input as string).endsWith('/test-authentication/')
          ? ok({ id: 'pay_abcdefghijkl', test_authentication: 'approved' })
          : ok(result),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const loadStripe = vi.fn();
    const { onDone } = renderStep({
      pending: pending({ provider: 'test', test_mode: true, client_secret: null }),
      publishableKey: null,
      loadStripe,
    });
    expect((await screen.findByTestId('auth-test-mode')).textContent).toContain('Testmodus');
    fireEvent.click(screen.getByTestId('auth-test-approve'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(fetch.mock.calls.map((c) => c[0] as string)).toEqual([
      '/api/v1/companies/7/pending-payments/pay_abcdefghijkl/test-authentication/',
      '/api/v1/companies/7/pending-payments/pay_abcdefghijkl/finalise/',
    ]);
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"result":"approve"}');
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
