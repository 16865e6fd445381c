import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's HTTP API (https://docs.stripe.com/api), for the tests only: this machine has
 * no network, and no test may reach Stripe. The real `stripe` SDK talks to it over HTTP (`host`, `port`,
 * `protocol: 'http'`), so request encoding, error classes and idempotency keys are the SDK's own. It knows the
 * few endpoints we call — customers.create, paymentIntents.create / retrieve / cancel — and Stripe's test
 * PaymentMethods (https://docs.stripe.com/testing#cards, #authentication-and-setup, #declined-payments):
 *
 * - `pm_card_visa` (…4242), `pm_card_mastercard` (…4444): succeed;
 * - `pm_card_authenticationRequired` (4000 0027 6000 3184): 3-D Secure on every payment; off-session it
 *   fails with `authentication_required`;
 * - `pm_card_authenticationRequiredOnSetup` (4000 0025 0000 3155): 3-D Secure unless saved for off-session;
 * - `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds`: declined;
 * - any other `pm_…`: `resource_missing`.
 *
 * `authenticate(id, approve)` plays the browser's `stripe.handleNextAction` and the bank's answer.
 */
type Card = {
  last4: string;
  brand: string;
  authentication: 'none' | 'always' | 'unless_set_up';
  decline?: string;
};

const CARDS: Record<string, Card> = {
  pm_card_visa: { last4: '4242', brand: 'visa', authentication: 'none' },
  pm_card_mastercard: { last4: '4444', brand: 'mastercard', authentication: 'none' },
  pm_card_authenticationRequired: { last4: '3184', brand: 'visa', authentication: 'always' },
  pm_card_authenticationRequiredOnSetup: {
    last4: '3155',
    brand: 'visa',
    authentication: 'unless_set_up',
  },
  pm_card_chargeDeclined: {
    last4: '0002',
    brand: 'visa',
    authentication: 'none',
    decline: 'generic_decline',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    brand: 'visa',
    authentication: 'none',
    decline: 'insufficient_funds',
  },
};

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  setup_future_usage: string | null;
  off_session: boolean;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: { type: string } | null;
};

export type FakeStripeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export const startFakeStripe = async () => {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;
  const customers = new Map<string, { id: string; email: string; name: string }>();
  const intents = new Map<string, Intent>();
  /** PaymentMethods saved at a customer for off-session use (after `setup_future_usage`). */
  const savedForOffSession = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: FakeStripeRequest[] = [];
  let failNext: 'api_error' | null = null;
  let unreachable = false;
  let offSessionDecline: string | null = null;
  /** Intents that succeed at the moment their cancel arrives (the customer finished 3-D Secure just then). */
  const succeedBeforeCancel = new Set<string>();

  const charge = (intent: Intent, expand: boolean) => {
    const card = CARDS[intent.payment_method];
    const id = intent.latest_charge ?? '';
    return expand && id
      ? {
          ...intent,
          latest_charge: {
            id,
            object: 'charge',
            payment_method_details: { card: { last4: card?.last4, brand: card?.brand } },
          },
        }
      : intent;
  };
  const succeed = (intent: Intent) => {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.latest_charge = next('ch');
    if (intent.setup_future_usage === 'off_session' && intent.customer) {
      savedForOffSession.add(`${intent.customer}/${intent.payment_method}`);
    }
  };
  const cardError = (intent: Intent | null, code: string, declineCode?: string) => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code,
        ...(declineCode ? { decline_code: declineCode } : {}),
        message: `Fake Stripe: ${declineCode ?? code}`,
        ...(intent ? { payment_intent: intent } : {}),
      },
    },
  });
  const invalid = (code: string, param: string, message: string, status = 400) => ({
    status,
    body: { error: { type: 'invalid_request_error', code, param, message } },
  });

  const createIntent = (p: Record<string, string>) => {
    const pm = p.payment_method ?? '';
    const card = CARDS[pm];
    if (!card) {
      return invalid('resource_missing', 'payment_method', `No such PaymentMethod: '${pm}'`, 404);
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const id = next('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(p.amount),
      currency: p.currency ?? 'eur',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_fake`,
      customer: p.customer ?? null,
      payment_method: pm,
      description: p.description ?? null,
      metadata,
      setup_future_usage: p.setup_future_usage ?? null,
      off_session: p.off_session === 'true',
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
    };
    intents.set(id, intent);
    const expand = Object.entries(p).some(
      ([k, v]) => k.startsWith('expand[') && v === 'latest_charge',
    );
    if (card.decline) {
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: card.decline,
        message: 'declined',
      };
      return cardError(intent, 'card_declined', card.decline);
    }
    if (intent.off_session) {
      if (offSessionDecline) {
        const decline = offSessionDecline;
        offSessionDecline = null;
        intent.last_payment_error = {
          code: 'card_declined',
          decline_code: decline,
          message: 'declined',
        };
        return cardError(intent, 'card_declined', decline);
      }
      const saved = savedForOffSession.has(`${intent.customer ?? ''}/${pm}`);
      if (card.authentication === 'always' || (card.authentication === 'unless_set_up' && !saved)) {
        intent.last_payment_error = { code: 'authentication_required', message: 'authenticate' };
        return cardError(intent, 'authentication_required');
      }
      succeed(intent);
      return { status: 200, body: charge(intent, expand) };
    }
    if (card.authentication !== 'none') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      return { status: 200, body: charge(intent, expand) };
    }
    succeed(intent);
    return { status: 200, body: charge(intent, expand) };
  };

  const route = (method: string, path: string, p: Record<string, string>) => {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: next('cus'),
        object: 'customer',
        email: p.email ?? '',
        name: p.name ?? '',
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(p);
    const m = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const intent = m?.[1] ? intents.get(m[1]) : undefined;
    if (m && !intent) {
      return invalid('resource_missing', 'intent', `No such payment_intent: '${m[1] ?? ''}'`, 404);
    }
    if (intent && method === 'GET' && !m?.[2]) {
      const expand = Object.entries(p).some(
        ([k, v]) => k.startsWith('expand[') && v === 'latest_charge',
      );
      return { status: 200, body: charge(intent, expand) };
    }
    if (intent && method === 'POST' && m?.[2]) {
      if (succeedBeforeCancel.delete(intent.id) && intent.status === 'requires_action') {
        succeed(intent);
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return invalid('payment_intent_unexpected_state', 'intent', `status ${intent.status}`);
      }
      intent.status = 'canceled';
      intent.next_action = null;
      return { status: 200, body: intent };
    }
    return invalid('not_found', 'path', `Unrecognized request URL (${method}: ${path})`, 404);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(req.method === 'GET' ? url.search : body)) {
        params[k] = v;
      }
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: key });
      if (unreachable) {
        req.socket.destroy();
        return;
      }
      let answer: { status: number; body: unknown };
      if (failNext === 'api_error') {
        failNext = null;
        answer = {
          status: 500,
          body: { error: { type: 'api_error', message: 'Fake Stripe fault' } },
        };
      } else if (key && idempotent.has(`${req.method ?? ''} ${url.pathname} ${key}`)) {
        // Stripe answers a repeated idempotency key with the first answer (https://docs.stripe.com/api/idempotent_requests).
        answer = idempotent.get(`${req.method ?? ''} ${url.pathname} ${key}`)!;
      } else {
        answer = route(req.method ?? '', url.pathname, params);
        if (key) idempotent.set(`${req.method ?? ''} ${url.pathname} ${key}`, answer);
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': next('req'),
      });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    intents,
    /** The official SDK, pointed at this server; no retries, so failures show at once. */
    client: () =>
      new Stripe('sk_test_fake_secret_key', {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      }),
    /** The browser's `stripe.handleNextAction` with the bank's answer: approve or fail the 3-D Secure step. */
    authenticate: (intentId: string, approve: boolean) => {
      const intent = intents.get(intentId);
      if (intent?.status !== 'requires_action') throw new Error(`no waiting intent ${intentId}`);
      if (approve) succeed(intent);
      else {
        intent.status = 'requires_payment_method';
        intent.next_action = null;
        intent.last_payment_error = {
          code: 'payment_intent_authentication_failure',
          message: 'authentication failed',
        };
      }
      return intent;
    },
    /** The race of ADR 0083: the customer's authentication succeeds just before our cancel reaches Stripe. */
    succeedBeforeCancel: (intentId: string) => {
      succeedBeforeCancel.add(intentId);
    },
    /** The next request gets Stripe's 500 `api_error`. */
    failNext: (kind: 'api_error') => {
      failNext = kind;
    },
    /** While on, every connection is dropped (Stripe not reachable; the SDK retries a reset once itself). */
    setUnreachable: (on: boolean) => {
      unreachable = on;
    },
    /** The next off-session charge is declined with this code (e.g. insufficient_funds). */
    declineNextOffSession: (declineCode: string) => {
      offSessionDecline = declineCode;
    },
    /** Calls of one kind, e.g. `calls('POST', '/v1/payment_intents')`. */
    calls: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
};
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
