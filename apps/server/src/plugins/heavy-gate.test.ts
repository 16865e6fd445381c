/* eslint-disable @typescript-eslint/no-unsafe-member-access -- envelope data is asserted with toMatchObject, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, GateCancelled } from '#app/lib/request-gate';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp, uniqueEmail } from '#app/test/test-app';

/** Whether `promise` is still pending after the event loop had a few turns to settle it. */
const pending = async (promise: Promise<unknown>): Promise<boolean> => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
  return !settled;
};

/** Functional behaviour of the gate (ADR 0183), not timings. */
describe('request gate', () => {
  it('admits `concurrency` holders, queues first come first served, refuses beyond the queue', async () => {
    const gate = createGate({ concurrency: 2, maxQueue: 2 });
    const a = gate.enter()!;
    const b = gate.enter()!;
    const c = gate.enter()!;
    const d = gate.enter()!;
    expect(gate.enter()).toBeNull();
    expect(gate.stats()).toEqual({ running: 2, waiting: 2, refused: 1 });
    const order: string[] = [];
    void c.admitted.then(() => order.push('c'));
    void d.admitted.then(() => order.push('d'));
    expect(await pending(c.admitted)).toBe(true);
    b.leave();
    b.leave(); // leaving twice gives back one place
    await c.admitted;
    expect(await pending(d.admitted)).toBe(true);
    a.leave();
    await d.admitted;
    expect(order).toEqual(['c', 'd']);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 0 });
  });

  it('lets a waiter that goes away leave the queue without taking a place', async () => {
    const gate = createGate({ concurrency: 1, maxQueue: 5 });
    const holder = gate.enter()!;
    const gone = gate.enter()!;
    const next = gate.enter()!;
    gone.leave();
    await expect(gone.admitted).rejects.toBeInstanceOf(GateCancelled);
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 1 });
    holder.leave();
    await next.admitted;
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 0 });
    next.leave();
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe.each(databases)('heavy routes behind the gate on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: number;
  let detail: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      heavyGateLimits: { detail: { concurrency: 1, maxQueue: 2 } },
    });
    owner = await signUp(t, uniqueEmail('gate'), 'Firma Tor');
    const base = `/api/v1/companies/${owner.companyId}/projects/`;
    const created = await t.call('POST', base, { token: owner.access, body: { name: 'Tor' } });
    projectId = json(created).data.id as number;
    detail = `${base}${projectId}/`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues a detail while the gate is full, serves light routes meanwhile, answers 503 beyond the queue', async () => {
    const gate = t.app.heavyGates.detail;
    // A heavy request that takes long: the one place is taken.
    const held = gate.enter()!;
    await held.admitted;

    const first = t.call('GET', detail, { token: owner.access });
    // Before authentication: a request with a wrong token waits in the queue too, it is not refused yet.
    const wrongToken = t.call('GET', detail, { token: 'not-a-token' });
    expect(await pending(first)).toBe(true);
    expect(await pending(wrongToken)).toBe(true);
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 2 });

    // Light routes are not held up by the queue.
    const light = await t.call('GET', '/api/v1/calculation-servers/', { token: owner.access });
    expect(light.statusCode).toBe(200);

    // The queue holds two: the third waiting request is refused at once with a code and Retry-After.
    const refused = await t.call('GET', detail, { token: owner.access });
    expect(refused.statusCode).toBe(503);
    expect(json(refused).error?.code).toBe('SERVER_BUSY');
    expect(refused.headers['retry-after']).toBe('2');

    held.leave();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    expect(json(answered).data.project.id).toBe(projectId);
    expect((await wrongToken).statusCode).toBe(401);
    // Every place is given back once the answers are sent.
    await new Promise((r) => setImmediate(r));
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('serves a burst that fits the queue one after the other and gives every place back', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.call('GET', detail, { token: owner.access })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await new Promise((r) => setImmediate(r));
    expect(t.app.heavyGates.detail.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('over HTTP: a client that goes away while waiting leaves the queue, a finished answer frees its place', async () => {
    const gate = t.app.heavyGates.detail;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const held = gate.enter()!;
    await held.admitted;
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    const headers = { authorization: `Bearer ${owner.access}` };
    const gone = new AbortController();
    const leaving = fetch(`${address}${detail}`, { headers, signal: gone.signal }).catch(
      () => 'aborted',
    );
    await waitFor(() => gate.stats().waiting === 1);
    gone.abort();
    expect(await leaving).toBe('aborted');
    await waitFor(() => gate.stats().waiting === 0);
    held.leave();
    const answer = await fetch(`${address}${detail}`, { headers });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    await waitFor(() => gate.stats().running === 0);
  });
});
