import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleWorkbook, largeWorkbook } from '#app/modules/projects/fixtures';
import { calculateRemote, LOCAL_SERVER, parseCalcServers } from './calc-servers';
import { runCalculation } from './run-calculation';
import { createCalculationPool } from './worker-pool';

describe('calculation worker pool', () => {
  const pool = createCalculationPool(2);
  afterAll(async () => {
    await pool.close();
  });

  it('loads the TypeScript engine in a worker thread and returns what the engine returns in-process', async () => {
    const input = exampleWorkbook('Pool');
    const [a, b] = await Promise.all([pool.run(input), pool.run(input)]);
    const direct = runCalculation(input);
    expect(a).toEqual(direct);
    expect(b).toEqual(direct);
    expect(a.piles[0]?.R_d).toBeGreaterThan(0);
    expect(a.horizontal_loadcases.length).toBe(1);
  });

  it('computes off the event loop: timers keep firing while a 1,000-row project is calculated', async () => {
    let ticks = 0;
    const pending = pool.run(largeWorkbook('Tausend', 1000, 1));
    // Started after run() returned: an implementation computing synchronously inside run() would
    // already be finished here and leave ticks at 0.
    const timer = setInterval(() => (ticks += 1), 1);
    const result = await pending;
    clearInterval(timer);
    expect(result.piles).toHaveLength(1000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('reports bad input as issues, not as a failure', async () => {
    const result = await pool.run({
      settings: {},
      piles: [{ Pname: 'X', SollDurchmesser: -1 }],
      soil_profiles: [],
      horizontal_loadcases: [],
    });
    expect(result.piles[0]?.issues.map((i) => i.code)).toContain('TOO_SMALL');
  });

  it('fails a task whose input cannot be sent and keeps working', async () => {
    await expect(pool.run({ settings: () => 1 })).rejects.toThrow(/clone/i);
    const result = await pool.run(exampleWorkbook('Danach'));
    expect(result.piles.length).toBeGreaterThan(0);
  });

  it('rejects tasks after close', async () => {
    const small = createCalculationPool(1);
    await small.close();
    await expect(small.run({})).rejects.toThrow(/closed/);
  });
});

describe('calculation servers', () => {
  it('parses CALC_SERVERS as id=url pairs or JSON; local is always first', () => {
    expect(parseCalcServers(undefined)).toEqual([LOCAL_SERVER]);
    expect(parseCalcServers('eu=https://calc.example/, us=http://10.0.0.5:8080')).toEqual([
      LOCAL_SERVER,
      { id: 'eu', name: 'eu', url: 'https://calc.example' },
      { id: 'us', name: 'us', url: 'http://10.0.0.5:8080' },
    ]);
    expect(
      parseCalcServers('[{"id":"eu","name":"Frankfurt","url":"https://calc.example"}]'),
    ).toEqual([LOCAL_SERVER, { id: 'eu', name: 'Frankfurt', url: 'https://calc.example' }]);
    expect(() => parseCalcServers('local=http://x')).toThrow(/reserved/);
    expect(() => parseCalcServers('eu=ftp://x')).toThrow(/http/);
    expect(() => parseCalcServers('eu')).toThrow(/id=url/);
  });

  it('posts the input to <url>/calculate and accepts a bare or enveloped result', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url}`);
        const input = JSON.parse(body) as unknown;
        const result = runCalculation(input);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(seen.length === 1 ? result : { status_code: 1, data: result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const input = exampleWorkbook('Remote');
      const bare = await calculateRemote(url, input, 10_000);
      const enveloped = await calculateRemote(url, input, 10_000);
      expect(bare.piles[0]?.R_d).toBe(runCalculation(input).piles[0]?.R_d);
      expect(enveloped.piles).toEqual(bare.piles);
      expect(seen).toEqual(['POST /calculate', 'POST /calculate']);
    } finally {
      server.close();
    }
  });

  it('refuses the result of a server that runs another engine version (ADR 0107)', async () => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const result = runCalculation(JSON.parse(body) as unknown);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ...result, engineVersion: '0.0.1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const error = await calculateRemote(url, exampleWorkbook('Old engine'), 10_000).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'CALC_SERVER_ENGINE_MISMATCH', statusCode: 503 });
    } finally {
      server.close();
    }
  });
});
