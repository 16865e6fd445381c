import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analysePileLateral } from './pile-lateral';
import type { LateralLayer, LateralModel } from './mesh';
import { buildLateralMesh } from './mesh';
import { passivePressure, effectiveVerticalStress } from './passive-pressure';
import { lineSpringModulus } from './subgrade';
import { kN, kNm, kNPerM3, kPa, m as metres, rad } from '../units/units';

const EI = (33e6 * Math.PI * 0.8 ** 4) / 64;
const layer = (
  top: number,
  bottom: number,
  Es: number,
  extra: Partial<LateralLayer> = {},
): LateralLayer => ({
  topLevel: metres(top),
  bottomLevel: metres(bottom),
  ESoben: kPa(Es),
  ESunten: kPa(Es),
  MaxElementWeite: metres(0.1),
  phi: rad((30 * Math.PI) / 180),
  cuEP: kPa(0),
  gammaBoden: kNPerM3(19),
  gammaStrichBoden: kNPerM3(10),
  ...extra,
});
const model = (over: Partial<LateralModel> = {}): LateralModel => ({
  headLevel: metres(0),
  toeLevel: metres(-20),
  diameter: metres(0.8),
  EI,
  isHeadFixed: false,
  groundLevel: metres(0),
  groundwaterLevel: metres(-100),
  layers: [layer(0, -5, 10000), layer(-5, -20, 40000)],
  ksNichtReduzieren: true,
  gegenRaeumlichenEP: false,
  ...over,
});
const zero = { H: kN(0), M: kNm(0) };

describe('lineSpringModulus', () => {
  it.each([
    [0.6, true, 20000],
    [1.0, true, 20000],
    [1.5, true, 30000],
    [1.5, false, 20000],
  ])('gives k for D = %d m (ksNichtReduzieren %s)', (D, keep, k) => {
    expect(lineSpringModulus(kPa(20000), metres(D), keep)).toBeCloseTo(k, 6);
  });
});

describe('passivePressure', () => {
  it('equals σ·tan²(45° + φ/2) for sand: φ = 30° → K_ph = 3', () => {
    expect(passivePressure(kPa(100), rad(Math.PI / 6), kPa(0))).toBeCloseTo(300, 6);
  });
  it('equals σ + 2·c_u for undrained clay', () => {
    expect(passivePressure(kPa(50), rad(0), kPa(40))).toBeCloseTo(130, 6);
  });
  it('sums γ above and γ′ below the groundwater', () => {
    const layers = [
      {
        topLevel: metres(0),
        bottomLevel: metres(-10),
        gammaBoden: kNPerM3(19),
        gammaStrichBoden: kNPerM3(10),
      },
    ];
    expect(effectiveVerticalStress(metres(-5), metres(-1), metres(-3), layers)).toBeCloseTo(
      2 * 19 + 2 * 10,
      9,
    );
  });
});

describe('analysePileLateral', () => {
  it('keeps the characteristic and the design solution apart in the cached system (ADR 0204)', () => {
    // the two analyses of a load write into two buffer sets of the cached pile system: the characteristic
    // deflection must not depend on the design loads, and an earlier result must not change afterwards
    const m = model({ gegenRaeumlichenEP: true, toeLevel: metres(-19) });
    const k = { x: { H: kN(150), M: kNm(100) }, y: { H: kN(60), M: kNm(0) } };
    const d = { x: { H: kN(210), M: kNm(140) }, y: { H: kN(84), M: kNm(0) } };
    const alone = analysePileLateral(m, k, k).result!;
    expect(alone.iterations).toBeGreaterThan(1); // limited: solved by Newton
    const snapshot = JSON.stringify(alone);
    const both = analysePileLateral(m, k, d).result!;
    analysePileLateral(m, d, d);
    expect(JSON.stringify(alone)).toBe(snapshot);
    expect(both.wOben).toBe(alone.wOben);
    expect(both.distribution!.w).toEqual(alone.distribution!.w);
    expect(both.MMax).toBeGreaterThan(alone.MMax);
    expect(analysePileLateral(m, k, d).result).toEqual(both);
  });
  it('adds the free cantilever above OKBodenBiegung exactly (w = w_g + θ_g·e + H·e³/(3EI) + …)', () => {
    const H = 100;
    const e = 2;
    const atGround = analysePileLateral(
      model(),
      { x: { H: kN(H), M: kNm(H * e) }, y: zero },
      { x: { H: kN(H), M: kNm(H * e) }, y: zero },
    ).result!;
    const free = analysePileLateral(
      model({ headLevel: metres(e) }),
      { x: { H: kN(H), M: kNm(0) }, y: zero },
      { x: { H: kN(H), M: kNm(0) }, y: zero },
    ).result!;
    const wg = atGround.wxOben / 1000;
    const thg = atGround.wStrichKopfx;
    // cantilever of length e on a support at ground that deflects wg and rotates by θg (z downward)
    const expected = wg - thg * e + (H * e ** 3) / (3 * EI);
    expect(free.wxOben / 1000).toBeCloseTo(expected, 7);
    expect(free.MyMax).toBeCloseTo(Math.max(atGround.MyMax, H * e), 6);
  });
  it('combines x and y per depth (resultant of simultaneous values)', () => {
    const r = analysePileLateral(
      model(),
      { x: { H: kN(30), M: kNm(0) }, y: { H: kN(40), M: kNm(0) } },
      { x: { H: kN(30), M: kNm(0) }, y: { H: kN(40), M: kNm(0) } },
    ).result!;
    expect(r.wOben).toBeCloseTo(Math.hypot(r.wxOben, r.wyOben), 9);
    expect(r.MMax).toBeCloseTo(Math.hypot(r.MxMax, r.MyMax), 6);
    expect(r.QMax).toBeCloseTo(50, 6);
  });
  it('limits the soil reaction by the passive pressure and then deflects more', () => {
    const loads = { x: { H: kN(400), M: kNm(0) }, y: zero };
    const linear = analysePileLateral(model(), loads, loads);
    const limited = analysePileLateral(model({ gegenRaeumlichenEP: true }), loads, loads);
    expect(limited.result!.wOben).toBeGreaterThan(linear.result!.wOben);
    expect(limited.issues.map((i) => i.code)).toContain('LATERAL_PASSIVE_PRESSURE_INTERIM');
    const mesh = buildLateralMesh(model({ gegenRaeumlichenEP: true }));
    limited.result!.distribution!.p.forEach((p, i) => {
      const lim = i === 0 ? mesh.passiveLimit[0]! : mesh.passiveLimit[2 * i - 1]!;
      expect(p).toBeLessThanOrEqual(Math.max(lim, mesh.passiveLimit[2 * i] ?? 0) * 1.001 + 1e-6);
    });
    // equilibrium of the limited system: shear at the head is H, moment and shear vanish at the free toe
    const d = limited.result!.distribution!;
    expect(d.Qx[0]!).toBeCloseTo(400, 6);
    expect(Math.abs(d.Qx[d.Qx.length - 1]!)).toBeLessThan(1e-6 * 400);
    expect(Math.abs(d.My[d.My.length - 1]!)).toBeLessThan(1e-6 * limited.result!.MMax);
  });
  it('reports an error when the passive resistance cannot carry the load', () => {
    const loads = { x: { H: kN(50000), M: kNm(0) }, y: zero };
    const r = analysePileLateral(model({ gegenRaeumlichenEP: true }), loads, loads);
    expect(r.issues.some((i) => i.severity === 'error')).toBe(true);
  });
  it('reports LATERAL_NO_SOIL_SUPPORT without stiffness moduli', () => {
    const r = analysePileLateral(
      model({ layers: [layer(0, -20, 0)] }),
      { x: { H: kN(1), M: kNm(0) }, y: zero },
      { x: { H: kN(1), M: kNm(0) }, y: zero },
    );
    expect(r.result).toBeNull();
    expect(r.issues.map((i) => i.code)).toContain('LATERAL_NO_SOIL_SUPPORT');
  });
  it('raises a legacy element length of 0.1 cm to 5 cm with a warning', () => {
    const r = analysePileLateral(
      model({ layers: [layer(0, -20, 20000, { MaxElementWeite: metres(0.001) })] }),
      { x: { H: kN(1), M: kNm(0) }, y: zero },
      { x: { H: kN(1), M: kNm(0) }, y: zero },
    );
    expect(r.issues.map((i) => i.code)).toContain('LATERAL_ELEMENT_LENGTH_RAISED');
    expect(r.trace.find((t) => t.name === 'elements')!.value).toBe(400);
  });
  it('never returns NaN and MMax grows with H (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.boolean(),
        (H, dH, ep) => {
          const a = analysePileLateral(
            model({ gegenRaeumlichenEP: ep }),
            { x: { H: kN(H), M: kNm(0) }, y: zero },
            { x: { H: kN(H), M: kNm(0) }, y: zero },
          ).result!;
          const b = analysePileLateral(
            model({ gegenRaeumlichenEP: ep }),
            { x: { H: kN(H + dH), M: kNm(0) }, y: zero },
            { x: { H: kN(H + dH), M: kNm(0) }, y: zero },
          ).result!;
          expect(Object.values(a).every((v) => typeof v !== 'number' || Number.isFinite(v))).toBe(
            true,
          );
          expect(b.MMax).toBeGreaterThanOrEqual(a.MMax - 1e-6 * (1 + a.MMax));
        },
      ),
      { numRuns: 25 },
    );
  });
});
