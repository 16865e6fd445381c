/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted with toMatchObject, see test-app.ts */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeForDatabaseError, isUniqueViolation, sqlStateOf } from '#app/db/errors';
import { hasForbiddenCharacters, textRuleViolations } from '#app/lib/text-rules';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp, uniqueEmail } from '#app/test/test-app';

/**
 * Hostile text (issue "Hardening", first bullet): text with NUL, another control character or a lone UTF-16
 * surrogate used to reach PostgreSQL, which refuses it (SQLSTATE 22021 / 22P05), and the refusal surfaced as
 * a 500. Each request below was a 500 before the text rule; now each is a coded 400 naming the field.
 */
const NUL = 'Pfahl\u0000A';
const LONE_HIGH = 'Pfahl\ud800';
const LONE_LOW = '\udc00Pfahl';
const BELL = 'Erika\u0007';

describe('the text rule (unit)', () => {
  it('refuses C0 controls but tab, LF and CR; DEL and C1; lone surrogates of either half', () => {
    for (const bad of [NUL, LONE_HIGH, LONE_LOW, BELL, 'a\u007fb', 'a\u0085b', 'a\u001bb']) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of [
      'Zeile 1\nZeile 2\r\n',
      'a\tb',
      'Ölhafen € – „Pfahl“',
      'Bohrpfahl 😀 (pair)',
      '',
    ]) {
      expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it('names the wire path of each offending value and key', () => {
    expect(
      textRuleViolations({ piles: [{ Pname: 'ok' }, { Pname: NUL }], [`k${NUL}`]: 1 }),
    ).toEqual([
      { path: 'piles[1].Pname', code: 'INVALID_CHARACTERS' },
      { path: `k${NUL}`, code: 'INVALID_CHARACTERS' },
    ]);
  });
});

describe.each(databases)('hostile text through the API on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  const projects = (c: number) => `/api/v1/companies/${c}/projects/`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const projectCount = async () =>
    json(await t.call('GET', projects(owner.companyId), { token: owner.access })).data
      .count as number;

  it('refuses a project name with NUL or a lone surrogate with 400 and the path, creating nothing', async () => {
    const before = await projectCount();
    for (const name of [NUL, LONE_HIGH, LONE_LOW]) {
      const res = await t.call('POST', projects(owner.companyId), {
        token: owner.access,
        body: { name, street: 'Hauptstr. 1' },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'name', code: 'INVALID_CHARACTERS' }],
      });
    }
    const street = await t.call('POST', projects(owner.companyId), {
      token: owner.access,
      body: { name: 'Gut', street: NUL },
    });
    expect(json(street).error?.details).toEqual([{ path: 'street', code: 'INVALID_CHARACTERS' }]);
    expect(await projectCount()).toBe(before);
  });

  it('refuses a load point name with a lone surrogate in a workbook save and keeps the version', async () => {
    const created = json(
      await t.call('POST', projects(owner.companyId), {
        token: owner.access,
        body: { name: 'Textregel' },
      }),
    ).data as { id: number; version: number };
    const body = exampleWorkbook('Textregel', created.version);
    body.piles[2] = { ...body.piles[2], Pname: LONE_HIGH };
    const res = await t.call(
      'PUT',
      `${projects(owner.companyId)}${created.id}/update-table-datas/`,
      { token: owner.access, body },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([
      { path: 'piles[2].Pname', code: 'INVALID_CHARACTERS' },
    ]);
    const detail = json(
      await t.call('GET', `${projects(owner.companyId)}${created.id}/`, { token: owner.access }),
    ).data;
    expect(detail.project.version).toBe(created.version);
  });

  it('refuses a sign-up field with a control character and creates no account', async () => {
    const email = uniqueEmail('hostile');
    const res = await t.call('POST', '/api/v1/users/register/', {
      body: {
        step: 1,
        full_name: BELL,
        email,
        phone: '+49 30 123456',
        password: 'Secret#123',
        confirm_password: 'Secret#123',
        accept_terms: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([{ path: 'full_name', code: 'INVALID_CHARACTERS' }]);
    const login = await t.call('POST', '/api/v1/users/login/', {
      body: { email, password: 'Secret#123' },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('refuses NUL in a query parameter', async () => {
    const res = await t.call('GET', `${projects(owner.companyId)}?search=a%00b`, {
      token: owner.access,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error?.details).toEqual([
      { path: 'query.search', code: 'INVALID_CHARACTERS' },
    ]);
  });

  it('maps database errors a request can cause to coded answers, read from the real database', async () => {
    const division = await t.database.db.execute(sql`select 1 / 0`).catch((e: unknown) => e);
    expect(sqlStateOf(division)).toBe('22012');
    expect(codeForDatabaseError(division)).toBe('VALIDATION_FAILED');
    await t.database.db.execute(sql`create temporary table tr_unique (v text primary key)`);
    await t.database.db.execute(sql`insert into tr_unique values ('a')`);
    const duplicate = await t.database.db
      .execute(sql`insert into tr_unique values ('a')`)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(codeForDatabaseError(duplicate)).toBe('CONFLICT');
    const syntax = await t.database.db.execute(sql`selec 1`).catch((e: unknown) => e);
    expect(codeForDatabaseError(syntax)).toBeNull();
  });
});
