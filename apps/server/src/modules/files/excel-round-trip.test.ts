/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- envelope data is asserted with toEqual, see test-app.ts */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_FIELDS, type FieldDef } from '@pfahlplaner/contracts';
import { companies } from '#app/db/schema/index';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, signUp } from '#app/test/test-app';

/**
 * ADR 0121: Excel export → import into a new project changes nothing — every setting
 * (each one set away from its default here), the project number and address, load points, profiles, load
 * cases, and therefore the calculation results. Before, the Excel file carried no settings: the new
 * project got the defaults (step width 1 → 0.1 m, allowed settlement 2.5 → 2 cm, lateral design on →
 * off) and so other pile lengths (8.00 → 7.30 m: the length is rounded up to the step width).
 */

const multipart = (bytes: Buffer, filename: string) => {
  const boundary = '----pfahlplanerExcelRoundTrip';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The report's values first; every other setting moved off its default within its range. */
const REPORTED = { Schrittweite: 1, zulaessigeSetzungCm: 2.5, runHorBemessung: true } as const;

const nonDefault = (field: FieldDef): unknown => {
  switch (field.kind) {
    case 'boolean':
      return !field.default;
    case 'enum':
      return field.values.find((option) => option.value !== field.default)!.value;
    case 'integer': {
      const next = (field.default ?? 0) + 1;
      return field.max !== undefined && next > field.max ? (field.default ?? 0) - 1 : next;
    }
    case 'number': {
      const base = field.default ?? 0;
      const next = base === 0 ? 1 : Math.round(base * 1.2 * 1000) / 1000;
      return field.max !== undefined && next >= field.max
        ? Math.round(base * 0.8 * 1000) / 1000
        : next;
    }
    case 'string':
      return field.format === 'color' ? 'C8A165' : `Wert ${field.key}`.slice(0, field.maxLength);
  }
};

/** Settings whose values must stay as they are for the project to calculate (not user data). */
const KEEP = new Set(['name', 'companyAltLogo', 'falsermInner', 'Stahlsorte']);

describe.each(databases)('Excel export → import on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  const base = () => `/api/v1/companies/${owner.companyId}/projects/`;
  const detail = async (id: number) =>
    json(await t.call('GET', `${base()}${id}/`, { token: owner.access })).data;
  const calculate = async (id: number) => {
    const res = await t.call('GET', `${base()}${id}/calculate/`, { token: owner.access });
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
    await t.database.db
      .update(companies)
      .set({ plan: 'Paid' })
      .where(eq(companies.id, owner.companyId));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('changes nothing: every input field by field, project number and address, and the results', async () => {
    const created = await t.call('POST', base(), {
      token: owner.access,
      body: {
        name: 'Quelle',
        number: 'P-2026-017',
        street: 'Hafenstraße 7',
        postal_code: '01067',
        location: 'Dresden',
      },
    });
    expect(created.statusCode).toBe(201);
    const source = json(created).data as { id: number; version: number };
    const workbook = exampleWorkbook('Quelle', source.version);
    const settings: Record<string, unknown> = { ...workbook.settings };
    for (const field of SETTINGS_FIELDS as readonly FieldDef[]) {
      if (field.role !== 'input' || KEEP.has(field.key) || field.group === 'projectData') continue;
      settings[field.key] = nonDefault(field);
    }
    Object.assign(settings, REPORTED, {
      projektStreet: 'Hafenstraße 7',
      projektPostalCode: '01067',
      projektLocation: 'Dresden',
      companyAltName: 'Ingenieurbüro Nord',
      companyAltStreet: 'Am Kai 1',
      default_company_info: false,
    });
    const saved = await t.call('PUT', `${base()}${source.id}/update-table-datas/`, {
      token: owner.access,
      body: { ...workbook, settings },
    });
    expect([saved.statusCode, saved.body.slice(0, 600)]).toEqual([200, expect.any(String)]);
    await calculate(source.id);
    const before = await detail(source.id);
    // Every setting differs from its default (except the ones kept on purpose), so a lost one shows.
    for (const field of SETTINGS_FIELDS as readonly FieldDef[]) {
      if (field.role !== 'input' || KEEP.has(field.key) || field.group === 'projectData') continue;
      expect([field.key, before.workbook.settings[field.key]]).not.toEqual([
        field.key,
        field.default,
      ]);
    }

    const file = await t.call('GET', `${base()}${source.id}/xlsx/`, { token: owner.access });
    expect(file.statusCode).toBe(200);
    const body = multipart(file.rawPayload, 'quelle.xlsx');
    const imported = await t.app.inject({
      method: 'POST',
      url: `${base()}import-file/?mode=apply&name=Ziel`,
      remoteAddress: '10.0.0.1',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
    });
    expect([imported.statusCode, imported.body.slice(0, 600)]).toEqual([201, expect.any(String)]);
    const target = json(imported).data.project as { id: number };
    await calculate(target.id);
    const after = await detail(target.id);

    // The project: its own name, the source's number and address.
    expect(after.project).toMatchObject({
      name: 'Ziel',
      number: 'P-2026-017',
      street: 'Hafenstraße 7',
      postal_code: '01067',
      location: 'Dresden',
    });
    // Settings field by field (the name is the new project's).
    for (const field of SETTINGS_FIELDS as readonly FieldDef[]) {
      if (field.role !== 'input' || field.key === 'name') continue;
      expect([field.key, after.workbook.settings[field.key]]).toEqual([
        field.key,
        before.workbook.settings[field.key],
      ]);
    }
    // Inputs and results: the rows with their result fields, equal as a whole.
    for (const key of ['piles', 'soil_profiles', 'horizontal_loadcases'] as const) {
      expect(after.workbook[key]).toEqual(before.workbook[key]);
    }
    expect(after.calculation.stale).toBe(false);
    // The length search tries L = MindestPfahllaenge + k · Schrittweite (engine required-length.ts,
    // docs/sources/engine.md §E2.6): with the file's step of 1 m every found length is 3.6 m + whole
    // metres; with the default 0.1 m (what the import used to give) lengths such as 7.30 m appear.
    const { MindestPfahllaenge: lmin, Schrittweite: step } = after.workbook.settings;
    expect([lmin, step]).toEqual([3.6, 1]);
    const lengths = (after.workbook.piles as { IstLaenge?: number | null }[])
      .map((pile) => pile.IstLaenge)
      .filter((length): length is number => typeof length === 'number');
    expect(lengths.length).toBeGreaterThan(0);
    for (const length of lengths) {
      // distance to the nearest whole step (not `% 1`: 4.9999999999999996 % 1 is almost 1)
      const steps = (length - lmin) / step;
      expect(Math.abs(steps - Math.round(steps))).toBeCloseTo(0, 9);
    }
  }, 120_000);
});
