import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '#app/config';
import { openapiDocument } from '#app/scripts/openapi-document';

// npm run api:generate -w @pfahlplaner/server → apps/server/openapi.json (committed; a test fails when stale).
const file = path.join(SERVER_ROOT, 'openapi.json');
await writeFile(file, await openapiDocument());
process.stdout.write(`wrote ${file}\n`);
