import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '#app/config';
import { hashPassword } from '#app/lib/passwords';
import { openapiDocument } from '#app/scripts/openapi-document';

describe('openapi.json', () => {
  it('is up to date with the route schemas (run npm run api:generate -w @pfahlplaner/server)', async () => {
    const committed = await readFile(path.join(SERVER_ROOT, 'openapi.json'), 'utf8');
    expect(committed).toBe(await openapiDocument());
  });
});

describe('hashPassword', () => {
  it('uses argon2id', async () => {
    expect(await hashPassword('Secret#123')).toMatch(/^\$argon2id\$/);
  });
});
