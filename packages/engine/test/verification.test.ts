import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANUAL_PATH, VERIFICATION_FAMILIES } from '../verification/index';
import { evaluateFamilies, renderManual } from '../verification/report';
import { evaluateExample } from '../verification/types';

// The worked examples of the verification manual (ADR 0135): each must pass, and the committed manual must be
// the rendering of the current engine (run `npm run verify` after an intended change and review the diff).

describe.each(VERIFICATION_FAMILIES.map((f) => [`${f.id} ${f.title}`, f] as const))(
  '%s',
  (_name, family) => {
    it.each(family.examples.map((e) => [`${e.id} ${e.title}`, e] as const))(
      '%s',
      (_title, example) => {
        const outcome = evaluateExample(example);
        const failures = outcome.checks
          .filter((c) => !c.isPass)
          .map((c) => `${c.quantity}: expected ${c.expected} ${c.unit}, computed ${c.computed}`);
        expect(failures).toEqual([]);
      },
    );
  },
);

describe('docs/verification.md', () => {
  it('is up to date with the engine and the examples (run npm run verify)', () => {
    const committed = readFileSync(new URL(`../../../${MANUAL_PATH}`, import.meta.url), 'utf8');
    expect(committed).toBe(renderManual(evaluateFamilies(VERIFICATION_FAMILIES)));
  });
});
