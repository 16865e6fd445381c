// `npm run verify`: runs every worked example and writes docs/verification.md; exits 1 when an example fails.
import { writeFileSync } from 'node:fs';
import { VERIFICATION_FAMILIES, MANUAL_PATH } from './index';
import { evaluateFamilies, renderManual } from './report';

const results = evaluateFamilies(VERIFICATION_FAMILIES);
writeFileSync(new URL(`../../../${MANUAL_PATH}`, import.meta.url), renderManual(results));
const failed = results.flatMap((r) => r.outcomes).filter((o) => !o.isPass);
for (const o of failed) {
  const bad = o.checks
    .filter((c) => !c.isPass)
    .map((c) => `${c.quantity}: expected ${c.expected}, computed ${c.computed}`);
  process.stderr.write(`FAIL ${o.example.id} ${o.example.title}\n  ${bad.join('\n  ')}\n`);
}
process.stdout.write(
  `${MANUAL_PATH} written: ${results.flatMap((r) => r.outcomes).length - failed.length} of ${results.flatMap((r) => r.outcomes).length} examples pass\n`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
