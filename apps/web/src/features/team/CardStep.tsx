import {
  formatCardExpiry,
  TestCardPaymentSchema,
  type Payment,
  type PaymentProviderId,
} from '@pfahlplaner/contracts';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Stripe,
  StripeCardElementChangeEvent,
  StripeCardElementOptions,
  StripeElementsOptions,
} from '@stripe/stripe-js';
import { Alert, Button, Form, Input, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/forms/zod-rules';

/** The test-mode card form's values (the embedded test provider only, ADR 0081). */
export type TestCardValues = { card_number: string; expiry: string; cvc: string; holder: string };

/** What the confirmation step shows: never more than the last four digits. */
export type CardSummary = { last4: string; brand: string | null; expiry: string; holder: string };

/** The card step's result: the `payment` object of the upgrade request, and its summary. */
export type CardStepResult = {
  payment: Payment;
  summary: CardSummary;
  /** Test mode: the typed values, to fill the form again when the user goes back. */
  testValues: TestCardValues | null;
};

/** A card problem the server reported (`payment.*` details), shown at the card step. */
export type CardFieldError = { name: string; errors: string[] };

/** Turns a publishable key into a Stripe.js instance (injectable: tests cannot load Stripe.js). */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const stripeInstances = new Map<string, Promise<Stripe | null>>();

/**
 * Loads Stripe.js from Stripe when the card step is first shown with Stripe active (ADR 0082). The `pure`
 * entry adds no script tag when imported, so a test-mode server and the unit tests never contact Stripe.
 */
export const loadStripeJs: StripeLoader = (publishableKey) => {
  let instance = stripeInstances.get(publishableKey);
  if (!instance) {
    instance = import('@stripe/stripe-js/pure').then(({ loadStripe }) =>
      loadStripe(publishableKey),
    );
    // A failed load (offline, blocked) may be retried on the next visit of the step.
    instance.catch(() => stripeInstances.delete(publishableKey));
    stripeInstances.set(publishableKey, instance);
  }
  return instance;
};

type Props = {
  provider: PaymentProviderId;
  publishableKey: string | null;
  /** Billing e-mail handed to Stripe with the PaymentMethod (the verified company address). */
  billingEmail: string;
  language: 'de' | 'en';
  initial: TestCardValues | null;
  serverErrors: CardFieldError[];
  onBack: () => void;
  onNext: (result: CardStepResult) => void;
  loadStripe?: StripeLoader;
};

/**
 * Step 3 of the upgrade wizard. Stripe active: Stripe's card element (the card number is typed into
 * Stripe's iframe and goes to Stripe only), a PaymentMethod is created in the browser and only its id is
 * sent to our server. Otherwise: our own form for the embedded test provider, labelled as test mode.
 */
export const CardStep = ({ provider, loadStripe = loadStripeJs, ...rest }: Props) =>
  provider === 'stripe' ? (
    <StripeCardStep loadStripe={loadStripe} {...rest} />
  ) : (
    <TestCardStep {...rest} />
  );

const card = TestCardPaymentSchema.shape;

const TestCardStep = ({
  initial,
  serverErrors,
  onBack,
  onNext,
}: Pick<Props, 'initial' | 'serverErrors' | 'onBack' | 'onNext'>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<TestCardValues>();
  useEffect(() => {
    // After a refused payment the card step is shown again: mark the fields the server named.
    if (serverErrors.length > 0) {
      form.setFields(
        serverErrors.map((e) => ({ name: e.name as keyof TestCardValues, errors: e.errors })),
      );
    }
  }, [serverErrors, form]);
  const next = async () => {
    const values = await form.validateFields();
    const cardNumber = values.card_number.replace(/[\s-]/g, '');
    const testValues = { ...values, card_number: cardNumber };
    onNext({
      payment: { provider: 'test', ...testValues },
      summary: {
        last4: cardNumber.slice(-4),
        brand: null,
        expiry: values.expiry,
        holder: values.holder,
      },
      testValues,
    });
  };
  return (
    <Form<TestCardValues>
      form={form}
      name="card"
      layout="vertical"
      requiredMark={false}
      className="pp-account-form"
      initialValues={initial ?? undefined}
      data-testid="card-step-test"
    >
      <Alert
        type="warning"
        showIcon
        className="pp-form-alert"
        title={t('team.upgrade.testMode')}
        data-testid="card-test-mode"
      />
      <Form.Item
        name="card_number"
        label={t('team.upgrade.cardNumber')}
        rules={[zodRule(card.card_number)]}
      >
        <Input inputMode="numeric" autoComplete="cc-number" />
      </Form.Item>
      <Form.Item
        name="expiry"
        label={t('team.upgrade.expiry')}
        rules={[zodRule(card.expiry)]}
        getValueFromEvent={(e: { target: { value: string } }) => formatCardExpiry(e.target.value)}
      >
        <Input placeholder={t('team.upgrade.expiryPlaceholder')} autoComplete="cc-exp" />
      </Form.Item>
      <Form.Item name="cvc" label={t('team.upgrade.cvc')} rules={[zodRule(card.cvc)]}>
        <Input inputMode="numeric" maxLength={4} autoComplete="cc-csc" />
      </Form.Item>
      <Form.Item name="holder" label={t('team.upgrade.holder')} rules={[zodRule(card.holder)]}>
        <Input autoComplete="cc-name" />
      </Form.Item>
      <Space>
        <Button onClick={onBack}>{t('team.upgrade.back')}</Button>
        <Button type="primary" onClick={() => void next()} data-testid="upgrade-next-2">
          {t('team.upgrade.next')}
        </Button>
      </Space>
    </Form>
  );
};

type Loaded = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

const StripeCardStep = ({
  publishableKey,
  loadStripe,
  language,
  ...rest
}: Omit<Props, 'provider' | 'initial'> & { loadStripe: StripeLoader }) => {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>(
    publishableKey ? { status: 'loading' } : { status: 'failed' },
  );
  useEffect(() => {
    if (!publishableKey) return undefined;
    let live = true;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (live) setLoaded(stripe ? { status: 'ready', stripe } : { status: 'failed' });
      },
      () => {
        if (live) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, loadStripe]);
  const options = useMemo<StripeElementsOptions>(() => ({ locale: language }), [language]);

  if (loaded.status === 'loading') {
    return <Spin className="pp-upgrade__stripe-loading" data-testid="stripe-loading" />;
  }
  if (loaded.status === 'failed') {
    return (
      <div className="pp-account-form">
        <Alert
          type="error"
          showIcon
          className="pp-form-alert"
          title={t('team.upgrade.stripeUnavailable')}
          data-testid="stripe-unavailable"
        />
        <Button onClick={rest.onBack}>{t('team.upgrade.back')}</Button>
      </div>
    );
  }
  return (
    <Elements stripe={loaded.stripe} options={options}>
      <StripeCardForm {...rest} />
    </Elements>
  );
};

/** Stripe's card element, styled like the antd inputs around it; no postal code (not asked in Germany). */
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      fontSize: '14px',
      color: 'rgba(0, 0, 0, 0.88)',
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      '::placeholder': { color: 'rgba(0, 0, 0, 0.25)' },
    },
    invalid: { color: '#ff4d4f', iconColor: '#ff4d4f' },
  },
};

const twoDigits = (n: number) => String(n % 100).padStart(2, '0');

/** Stripe's card brand codes (https://docs.stripe.com/api/payment_methods/object#payment_method_object-card-brand) as shown. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};
const brandName = (brand: string | undefined): string | null =>
  !brand || brand === 'unknown' ? null : (BRANDS[brand] ?? brand);

const StripeCardForm = ({
  billingEmail,
  serverErrors,
  onBack,
  onNext,
}: Pick<Props, 'billingEmail' | 'serverErrors' | 'onBack' | 'onNext'>) => {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [form] = Form.useForm<{ holder: string }>();
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const serverMessage = serverErrors.flatMap((e) => e.errors)[0] ?? null;

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setCardError(event.error?.message ?? null);
  };
  const next = async () => {
    const { holder } = await form.validateFields();
    const element = elements?.getElement('card');
    if (!stripe || !element) return;
    if (!complete) {
      setCardError((current) => current ?? t('team.upgrade.cardIncomplete'));
      return;
    }
    setBusy(true);
    try {
      // The card data goes from Stripe's iframe to Stripe; we get a PaymentMethod id back.
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card: element,
        billing_details: { name: holder.trim(), email: billingEmail },
      });
      if (error || !paymentMethod) {
        setCardError(error?.message ?? t('team.upgrade.cardIncomplete'));
        return;
      }
      const c = paymentMethod.card;
      onNext({
        payment: { provider: 'stripe', payment_method_id: paymentMethod.id, holder: holder.trim() },
        summary: {
          last4: c?.last4 ?? '',
          brand: brandName(c?.brand),
          expiry: c ? `${twoDigits(c.exp_month)}/${twoDigits(c.exp_year)}` : '',
          holder: holder.trim(),
        },
        testValues: null,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<{ holder: string }>
      form={form}
      name="stripe_card"
      layout="vertical"
      requiredMark={false}
      className="pp-account-form"
      data-testid="card-step-stripe"
    >
      <Alert
        type="info"
        showIcon
        className="pp-form-alert"
        title={t('team.upgrade.stripeSecure')}
      />
      {serverMessage && (
        <Alert
          type="error"
          showIcon
          className="pp-form-alert"
          title={serverMessage}
          data-testid="stripe-server-error"
        />
      )}
      <Form.Item
        name="holder"
        label={t('team.upgrade.holder')}
        rules={[zodRule(TestCardPaymentSchema.shape.holder)]}
      >
        <Input autoComplete="cc-name" />
      </Form.Item>
      <Form.Item
        label={t('team.upgrade.cardDetails')}
        validateStatus={cardError ? 'error' : undefined}
        help={cardError ?? undefined}
      >
        <div className="pp-stripe-card" data-testid="stripe-card-element">
          <CardElement options={CARD_OPTIONS} onChange={onChange} />
        </div>
      </Form.Item>
      <Space>
        <Button onClick={onBack}>{t('team.upgrade.back')}</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={!stripe}
          onClick={() => void next()}
          data-testid="upgrade-next-2"
        >
          {t('team.upgrade.next')}
        </Button>
      </Space>
    </Form>
  );
};
