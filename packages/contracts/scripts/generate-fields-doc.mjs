// Writes docs/fields.md from the field catalogue. Run from the repository root:
//   npx tsx packages/contracts/scripts/generate-fields-doc.mjs
// src/fields/doc.test.ts fails when the committed file differs from the output.
import { writeFileSync } from 'node:fs';
import { renderFieldsDoc } from '../src/fields/doc.ts';

const target = new URL('../../../docs/fields.md', import.meta.url);
writeFileSync(target, renderFieldsDoc());
console.log(`wrote ${target.pathname}`);
