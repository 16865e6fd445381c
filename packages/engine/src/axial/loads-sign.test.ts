import { describe, expect, it } from 'vitest';
import { sandProject } from '../../test/helpers';
import { calculateProject } from '../project/calculate-project';
import { combineActions } from '../loadcases/resolve-loads';
import { axialActionRange } from '../loads/axial-actions';
import { kN, type KiloNewtonMeter, type Radiant } from '../units/units';

// ADR 0131: compression is positive; a negative main load is tension and must be verified as
// tension (R_t,d with the length iteration) or refused — never a silent pass (ADR 0131).
//
// Hand values used below (sand qc = 15 MN/m², bored pile D = 1.0 m, helpers.sandProject):
//   q_s,k = 105 kN/m² (EA Tab. 5.13, qc = 15, lower value), no qskZug → q_s,t = q_s,k,
//   R_t,d(L) = π·D·q_s,t·L / γ_Zug = π·1.0·105·L / 1.5 = 219.9115·L kN;
//   L = MindestPfahllaenge 3.0 m + k·0.5 m.
const RtdPerMetre = (Math.PI * 1.0 * 105) / 1.5;

const first = (input: unknown) => calculateProject(input).piles[0]!;
const codes = (input: unknown) => first(input).issues.map((i) => i.code);

/** Sand project whose loads come only from one load-case row (G = gkz, Q = qkz). */
const caseProject = (gkz: number, qkz: number) => {
  const p = sandProject({ AlternativeCharakteristischeLastZ: null, AlternativeDesignLastZ: null });
  p.horizontal_loadcases = [
    {
      name: 'LF 1',
      horizontal_loads: [{ Pname: 'A', gkz, qkz, OKBodenBiegung: 100, Grundwasser: 95 }],
    },
  ] as never;
  return p;
};

describe('negative main loads (defect 2)', () => {
  it('verifies a negative AlternativeDesignLastZ as tension and lengthens the pile', () => {
    // E_d = −800 kN: 800 ≤ 219.9115·L → L ≥ 3.638 m → first step 4.0 m (before: 3.0 m, EzuRMin 0, no message).
    // R_d_Min(4.0) = 879.646 kN; EzuRMin = 800/879.646 = 90.946 %.
    const r = first(
      sandProject({ AlternativeDesignLastZ: -800, AlternativeCharakteristischeLastZ: -600 }),
    );
    expect(r.laenge_ohne).toBe(4);
    expect(r.R_d_Min).toBeCloseTo(RtdPerMetre * 4, 3);
    expect(r.R_d_Min).toBeCloseTo(879.646, 3);
    expect(r.EzuRMin).toBeCloseTo(90.946, 3);
    expect(r.EzuR).toBe(0);
    expect(r.issues.map((i) => i.code)).toContain('LOAD_MAIN_TENSION');
  });

  it('reports that no length is found when the tension resistance is far too small', () => {
    // E_d = −5000 kN; profile bottom 80 m NHN → L_max = 20 m, R_t,d(20) = 4398.2 kN < 5000 kN.
    const r = first(
      sandProject({ AlternativeDesignLastZ: -5000, AlternativeCharakteristischeLastZ: -3500 }),
    );
    expect(r.laenge_ohne).toBeNull();
    expect(r.issues.find((i) => i.code === 'REQUIRED_LENGTH_NOT_FOUND')?.severity).toBe('error');
    expect(r.issues.find((i) => i.code === 'REQUIRED_LENGTH_NOT_FOUND')?.params.failedCheck).toBe(
      'uls-tension',
    );
  });

  it('refuses a main load whose E_k and E_d have different signs', () => {
    const r = first(
      sandProject({ AlternativeDesignLastZ: -1400, AlternativeCharakteristischeLastZ: 1000 }),
    );
    expect(r.laenge_ohne).toBeNull();
    expect(r.R_d).toBeNull();
    const mismatch = r.issues.find((i) => i.code === 'LOAD_SIGN_MISMATCH');
    expect(mismatch).toMatchObject({
      severity: 'error',
      field: 'AlternativeCharakteristischeLastZ',
    });
  });

  it('verifies negative G and Q of a load case as tension', () => {
    // G = −500, Q = −200: N_Ed,max = 1.0·(−500) + 0 = −500 < 0 → the main load is tension;
    // N_Ed,min = 1.35·(−500) + 1.5·(−200) = −975 kN → 975 ≤ 219.9115·L → L ≥ 4.434 → 4.5 m.
    // EzuRMin = 975/(219.9115·4.5) = 98.524 %. Before the fix: E_d = −975 passed as "compression" at 3.0 m.
    const r = first(caseProject(-500, -200));
    expect(r.laenge_ohne).toBe(4.5);
    expect(r.EzuRMin).toBeCloseTo((975 / (RtdPerMetre * 4.5)) * 100, 6);
    expect(r.EzuRMin).toBeCloseTo(98.524, 3);
    expect(codes(caseProject(-500, -200))).toContain('LOAD_MAIN_TENSION');
  });

  it('checks the tension of a load case whose variable part lifts the pile (G > 0, Q < 0)', () => {
    // G = 1000, Q = −800: compression N_Ed,max = 1.35·1000 + 0 = 1350 kN, E_k = 1000 kN;
    // tension N_Ed,min = 1.0·1000 + 1.5·(−800) = −200 kN → R_t,d(3.0) = 659.734 kN, EzuRMin = 30.315 %.
    // Compression at 3.0 m: R_d = 2389.854 kN (calculate-project.test.ts hand check 1) → EzuR = 56.489 %.
    // Before the fix: E_d = 1.35·1000 + 1.5·(−800) = 150 kN, no tension check.
    const r = first(caseProject(1000, -800));
    expect(r.laenge_ohne).toBe(3);
    expect(r.EzuR).toBeCloseTo((1350 / 2389.854) * 100, 3);
    expect(r.EzuRMin).toBeCloseTo((200 / (RtdPerMetre * 3)) * 100, 6);
    expect(r.trace!.inputs.Ek).toBe(1000);
    expect(codes(caseProject(1000, -800))).toContain('LOAD_TENSION_FROM_LOADCASE');
  });

  it('keeps the previous values for non-negative G and Q', () => {
    // G = 800, Q = 400: N_Ed,max = 1.35·800 + 1.5·400 = 1680; N_Ed,min = 1.0·800; N_k,max = 1200, N_k,min = 800.
    expect(axialActionRange(800, 400, 1.35, 1.5)).toEqual({
      Edmax: 1680,
      Edmin: 800,
      Ekmax: 1200,
      Ekmin: 800,
    });
  });

  it('gives the section design the tension of a lifting variable action (load cases)', () => {
    // Vertical pile: N = G.N, Q.N. G = 300, Q = −400 (per pile):
    // N_Ed,max = 1.35·300 + 0 = 405 kN; N_Ed,min = 1.0·300 + 1.5·(−400) = −300 kN; N_k,max = 300 kN.
    // Before: N_Ed,max = 405 − 600 = −195 kN, N_Ed,min = 300 kN (tension never reached the section).
    const noMoment = 0 as KiloNewtonMeter;
    const zero = { N: kN(0), Hx: kN(0), Hy: kN(0), Mx: noMoment, My: noMoment };
    const a = combineActions(
      { G: { ...zero, N: kN(300), Hx: kN(10) }, Q: { ...zero, N: kN(-400), Hx: kN(-5) } },
      { inclination: 0, direction: 0 as Radiant },
      1.35,
      1.5,
    );
    expect(a.NEdMax).toBeCloseTo(405, 9);
    expect(a.NEdMin).toBeCloseTo(-300, 9);
    expect(a.NEk).toBeCloseTo(300, 9);
    expect(a.hasOppositeTransverseParts).toBe(true);
  });

  it('divides the loads of the load point by PfahlAnzahl, the sign kept (defect 6)', () => {
    // 4 piles at 3·D: E_d = −1600 kN and E_k = −1200 kN of the load point → −400 / −300 kN per pile (tension).
    const r = first(
      sandProject({
        PfahlAnzahl: 4,
        AlternativeDesignLastZ: -1600,
        AlternativeCharakteristischeLastZ: -1200,
      }),
    );
    expect(r.trace!.inputs.EdMin).toBe(-400);
    expect(r.trace!.inputs.EkMin).toBe(-300);
    expect(r.trace!.inputs.Ed).toBe(0);
  });

  it('refuses a tension E_k,min with a compression E_d,min (the tension would never be checked)', () => {
    const r = first(
      sandProject({ AlternativeCharakteristischeMinLastZ: -300, AlternativeDesignMinLastZ: 200 }),
    );
    expect(r.laenge_ohne).toBeNull();
    expect(r.issues.find((i) => i.code === 'LOAD_SIGN_MISMATCH')).toMatchObject({
      severity: 'error',
      field: 'AlternativeDesignMinLastZ',
    });
  });
});
