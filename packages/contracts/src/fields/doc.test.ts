import { describe, expect, it } from 'vitest';
import committed from '../../../../docs/fields.md?raw';
import { renderFieldsDoc } from './doc';

describe('renderFieldsDoc', () => {
  it('matches the committed docs/fields.md (run scripts/generate-fields-doc.mjs when this fails)', () => {
    expect(committed).toBe(renderFieldsDoc());
  });

  it('lists every wire field of the pile table with its XML element', () => {
    const doc = renderFieldsDoc();
    expect(doc).toContain('| `SollDurchmesser` |');
    expect(doc).toContain('`_prozentualerMantelAnteil` ×0.01');
    expect(doc).toContain('`_AbtreppungsWinkelRad` ×π/180');
  });
});
