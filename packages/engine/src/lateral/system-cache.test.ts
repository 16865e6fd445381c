import { describe, expect, it } from 'vitest';
import type { LateralLayer, LateralModel } from './mesh';
import { cachedPileSystem } from './system-cache';
import { kNPerM3, kPa, m, rad } from '../units/units';

const layer = (top: number, bottom: number, Es: number): LateralLayer => ({
  topLevel: m(top),
  bottomLevel: m(bottom),
  ESoben: kPa(Es),
  ESunten: kPa(Es),
  MaxElementWeite: m(0.1),
  phi: rad((30 * Math.PI) / 180),
  cuEP: kPa(0),
  gammaBoden: kNPerM3(19),
  gammaStrichBoden: kNPerM3(10),
});
// a new object per call, as every load row builds its own model
const model = (over: Partial<LateralModel> = {}): LateralModel => ({
  headLevel: m(0),
  toeLevel: m(-12),
  diameter: m(0.6),
  EI: 200000,
  isHeadFixed: false,
  groundLevel: m(-1),
  groundwaterLevel: m(-100),
  layers: [layer(-1, -5, 10000), layer(-5, -12, 40000)],
  ksNichtReduzieren: true,
  gegenRaeumlichenEP: true,
  ...over,
});

describe('cachedPileSystem (ADR 0165, 0190)', () => {
  it('shares the system of a model with the same values and builds another for any changed value', () => {
    const first = cachedPileSystem(model());
    expect(cachedPileSystem(model())).toBe(first);
    expect(cachedPileSystem(model({ toeLevel: m(-12.5) }))).not.toBe(first);
    expect(cachedPileSystem(model({ isHeadFixed: true }))).not.toBe(first);
    expect(cachedPileSystem(model({ layers: [layer(-1, -5, 10000)] }))).not.toBe(first);
    expect(
      cachedPileSystem(model({ layers: [layer(-1, -5, 10000), layer(-5, -12, 40001)] })),
    ).not.toBe(first);
  });
  it('treats 0 and −0 as the same value, as the former text key did', () => {
    const plus = cachedPileSystem(model({ headLevel: m(0) }));
    expect(cachedPileSystem(model({ headLevel: m(-0) }))).toBe(plus);
  });
});
