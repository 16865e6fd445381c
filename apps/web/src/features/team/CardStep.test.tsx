// @vitest-environment jsdom
import { PaymentSchema } from '@pfahlplaner/contracts';
import type { Stripe } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { CardStep, type CardStepResult, type StripeLoader } from './CardStep';

afterEach(() => cleanup());

/**
 * Stripe.js cannot be loaded in tests (no network, and it must come from Stripe). The card step takes the
 * loader as a prop; here it hands out a stand-in with the methods @stripe/react-stripe-js and the step use:
 * `elements().create('card')` gives an element that records mount and change listeners, and
 * `createPaymentMethod` answers as Stripe.js does.
 */
const fakeStripe = (
  createPaymentMethod: (data: unknown) => Promise<unknown> = () =>
    Promise.resolve({
      paymentMethod: {
        id: 'pm_1FakeMethod',
        card: { last4: '4242', brand: 'visa', exp_month: 4, exp_year: 2031 },
      },
    }),
) => {
  const listeners = new Map<string, (event: unknown) => void>();
  const created: string[] = [];
  const mounted: HTMLElement[] = [];
  const element = {
    mount: (node: HTMLElement) => mounted.push(node),
    destroy: () => undefined,
    update: () => undefined,
    on: (event: string, cb: (e: unknown) => void) => listeners.set(event, cb),
    off: (event: string) => listeners.delete(event),
  };
  const calls: unknown[] = [];
  const stripe = {
    elements: () => ({
      create: (type: string) => {
        created.push(type);
        return element;
      },
      getElement: (type: string) => (created.includes(type) ? element : null),
      update: () => undefined,
    }),
    createToken: () => Promise.reject(new Error('not used')),
    confirmCardPayment: () => Promise.reject(new Error('not used')),
    createPaymentMethod: (data: unknown) => {
      calls.push(data);
      return createPaymentMethod(data);
    },
  };
  return {
    stripe: stripe as unknown as Stripe,
    element,
    created,
    mounted,
    calls,
    change: (event: { complete: boolean; error?: { message: string } }) =>
      listeners.get('change')?.({ elementType: 'card', empty: false, ...event }),
  };
};

const renderStep = (
  props: Partial<Parameters<typeof CardStep>[0]> & { loadStripe?: StripeLoader },
) => {
  const onNext = vi.fn<(result: CardStepResult) => void>();
  renderPage(
    <CardStep
      provider="test"
      publishableKey={null}
      billingEmail="buero@example.com"
      language="de"
      initial={null}
      serverErrors={[]}
      onBack={() => undefined}
      onNext={onNext}
      {...props}
    />,
  );
  return onNext;
};

const type = (selector: string, value: string) => {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  fireEvent.change(input, { target: { value } });
  return input;
};

describe('CardStep: test provider', () => {
  it('shows our form labelled as test mode, never loads Stripe.js, sends the card as provider "test"', async () => {
    const loadStripe = vi.fn<StripeLoader>();
    const onNext = renderStep({ provider: 'test', loadStripe });
    expect(screen.getByTestId('card-test-mode').textContent).toContain('Testmodus');
    expect(screen.queryByTestId('card-step-stripe')).toBeNull();
    type('#card_card_number', '4242 4242 4242 4242');
    type('#card_cvc', '123');
    type('#card_holder', 'Erika Muster');
    // The expiry formats as the user types: ≤ 2 digits stay, 3–4 become MM/YY, longer is left unchanged.
    // the placeholder in German: MM/JJ (was the English "MM/YY" in the German UI)
    expect(document.querySelector<HTMLInputElement>('#card_expiry')!.placeholder).toBe('MM/JJ');
    expect(type('#card_expiry', '1').value).toBe('1');
    expect(type('#card_expiry', '12').value).toBe('12');
    expect(type('#card_expiry', '123').value).toBe('12/3');
    expect(type('#card_expiry', '1230').value).toBe('12/30');
    expect(type('#card_expiry', '12/305').value).toBe('12/305');
    type('#card_expiry', '1230');
    fireEvent.click(screen.getByTestId('upgrade-next-2'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    const result = onNext.mock.calls[0]![0];
    expect(result.payment).toEqual({
      provider: 'test',
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      holder: 'Erika Muster',
    });
    expect(PaymentSchema.safeParse(result.payment).success).toBe(true);
    expect(result.summary).toEqual({
      last4: '4242',
      brand: null,
      expiry: '12/30',
      holder: 'Erika Muster',
    });
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('CardStep: Stripe', () => {
  it("renders Stripe's card element and sends only the PaymentMethod id — no card data", async () => {
    const fake = fakeStripe();
    const loadStripe = vi.fn<StripeLoader>(() => Promise.resolve(fake.stripe));
    const onNext = renderStep({
      provider: 'stripe',
      publishableKey: 'pk_test_abc',
      loadStripe,
    });
    await screen.findByTestId('card-step-stripe');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_abc');
    expect(fake.created).toEqual(['card']);
    expect(fake.mounted).toHaveLength(1);
    expect(screen.getByTestId('stripe-card-element').contains(fake.mounted[0]!)).toBe(true);
    // Our page has no input for card number, expiry or CVC and no test-mode label.
    expect(document.querySelector('#card_card_number, #card_expiry, #card_cvc')).toBeNull();
    expect(screen.queryByTestId('card-test-mode')).toBeNull();

    type('#stripe_card_holder', 'Erika Muster');
    act(() => fake.change({ complete: true }));
    fireEvent.click(screen.getByTestId('upgrade-next-2'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(fake.calls).toEqual([
      {
        type: 'card',
        card: fake.element,
        billing_details: { name: 'Erika Muster', email: 'buero@example.com' },
      },
    ]);
    const result = onNext.mock.calls[0]![0];
    expect(result.payment).toEqual({
      provider: 'stripe',
      payment_method_id: 'pm_1FakeMethod',
      holder: 'Erika Muster',
    });
    expect(PaymentSchema.safeParse(result.payment).success).toBe(true);
    expect(result.summary).toEqual({
      last4: '4242',
      brand: 'Visa',
      expiry: '04/31',
      holder: 'Erika Muster',
    });
    expect(result.testValues).toBeNull();
  });

  it('an incomplete card or a Stripe error stays on the step with the message', async () => {
    const fake = fakeStripe(() =>
      Promise.resolve({
        error: { type: 'card_error', message: 'Ihre Kartennummer ist ungültig.' },
      }),
    );
    const onNext = renderStep({
      provider: 'stripe',
      publishableKey: 'pk_test_abc',
      loadStripe: () => Promise.resolve(fake.stripe),
    });
    await screen.findByTestId('card-step-stripe');
    type('#stripe_card_holder', 'Erika Muster');
    fireEvent.click(screen.getByTestId('upgrade-next-2'));
    await screen.findByText('Bitte geben Sie die Kartendaten vollständig ein.');
    expect(fake.calls).toEqual([]);
    act(() => fake.change({ complete: true }));
    fireEvent.click(screen.getByTestId('upgrade-next-2'));
    await screen.findByText('Ihre Kartennummer ist ungültig.');
    expect(fake.calls).toHaveLength(1);
    expect(onNext).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (e.g. a decline) above the card element", async () => {
    const fake = fakeStripe();
    renderStep({
      provider: 'stripe',
      publishableKey: 'pk_test_abc',
      loadStripe: () => Promise.resolve(fake.stripe),
      serverErrors: [{ name: 'card_number', errors: ['Die Zahlung wurde abgelehnt.'] }],
    });
    expect((await screen.findByTestId('stripe-server-error')).textContent).toContain(
      'Die Zahlung wurde abgelehnt.',
    );
  });

  it('Stripe.js not loadable or no publishable key: a clear error, no card form, no way forward', async () => {
    const onNext = renderStep({
      provider: 'stripe',
      publishableKey: 'pk_test_abc',
      loadStripe: () => Promise.reject(new Error('network')),
    });
    expect((await screen.findByTestId('stripe-unavailable')).textContent).toContain(
      'konnte nicht geladen werden',
    );
    expect(screen.queryByTestId('upgrade-next-2')).toBeNull();
    cleanup();
    const loadStripe = vi.fn<StripeLoader>();
    renderStep({ provider: 'stripe', publishableKey: null, loadStripe });
    await screen.findByTestId('stripe-unavailable');
    expect(loadStripe).not.toHaveBeenCalled();
    expect(onNext).not.toHaveBeenCalled();
  });
});
