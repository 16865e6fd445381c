import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createWinklerSystem, solveWinklerBeam, type BeamMesh } from './beam-fe';

/** Uniform mesh of length L [m] with n elements and k(z) given as a function of depth. */
const uniformMesh = (L: number, n: number, k: (z: number) => number): BeamMesh => {
  const depth = Float64Array.from({ length: n + 1 }, (_, i) => (L * i) / n);
  return {
    depth,
    // evaluated just inside each element so that a jump of k at a node belongs to the right element
    kTop: Float64Array.from({ length: n }, (_, e) => k(depth[e]! + 1e-9)),
    kBottom: Float64Array.from({ length: n }, (_, e) => k(depth[e + 1]! - 1e-9)),
  };
};

const maxAbs = (a: Float64Array): number => a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
const rel = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);

// D = 1.0 m, C30/37 gross section: EI = 33e6·π/64 kNm²; k = Es = 20 MN/m² (ks = Es/D, D = 1 m)
const EI = (33e6 * Math.PI) / 64;
const k = 20000;
const lambda = (k / (4 * EI)) ** 0.25;

describe('solveWinklerBeam — Hetényi, constant k, long pile', () => {
  // Source: Hetényi, Beams on Elastic Foundation (1946); docs/sources/engine.md §E5.2 (formulas quoted there)
  const mesh = uniformMesh(30, 300, () => k);
  it('reproduces w0, θ0 and Mmax = 0.3224·H/λ for a free head under H within 1 %', () => {
    const H = 100;
    const [s] = solveWinklerBeam(mesh, EI, false, [{ H, M: 0 }])!;
    expect(rel(s!.w[0]!, (2 * H * lambda) / k)).toBeLessThan(0.01);
    expect(rel(s!.theta[0]!, -(2 * H * lambda ** 2) / k)).toBeLessThan(0.01);
    expect(rel(maxAbs(s!.M), (0.3224 * H) / lambda)).toBeLessThan(0.01);
    expect(s!.Q[0]!).toBeCloseTo(H, 6);
  });
  it('reproduces w0 and θ0 for a free head under a head moment within 1 %', () => {
    const M0 = 200;
    const [s] = solveWinklerBeam(mesh, EI, false, [{ H: 0, M: M0 }])!;
    expect(rel(s!.w[0]!, (2 * M0 * lambda ** 2) / k)).toBeLessThan(0.01);
    expect(rel(s!.theta[0]!, -(4 * M0 * lambda ** 3) / k)).toBeLessThan(0.01);
    expect(s!.M[0]!).toBeCloseTo(M0, 6);
  });
  it('reproduces w0 = Hλ/k and M0 = −H/(2λ) for a fixed head within 1 %', () => {
    const H = 100;
    const [s] = solveWinklerBeam(mesh, EI, true, [{ H, M: 0 }])!;
    expect(rel(s!.w[0]!, (H * lambda) / k)).toBeLessThan(0.01);
    expect(rel(s!.M[0]!, -H / (2 * lambda))).toBeLessThan(0.01);
    expect(s!.theta[0]!).toBe(0);
  });
});

describe('solveWinklerBeam — Reese–Matlock, k = nh·z, long pile', () => {
  // Source: Matlock & Reese (1960), coefficients as quoted in docs/sources/engine.md §E5.2 / Tomlinson Fig. 6.26–6.28
  const nh = 10000; // kN/m³
  const T = (EI / nh) ** 0.2;
  const mesh = uniformMesh(8 * T, 400, (z) => nh * z);
  it('reproduces y0 = 2.435·H·T³/EI, θ0 and Mmax = 0.772·H·T for a free head within 1 %', () => {
    const H = 100;
    const [s] = solveWinklerBeam(mesh, EI, false, [{ H, M: 0 }])!;
    expect(rel(s!.w[0]!, (2.435 * H * T ** 3) / EI)).toBeLessThan(0.01);
    expect(rel(s!.theta[0]!, -(1.623 * H * T ** 2) / EI)).toBeLessThan(0.01);
    expect(rel(maxAbs(s!.M), 0.772 * H * T)).toBeLessThan(0.01);
  });
  it('reproduces y0 = 1.623·M·T²/EI and θ0 = −1.75·M·T/EI under a head moment within 1 %', () => {
    const M0 = 100;
    const [s] = solveWinklerBeam(mesh, EI, false, [{ H: 0, M: M0 }])!;
    expect(rel(s!.w[0]!, (1.623 * M0 * T ** 2) / EI)).toBeLessThan(0.01);
    expect(rel(s!.theta[0]!, -(1.75 * M0 * T) / EI)).toBeLessThan(0.01);
  });
  it('reproduces y0 = 0.93·H·T³/EI and M0 = −0.93·H·T for a fixed head within 1 %', () => {
    const H = 100;
    const [s] = solveWinklerBeam(mesh, EI, true, [{ H, M: 0 }])!;
    expect(rel(s!.w[0]!, (0.93 * H * T ** 3) / EI)).toBeLessThan(0.01);
    expect(rel(s!.M[0]!, -0.93 * H * T)).toBeLessThan(0.01);
  });
});

describe('solveWinklerBeam — equilibrium and convergence', () => {
  const layered = (n: number): BeamMesh =>
    uniformMesh(15, n, (z) => (z < 2 ? 0 : z < 6 ? 5000 + 1000 * (z - 2) : 40000 - 500 * (z - 6)));
  it.each([
    [false, 150, 0],
    [false, 0, 300],
    [false, 120, -80],
    [true, 150, 0],
  ])('balances H and M with the soil reactions (fixed %s, H %d kN, M %d kNm)', (fixed, H, M0) => {
    const mesh = layered(150);
    const [s] = solveWinklerBeam(mesh, EI, fixed, [{ H, M: M0 }])!;
    // ∫p dz = H and ∫p·z dz = −Mhead (moment about the head, Mhead the section moment at the head)
    let R = 0;
    let Rz = 0;
    for (let e = 0; e < mesh.depth.length - 1; e++) {
      const L = mesh.depth[e + 1]! - mesh.depth[e]!;
      // Simpson on each element with the cubic deflection would be exact only with θ; use the fine mesh
      const z0 = mesh.depth[e]!;
      const p0 = s!.p[e]!;
      const p1 = mesh.kBottom[e]! * s!.w[e + 1]!;
      R += ((p0 + p1) / 2) * L;
      Rz += ((p0 * z0 + p1 * (z0 + L)) / 2) * L;
    }
    expect(Math.abs(R - H)).toBeLessThan(0.01 * Math.max(Math.abs(H), 1) + 0.5);
    expect(Math.abs(Rz + s!.M[0]!)).toBeLessThan(0.01 * Math.max(Math.abs(M0), 100));
    // shear at the toe and moment at the toe vanish (free toe)
    expect(Math.abs(s!.M[s!.M.length - 1]!)).toBeLessThan(1e-6);
  });
  it('converges under mesh refinement (head deflection and Mmax change < 0.1 % from 0.2 m to 0.05 m elements)', () => {
    const coarse = solveWinklerBeam(layered(75), EI, false, [{ H: 100, M: 50 }])![0]!;
    const fine = solveWinklerBeam(layered(300), EI, false, [{ H: 100, M: 50 }])![0]!;
    expect(rel(coarse.w[0]!, fine.w[0]!)).toBeLessThan(1e-3);
    expect(rel(maxAbs(coarse.M), maxAbs(fine.M))).toBeLessThan(1e-3);
  });
  it('returns null for a pile without soil support', () => {
    expect(
      solveWinklerBeam(
        uniformMesh(10, 20, () => 0),
        EI,
        false,
        [{ H: 1, M: 0 }],
      ),
    ).toBeNull();
  });
  it('never returns NaN and scales linearly with the load', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (H, M) => {
          const mesh = uniformMesh(20, 60, (z) => 1000 + 2000 * z);
          const [a, b] = solveWinklerBeam(mesh, EI, false, [
            { H, M },
            { H: 2 * H, M: 2 * M },
          ])!;
          expect(a!.w.every(Number.isFinite)).toBe(true);
          expect(Math.abs(b!.w[0]! - 2 * a!.w[0]!)).toBeLessThanOrEqual(
            1e-9 * (Math.abs(a!.w[0]!) + 1e-12),
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('createWinklerSystem — reuse between passive-pressure iterations', () => {
  it('gives exactly the solution of a new system after the spring factors changed (free and fixed head)', () => {
    const mesh = uniformMesh(15, 80, (z) => 5000 + 3000 * z);
    for (const fixed of [false, true]) {
      const system = createWinklerSystem(mesh, EI, fixed);
      const loads = [
        { H: 120, M: 80 },
        { H: -40, M: 10 },
      ];
      system.solveDisplacements(loads);
      // reduce the springs of the top 10 elements, then of other elements, as the iteration does
      for (const changed of [
        [0, 10],
        [3, 25],
        [0, 0],
      ] as const) {
        const factor = new Float64Array(160).fill(1);
        for (let i = 2 * changed[0]; i < 2 * changed[1]; i++) factor[i] = 0.3 + 0.01 * i;
        const reused = system.solveDisplacements(loads, factor)!;
        const fresh = solveWinklerBeam(mesh, EI, fixed, loads, factor)!;
        expect(Array.from(reused[0]!.filter((_, i) => i % 2 === 0))).toEqual(
          Array.from(fresh[0]!.w),
        );
        expect(system.recover(reused[1]!, factor).M).toEqual(fresh[1]!.M);
      }
    }
  });
});
