/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- envelope data is asserted loosely, see test-app.ts */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedWorkbook } from '@pfahlplaner/formats';
import { writeWorkbookXlsx } from '@pfahlplaner/formats';
import { exampleWorkbook } from '#app/modules/projects/fixtures';
import type { SignedIn, TestApp } from '#app/test/test-app';
import { createTestApp, databases, json, multipartBody, signUp } from '#app/test/test-app';

/**
 * The API's text rule holds for imported files too (docs/security.md, "Text the API accepts"): a workbook
 * whose load-point name holds NUL (written by a spreadsheet as `_x0000_`) is shown with INVALID_CHARACTERS
 * at that field in the preview and is not applied; before, its apply reached PostgreSQL, which refuses NUL.
 */
describe.each(databases)('imported text with NUL on %s', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the field in the preview and refuses the apply, the project unchanged', async () => {
    const created = json(
      await t.call('POST', `/api/v1/companies/${owner.companyId}/projects/`, {
        token: owner.access,
        body: { name: 'Importziel' },
      }),
    ).data as { id: number; version: number };
    const book = exampleWorkbook('Importziel', 1);
    book.piles[0] = { ...book.piles[0], Pname: 'P\u00001' };
    const bytes = Buffer.from(await writeWorkbookXlsx(book as unknown as ImportedWorkbook));
    const upload = (mode: string) => {
      const body = multipartBody('file', bytes, 'nul.xlsx', 'application/octet-stream');
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${owner.companyId}/projects/${created.id}/import-file/?${mode}`,
        remoteAddress: '10.0.0.1',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${owner.access}` },
      });
    };
    const preview = await upload('mode=preview');
    expect(preview.statusCode).toBe(200);
    expect(json(preview).data.issues).toContainEqual(
      expect.objectContaining({
        code: 'INVALID_CHARACTERS',
        column: 'piles[0].Pname',
        severity: 'error',
      }),
    );
    const apply = await upload(`mode=apply&version=${created.version}`);
    expect(apply.statusCode).toBe(400);
    expect(json(apply).error?.code).toBe('IMPORT_INVALID');
    const detail = json(
      await t.call('GET', `/api/v1/companies/${owner.companyId}/projects/${created.id}/`, {
        token: owner.access,
      }),
    ).data;
    expect(detail.project.version).toBe(created.version);
  });
});
