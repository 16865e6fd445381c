import { BEND_COEF, UNIT_BOTTOM, UNIT_TOP, type HeadLoad } from './beam-fe';
import type { LateralMesh } from './mesh';
import { mul2, solve4 } from './small-matrix';

/**
 * Newton solver of the passive-pressure limitation (ADR 0165). It solves the same equations as the secant
 * iteration of lateral-analysis.ts reaches at its fixed point: K(f(u))·u = F for both directions, with the
 * factor of every element end f = min(1, p_lim/(k·r)), r = √(wx² + wy²) at the end's node — but by Newton's
 * method on u (both directions coupled through r) instead of repeating the secant solve.
 *
 * Tangent of a limited end i (element e, node n): ∂(f·S·u_e)/∂u = f·S + (S·u_e) ⊗ ∂f/∂u with
 * ∂f/∂w_{n,d} = −f·w_{n,d}/r² — the secant stiffness plus a rank-one term coupling x and y at node n.
 * Written for the new iterate, J·u⁺ = J·u − R(u) = F − Σ_limited f·S·u_e (the limited spring forces).
 *
 * Structure (why it is cheap): the springs below the deepest limited node are elastic (f = 1) and the same in
 * both directions, so that part is condensed once per system from the toe up (C_j = stiffness of the elements
 * below node j seen at node j, Guyan/static condensation) and only the nodes from the head to just below the
 * limited zone form the coupled system (4 DOFs per node [wx, θx, wy, θy], block tridiagonal, solved by block
 * elimination from the bottom up with partially pivoted 4×4 solves). Deflections below are recovered by
 * u_{j+1} = −G_j·u_j. No allocation per iteration.
 * @see J. Nocedal, S. J. Wright, Numerical Optimization, 2nd ed. (2006), §11.1 (Newton's method for nonlinear
 *   equations); E. L. Wilson, Static and Dynamic Analysis of Structures (2002), ch. 10 (static condensation);
 *   G. H. Golub, C. F. Van Loan, Matrix Computations, 4th ed., §4.5.1 (block tridiagonal elimination)
 */

/** Newton stops when no spring factor changes by more than this between two iterates. */
const NEWTON_TOLERANCE = 1e-7;
/**
 * Newton also stops when the change c_k is at most QUADRATIC_RANGE and the next change predicted from quadratic
 * convergence, c_k³/c_{k−1}² (= C·c_k² with C = c_k/c_{k−1}²), is at most PREDICTED_TOLERANCE (ADR 0191).
 */
const QUADRATIC_RANGE = 1e-4;
const PREDICTED_TOLERANCE = 1e-11;
/** Newton iterations before the caller falls back to the secant iteration. */
const NEWTON_MAX_ITERATIONS = 30;
/** Nodes kept elastic in the coupled part below the deepest limited node (room for the zone to grow). */
const ZONE_MARGIN = 1;
/** An iterate deflecting more than this multiple of D is treated as divergent (fallback decides). */
const DIVERGENCE_FACTOR = 50;

/** Converged state: DOF vectors [w0, θ0, w1, …] of both directions and the spring factors they satisfy. */
export type PlasticState = {
  ux: Float64Array;
  uy: Float64Array;
  /** factor on k per element end, index 2e top, 2e+1 bottom */ factor: Float64Array;
  iterations: number;
};

export type PlasticSystem = {
  /**
   * @param start converged state of other loads on the same system to start from (else the elastic solution)
   * @param out buffer of `stateLength` values the state's arrays are views of (else a new one)
   * @returns the converged state, or null (singular, divergent or not converged: use the secant iteration)
   */
  solve: (
    x: HeadLoad,
    y: HeadLoad,
    start?: PlasticState,
    out?: Float64Array,
  ) => PlasticState | null;
  /** values of a state: ux, uy (2 per node each) and the factors (2 per element) */ stateLength: number;
};

/**
 * Creates the Newton solver of a mesh with passive limits: element parts, the elastic condensation from the
 * toe and all work arrays, computed once (share it between analyses of the same pile).
 * @param mesh mesh with k and passive limits @param EI [kNm²] @param isHeadFixed rotation restrained at the head
 * @param diameter D [m] (divergence guard)
 */
export const createPlasticSystem = (
  mesh: LateralMesh,
  EI: number,
  isHeadFixed: boolean,
  diameter: number,
): PlasticSystem => {
  const nEl = mesh.kTop.length;
  const nNodes = nEl + 1;
  const bend = new Float64Array(16 * nEl);
  const sTop = new Float64Array(16 * nEl);
  const sBottom = new Float64Array(16 * nEl);
  for (let e = 0; e < nEl; e++) {
    const L = mesh.depth[e + 1]! - mesh.depth[e]!;
    const c = EI / (L * L * L);
    for (let idx = 0; idx < 16; idx++) {
      const Lp = L ** ((idx & 1) + ((idx >> 2) & 1));
      bend[16 * e + idx] = c * BEND_COEF[idx]! * Lp;
      sTop[16 * e + idx] = L * Lp * mesh.kTop[e]! * UNIT_TOP[idx]!;
      sBottom[16 * e + idx] = L * Lp * mesh.kBottom[e]! * UNIT_BOTTOM[idx]!;
    }
  }
  // elastic condensation from the toe (free): C_j [c00, c01, c11] at node j of elements j…nEl−1, G_j (2×2)
  const C = new Float64Array(3 * nNodes);
  const G = new Float64Array(4 * nEl);
  for (let e = nEl - 1; e >= 0; e--) {
    const k = (i: number) => bend[16 * e + i]! + sTop[16 * e + i]! + sBottom[16 * e + i]!;
    const m00 = k(10) + C[3 * e + 3]!;
    const m01 = k(11) + C[3 * e + 4]!;
    const m11 = k(15) + C[3 * e + 5]!;
    const det = m00 * m11 - m01 * m01;
    const g00 = (m11 * k(8) - m01 * k(12)) / det;
    const g01 = (m11 * k(9) - m01 * k(13)) / det;
    const g10 = (m00 * k(12) - m01 * k(8)) / det;
    const g11 = (m00 * k(13) - m01 * k(9)) / det;
    G[4 * e] = g00;
    G[4 * e + 1] = g01;
    G[4 * e + 2] = g10;
    G[4 * e + 3] = g11;
    C[3 * e] = k(0) - (k(2) * g00 + k(3) * g10);
    C[3 * e + 1] = k(1) - (k(2) * g01 + k(3) * g11);
    C[3 * e + 2] = k(5) - (k(6) * g01 + k(7) * g11);
  }
  // free length: elements 0…top−1 carry no springs (above OKBodenBiegung), so their nodes are the same linear
  // chain in x and y for every load and every f; they are eliminated once from the head down. Per node j < top:
  // A_j⁻¹, the element block K_j[0:2, 2:4] and T_j (r_j = T_j·r_0, r_0 = [H, −M] or [H, 0] at a fixed head);
  // at node `top` the chain adds the stiffness topK and the load topT·r_0.
  let top = 0;
  while (top < nEl && mesh.kTop[top] === 0 && mesh.kBottom[top] === 0) top++;
  if (top === nEl) top = 0; // no springs at all: nothing to split off (the caller reports no support)
  const chainInv = new Float64Array(4 * top);
  const chainTr = new Float64Array(4 * top);
  const chainT = new Float64Array(4 * top);
  const topK = new Float64Array(4);
  const topT = new Float64Array(4);
  {
    const k = (e: number, i: number) => bend[16 * e + i]!;
    // A (2×2 row-major) and T of the node being eliminated
    let a = [k(0, 0), k(0, 1), k(0, 4), k(0, 5)];
    if (isHeadFixed) a = [a[0]!, a[1]!, 0, 1]; // θ0 = 0 replaces the moment equation
    let t = [1, 0, 0, 1];
    for (let j = 0; j < top; j++) {
      const det = a[0]! * a[3]! - a[1]! * a[2]!;
      const inv = [a[3]! / det, -a[1]! / det, -a[2]! / det, a[0]! / det];
      chainInv.set(inv, 4 * j);
      // K_j[0:2, 2:4]; at a fixed head the replaced moment equation θ0 = 0 has no coupling to node 1
      const tr = [
        k(j, 2),
        k(j, 3),
        j === 0 && isHeadFixed ? 0 : k(j, 6),
        j === 0 && isHeadFixed ? 0 : k(j, 7),
      ];
      chainTr.set(tr, 4 * j);
      chainT.set(t, 4 * j);
      // X = K_j[2:4, 0:2]·A⁻¹; node j+1: K_j[2:4, 2:4] − X·K_j[0:2, 2:4] (+ K_{j+1}[0:2, 0:2] inside the chain)
      const bl = [k(j, 8), k(j, 9), k(j, 12), k(j, 13)];
      const X = mul2(bl, inv);
      const XTr = mul2(X, tr);
      a = [k(j, 10) - XTr[0]!, k(j, 11) - XTr[1]!, k(j, 14) - XTr[2]!, k(j, 15) - XTr[3]!];
      if (j + 1 < top) {
        a = [a[0]! + k(j + 1, 0), a[1]! + k(j + 1, 1), a[2]! + k(j + 1, 4), a[3]! + k(j + 1, 5)];
      }
      t = mul2(X, t).map((v) => -v);
    }
    if (top > 0) {
      topK.set(a);
      topT.set(t);
    }
  }
  const ux = new Float64Array(2 * nNodes);
  const uy = new Float64Array(2 * nNodes);
  const factor = new Float64Array(2 * nEl);
  // element matrices of unlimited elements (both factors 1), the same sum as in linearSolve (1·s = s exactly)
  const keElastic = new Float64Array(16 * nEl);
  for (let i = 0; i < 16 * nEl; i++) keElastic[i] = bend[i]! + 1 * sTop[i]! + 1 * sBottom[i]!;
  const D = new Float64Array(16 * nNodes); // diagonal blocks (row-major 4×4); S_j in place
  const Up = new Float64Array(16 * nNodes); // block (j, j+1)
  // per node j a 4×5 block: columns 0…3 the block (j, j−1) and then P_j, column 4 the load b_j, then c_j, q_j;
  // the block elimination solves each in place (no copies)
  const PQ = new Float64Array(20 * nNodes);
  const ke = new Float64Array(16);

  /** Largest change of a spring factor in the last `updateFactors` (NaN when a factor is NaN). */
  let factorChange = 0;
  /**
   * Spring factors of the deflections in ux, uy (the secant target of lateral-analysis.ts), written over `factor`
   * in one pass that also takes the largest change against the factors they replace (`factorChange`; the
   * maximum of the same absolute differences as a separate pass, ADR 0207). The resultant r of a node is
   * computed once for the two element ends that share it.
   * @returns the deepest node with a limited end (−1: none)
   */
  const updateFactors = (): number => {
    let deepest = -1;
    let change = 0;
    for (let node = 0; node < nNodes; node++) {
      const wx = ux[2 * node]!;
      const wy = uy[2 * node]!;
      const r = Math.sqrt(wx * wx + wy * wy);
      // the bottom end of element node − 1, then the top end of element node (ends in index order)
      if (node > 0) {
        const i = 2 * node - 1;
        const p = mesh.kBottom[node - 1]! * r;
        const limit = mesh.passiveLimit[i]!;
        const f = p > limit ? limit / p : 1;
        change = Math.max(change, Math.abs(f - factor[i]!));
        factor[i] = f;
        if (p > limit) deepest = node;
      }
      if (node < nEl) {
        const i = 2 * node;
        const p = mesh.kTop[node]! * r;
        const limit = mesh.passiveLimit[i]!;
        const f = p > limit ? limit / p : 1;
        change = Math.max(change, Math.abs(f - factor[i]!));
        factor[i] = f;
        if (p > limit) deepest = node;
      }
    }
    factorChange = change;
    return deepest;
  };

  /**
   * One linear solve on nodes 0…m (elements below m elastic and condensed): the secant system K(f)·u = F, or
   * with `isTangent` the Newton system J(u)·u⁺ = F − Σ_limited f·S·u_e. Overwrites ux, uy.
   * @returns false when a pivot vanishes or a value is not finite
   */
  const linearSolve = (m: number, x: HeadLoad, y: HeadLoad, isTangent: boolean): boolean => {
    D.fill(0, 0, 16 * (m + 1));
    Up.fill(0, 0, 16 * (m + 1));
    PQ.fill(0, 0, 20 * (m + 1));
    for (let e = top; e < m; e++) {
      const fT = factor[2 * e]!;
      const fB = factor[2 * e + 1]!;
      const base = 16 * e;
      let k: Float64Array = keElastic;
      let o = base;
      if (fT !== 1 || fB !== 1) {
        for (let i = 0; i < 16; i++) {
          ke[i] = bend[base + i]! + fT * sTop[base + i]! + fB * sBottom[base + i]!;
        }
        k = ke;
        o = 0;
      }
      // the same element matrix in direction x (block DOFs 0, 1) and y (2, 3): quarters (0,0) and (2,2) to the
      // diagonal blocks of nodes e and e+1, (0,2) to Up_e, (2,0) to the block (e+1, e)
      const d0 = base;
      const d1 = base + 16;
      const lo = 20 * (e + 1);
      for (let i = 0; i < 2; i++) {
        for (let j = 0; j < 2; j++) {
          const v00 = k[o + 4 * i + j]!;
          D[d0 + 4 * i + j]! += v00;
          D[d0 + 10 + 4 * i + j]! += v00;
          const v02 = k[o + 4 * i + 2 + j]!;
          Up[d0 + 4 * i + j]! += v02;
          Up[d0 + 10 + 4 * i + j]! += v02;
          const v20 = k[o + 8 + 4 * i + j]!;
          PQ[lo + 5 * i + j]! += v20;
          PQ[lo + 12 + 5 * i + j]! += v20;
          const v22 = k[o + 10 + 4 * i + j]!;
          D[d1 + 4 * i + j]! += v22;
          D[d1 + 10 + 4 * i + j]! += v22;
        }
      }
      if (!isTangent) continue;
      for (let end = 0; end < 2; end++) {
        const f = factor[2 * e + end]!;
        if (f === 1 || f === 0) continue; // elastic, or no force (limit 0): no tangent term
        const node = e + end;
        const spring = end === 0 ? sTop : sBottom;
        const wx = ux[2 * node]!;
        const wy = uy[2 * node]!;
        const r2 = wx * wx + wy * wy;
        for (let d = 0; d < 2; d++) {
          const u = d === 0 ? ux : uy;
          const u0 = u[2 * e]!;
          const u1 = u[2 * e + 1]!;
          const u2 = u[2 * e + 2]!;
          const u3 = u[2 * e + 3]!;
          for (let r = 0; r < 4; r++) {
            const row = base + 4 * r;
            const a =
              spring[row]! * u0 +
              spring[row + 1]! * u1 +
              spring[row + 2]! * u2 +
              spring[row + 3]! * u3;
            const rn = e + (r >> 1);
            const rd = 2 * d + (r & 1);
            PQ[20 * rn + 5 * rd + 4]! -= f * a;
            // the column node is `node`: the diagonal block of row node rn, Up_rn (rn < node) or the block
            // (rn, rn − 1) in PQ (rn > node)
            const vx = (-f * a * wx) / r2;
            const vy = (-f * a * wy) / r2;
            if (node === rn) {
              D[16 * rn + 4 * rd]! += vx;
              D[16 * rn + 4 * rd + 2]! += vy;
            } else if (node > rn) {
              Up[16 * rn + 4 * rd]! += vx;
              Up[16 * rn + 4 * rd + 2]! += vy;
            } else {
              PQ[20 * rn + 5 * rd]! += vx;
              PQ[20 * rn + 5 * rd + 2]! += vy;
            }
          }
        }
      }
    }
    // the elastic part below node m, condensed (C_nEl = 0 at the free toe)
    for (let o = 0; o <= 10; o += 10) {
      D[16 * m + o]! += C[3 * m]!;
      D[16 * m + o + 1]! += C[3 * m + 1]!;
      D[16 * m + o + 4]! += C[3 * m + 1]!;
      D[16 * m + o + 5]! += C[3 * m + 2]!;
    }
    // head: f = [H, −M] per direction (the moment that increases +w acts against θ = dw/dz), or θ = 0
    const mx = isHeadFixed ? 0 : -x.M;
    const my = isHeadFixed ? 0 : -y.M;
    const bt = 20 * top + 4; // load column of node `top`, rows 5 apart
    if (top > 0) {
      // the free length, eliminated from the head (stiffness and load at node `top`, x and y alike)
      for (let o = 0; o <= 10; o += 10) {
        D[16 * top + o]! += topK[0]!;
        D[16 * top + o + 1]! += topK[1]!;
        D[16 * top + o + 4]! += topK[2]!;
        D[16 * top + o + 5]! += topK[3]!;
      }
      PQ[bt]! += topT[0]! * x.H + topT[1]! * mx;
      PQ[bt + 5]! += topT[2]! * x.H + topT[3]! * mx;
      PQ[bt + 10]! += topT[0]! * y.H + topT[1]! * my;
      PQ[bt + 15]! += topT[2]! * y.H + topT[3]! * my;
    } else {
      PQ[bt]! += x.H;
      PQ[bt + 5]! += mx;
      PQ[bt + 10]! += y.H;
      PQ[bt + 15]! += my;
      if (isHeadFixed) {
        for (let rd = 1; rd <= 3; rd += 2) {
          for (let c = 0; c < 4; c++) {
            D[4 * rd + c] = c === rd ? 1 : 0;
            Up[4 * rd + c] = 0;
          }
          PQ[5 * rd + 4] = 0;
        }
      }
    }
    // block elimination from node m up: [P_{j+1} | q_{j+1}] = S_{j+1}⁻¹·[block (j+1, j) | c_{j+1}], then
    // S_j = D_j − Up_j·P_{j+1}, c_j = b_j − Up_j·q_{j+1} (S_m = D_m, c_m = b_m)
    for (let j = m - 1; j >= top - 1; j--) {
      const node = j + 1;
      if (!solve4(D, PQ, 16 * node, 20 * node)) return false;
      if (j < top) break;
      // Up_j is sparse (x and y blocks, cross terms only at limited nodes): zero entries are skipped
      for (let r = 0; r < 4; r++) {
        const up = 16 * j + 4 * r;
        const cj = 20 * j + 5 * r + 4;
        let v = PQ[cj]!;
        for (let t = 0; t < 4; t++) {
          const u = Up[up + t]!;
          if (u === 0) continue;
          const pt = 20 * node + 5 * t;
          D[up]! -= u * PQ[pt]!;
          D[up + 1]! -= u * PQ[pt + 1]!;
          D[up + 2]! -= u * PQ[pt + 2]!;
          D[up + 3]! -= u * PQ[pt + 3]!;
          v -= u * PQ[pt + 4]!;
        }
        PQ[cj] = v;
      }
    }
    // back substitution: x_top = q_top, x_{j+1} = q_{j+1} − P_{j+1}·x_j; the free length from node top up
    // (x_j = A_j⁻¹·(T_j·r_0 − K_j[0:2, 2:4]·x_{j+1})); then the condensed part from node m down
    for (let r = 0; r < 4; r++) {
      const s = PQ[20 * top + 5 * r + 4]!;
      if (r < 2) ux[2 * top + r] = s;
      else uy[2 * top + r - 2] = s;
    }
    for (let j = top + 1; j <= m; j++) {
      const p0 = ux[2 * j - 2]!;
      const p1 = ux[2 * j - 1]!;
      const p2 = uy[2 * j - 2]!;
      const p3 = uy[2 * j - 1]!;
      for (let r = 0; r < 4; r++) {
        const pr = 20 * j + 5 * r;
        let s = PQ[pr + 4]!;
        s -= PQ[pr]! * p0;
        s -= PQ[pr + 1]! * p1;
        s -= PQ[pr + 2]! * p2;
        s -= PQ[pr + 3]! * p3;
        if (r < 2) ux[2 * j + r] = s;
        else uy[2 * j + r - 2] = s;
      }
    }
    for (let j = top - 1; j >= 0; j--) {
      for (let d = 0; d < 2; d++) {
        const u = d === 0 ? ux : uy;
        const H = d === 0 ? x.H : y.H;
        const M = d === 0 ? mx : my;
        const i = 4 * j;
        const r0 =
          chainT[i]! * H +
          chainT[i + 1]! * M -
          chainTr[i]! * u[2 * j + 2]! -
          chainTr[i + 1]! * u[2 * j + 3]!;
        const r1 =
          chainT[i + 2]! * H +
          chainT[i + 3]! * M -
          chainTr[i + 2]! * u[2 * j + 2]! -
          chainTr[i + 3]! * u[2 * j + 3]!;
        u[2 * j] = chainInv[i]! * r0 + chainInv[i + 1]! * r1;
        u[2 * j + 1] = chainInv[i + 2]! * r0 + chainInv[i + 3]! * r1;
      }
    }
    for (let e = m; e < nEl; e++) {
      const g = 4 * e;
      const wx = ux[2 * e]!;
      const tx = ux[2 * e + 1]!;
      ux[2 * e + 2] = -(G[g]! * wx + G[g + 1]! * tx);
      ux[2 * e + 3] = -(G[g + 2]! * wx + G[g + 3]! * tx);
      const wy = uy[2 * e]!;
      const ty = uy[2 * e + 1]!;
      uy[2 * e + 2] = -(G[g]! * wy + G[g + 1]! * ty);
      uy[2 * e + 3] = -(G[g + 2]! * wy + G[g + 3]! * ty);
    }
    // divergent (beyond the guard), NaN or infinite: false (the same test as max(|wx|, |wy|) ≤ limit and finite)
    const limit = DIVERGENCE_FACTOR * diameter;
    for (let i = 0; i < 2 * nNodes; i += 2) {
      const ax = Math.abs(ux[i]!);
      const ay = Math.abs(uy[i]!);
      if (!(ax <= limit && ay <= limit) || ax === Infinity || ay === Infinity) return false;
    }
    return true;
  };

  const stateLength = 4 * nNodes + 2 * nEl;
  /** The converged state: copies of ux, uy and factor in one buffer, `out` or a new one (ADR 0204). */
  const stateOf = (iterations: number, out?: Float64Array): PlasticState => {
    const all = out ?? new Float64Array(stateLength);
    all.set(ux, 0);
    all.set(uy, 2 * nNodes);
    all.set(factor, 4 * nNodes);
    return {
      ux: all.subarray(0, 2 * nNodes),
      uy: all.subarray(2 * nNodes, 4 * nNodes),
      factor: all.subarray(4 * nNodes),
      iterations,
    };
  };

  const zoneEnd = (deepest: number): number =>
    Math.max(top, Math.min(nEl, deepest + 1 + ZONE_MARGIN));

  const solve = (
    x: HeadLoad,
    y: HeadLoad,
    start?: PlasticState,
    out?: Float64Array,
  ): PlasticState | null => {
    if (start) {
      // Newton from a converged state of other loads (the characteristic solution for the design loads)
      ux.set(start.ux);
      uy.set(start.uy);
      factor.fill(-1); // no convergence test before the first Newton step
    } else {
      // elastic start: everything condensed into the head node
      factor.fill(1);
      if (!linearSolve(top, x, y, false)) return null;
    }
    let m = zoneEnd(updateFactors());
    let previous = 0;
    for (let it = 1; it <= NEWTON_MAX_ITERATIONS; it++) {
      const change = factorChange;
      // c_k and c_{k−1} are both changes between Newton iterates from the third check on (the first compares
      // the start with f = 1 or with no factors, the second the first Newton iterate with the start)
      const predicted =
        it >= 3 && change <= QUADRATIC_RANGE ? change ** 3 / (previous * previous) : Infinity;
      previous = change;
      if (change <= NEWTON_TOLERANCE || predicted <= PREDICTED_TOLERANCE) {
        // converged: the iterate is returned as it is (ADR 0191). Its residual K(f(u))·u − F is of the order of
        // the square of the last step (Newton), far below the round-off of a further secant solve
        return stateOf(it, out);
      }
      if (!linearSolve(m, x, y, true)) return null;
      m = zoneEnd(updateFactors());
    }
    return null;
  };
  return { solve, stateLength };
};
