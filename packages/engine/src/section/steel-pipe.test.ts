import { describe, expect, it } from 'vitest';
import { checkSteelPipe, pipeClass, pipeSection } from './steel-pipe';

const base = {
  D: 0.5,
  t: 0.012,
  grade: 'S355' as const,
  NEdMax: 1000,
  NEdMin: 400,
  MEd: 300,
  VEd: 100,
  bucklingLength: 0,
};

describe('steel pipe section (EN 1993-1-1)', () => {
  it('computes the ring properties by hand: D 500 × 12 mm', () => {
    const s = pipeSection(0.5, 0.012);
    // d = 0.476 m: A = π/4·(0.25 − 0.226576) = 0.0183971 m², W_pl = (0.125 − 0.107850176)/6 = 0.00285830 m³
    expect(s.A).toBeCloseTo(0.0183971, 6);
    expect(s.Wpl).toBeCloseTo(0.0028583, 6);
    // I = π/64·(0.0625 − 0.05133735) = 5.4797e-4 m⁴, W_el = 2I/D = 2.1919e-3 m³
    expect(s.I).toBeCloseTo(5.4797e-4, 7);
    expect(s.Wel).toBeCloseTo(2.1919e-3, 6);
  });
  it('classifies by d/t against 50ε², 70ε², 90ε² (Table 5.2)', () => {
    // S355: ε² = 0.662 → limits 33.1 / 46.3 / 59.6
    expect(pipeClass(0.5, 0.016, 355)).toBe(1); // 31.25
    expect(pipeClass(0.5, 0.012, 355)).toBe(2); // 41.7
    expect(pipeClass(0.5, 0.009, 355)).toBe(3); // 55.6
    expect(pipeClass(0.5, 0.008, 355)).toBe(4); // 62.5
    expect(pipeClass(0.5, 0.008, 235)).toBe(2); // S235: 50 / 70 / 90
  });
  it('checks N + M linearly: η = 1000/6531 + 300/1014.7 = 0.449 (class 2, plastic)', () => {
    const { result, issues } = checkSteelPipe(base);
    expect(result!.sectionClass).toBe(2);
    expect(result!.NRd).toBeCloseTo(0.0183971 * 355000, 0);
    expect(result!.MRd).toBeCloseTo(0.0028583 * 355000, 0);
    expect(result!.utilisation).toBeCloseTo(1000 / 6531.0 + 300 / 1014.7, 3);
    // V_pl,Rd = (2A/π)·f_y/√3 = 0.0117121·204960 = 2400.5 kN
    expect(result!.VRd).toBeCloseTo(2400.5, 0);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
  it('uses W_el for class 3 and refuses class 4', () => {
    const c3 = checkSteelPipe({ ...base, t: 0.009 }).result!;
    expect(c3.sectionClass).toBe(3);
    expect(c3.MRd).toBeCloseTo(pipeSection(0.5, 0.009).Wel * 355000, 6);
    const c4 = checkSteelPipe({ ...base, t: 0.008 });
    expect(c4.result).toBeNull();
    expect(c4.issues.map((i) => i.code)).toContain('SECTION_STEEL_PIPE_CLASS4');
  });
  it('reports exceeded capacity, shear interaction and an unchecked buckling length', () => {
    const over = checkSteelPipe({ ...base, MEd: 900 });
    expect(over.issues.map((i) => i.code)).toContain('SECTION_CAPACITY_EXCEEDED');
    const shear = checkSteelPipe({ ...base, VEd: 1500 });
    expect(shear.issues.map((i) => i.code)).toContain('SECTION_STEEL_SHEAR_INTERACTION');
    const buckling = checkSteelPipe({ ...base, bucklingLength: 5 });
    expect(buckling.issues.map((i) => i.code)).toContain('SECTION_STEEL_BUCKLING_NOT_CHECKED');
  });
  it('more moment never gives a smaller utilisation', () => {
    for (let M = 0; M < 1000; M += 50) {
      expect(checkSteelPipe({ ...base, MEd: M + 50 }).result!.utilisation).toBeGreaterThan(
        checkSteelPipe({ ...base, MEd: M }).result!.utilisation,
      );
    }
  });
});
