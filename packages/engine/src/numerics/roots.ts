/**
 * Root finding on a bracket: bisection, the Illinois variant of regula falsi, and bisection on the indices of a
 * sampled monotone function. The one place where the engine solves f(x) = 0 in one unknown (ADR 0186).
 *
 * All three keep a bracket whose ends lie on either side of the root: f(below) ≤ 0 ≤ f(above). The two ends may
 * be given in either order, and f may rise or fall; only the sign of f decides which end moves. So a returned
 * root lies in the starting interval, whatever f does in between.
 *
 * They never throw and never return NaN for finite ends. What the search could not do is a coded status, and
 * the caller decides what it means for its calculation (e.g. "N_Ed outside the interaction diagram"):
 * - `converged`: the stopping rule below was met;
 * - `no-sign-change`: f(a) and f(b) have the same strict sign, so the interval may hold no root; x is the end
 *   with the smaller |f| (the first end on a tie), which for a monotone f is the end nearer to the root;
 * - `iteration-limit`: `maxIterations` evaluations inside the loop without meeting the stopping rule; x is the
 *   best estimate so far and the bracket still holds the sign change;
 * - `undefined-value`: f returned NaN; x is the other end (NaN at an end) or the midpoint of the last bracket.
 *
 * Stopping rule (both continuous methods): the bracket width |above − below| ≤ max(xAbsolute,
 * xRelative·max(|below|, |above|)) — an absolute width near zero, a relative one for large x — and for Illinois
 * also |f(x)| ≤ fAbsolute. Bisection looks only at the sign of f (f < 0 or not), so an end at which f is exactly
 * 0 is an end like any other and the bracket shrinks onto it; Illinois returns such an end at once (the secant
 * through it would not move).
 */

/** Outcome of a root search (see the module comment). */
export type RootStatus = 'converged' | 'no-sign-change' | 'iteration-limit' | 'undefined-value';

/** Stopping rule of the bisection. */
export type BisectionLimits = {
  /** Absolute bracket width at which the search stops [unit of x]. */
  xAbsolute: number;
  /** Bracket width relative to max(|below|, |above|) at which the search stops [-]. */
  xRelative: number;
  /** Largest number of evaluations of f inside the loop (the two ends not counted). */
  maxIterations: number;
};

/** Stopping rule of the Illinois method: the bracket width as for bisection, or |f(x)| ≤ fAbsolute. */
export type IllinoisLimits = BisectionLimits & {
  /** |f(x)| at which x is accepted [unit of f]. */
  fAbsolute: number;
};

/** Result of `bisect` and `illinois`. */
export type RootResult = {
  status: RootStatus;
  /**
   * Best estimate of the root: bisection, the midpoint of the final bracket; Illinois, the last iterate (the
   * last point at which f was evaluated, unless the search ended at an end of the starting bracket).
   */
  x: number;
  /** Final bracket, f(below) ≤ 0 ≤ f(above) (for `no-sign-change` and an undefined end: a and b as given). */
  below: number;
  above: number;
  /** Evaluations of f inside the loop (the two ends not counted); 0 when the search ended at an end. */
  iterations: number;
};

/** Result of `bisectIndex`: adjacent indices (or one index twice) with f(below) ≤ 0 ≤ f(above). */
export type IndexBracket = {
  status: Exclude<RootStatus, 'iteration-limit'>;
  below: number;
  above: number;
  iterations: number;
};

/** The starting bracket after evaluating both ends: oriented, or the reason it is not one. */
type Start =
  | { kind: 'bracket'; below: number; fBelow: number; above: number; fAbove: number }
  | { kind: 'failed'; result: RootResult };

/** A start that is no bracket (a module function, not a closure per search: ADR 0204). */
const failed = (status: RootStatus, x: number, a: number, b: number): Start => ({
  kind: 'failed',
  result: { status, x, below: a, above: b, iterations: 0 },
});

const start = (a: number, fa: number, b: number, fb: number): Start => {
  if (Number.isNaN(fa)) return failed('undefined-value', b, a, b);
  if (Number.isNaN(fb)) return failed('undefined-value', a, a, b);
  if (fa <= 0 && fb >= 0) return { kind: 'bracket', below: a, fBelow: fa, above: b, fAbove: fb };
  if (fb <= 0 && fa >= 0) return { kind: 'bracket', below: b, fBelow: fb, above: a, fAbove: fa };
  return failed('no-sign-change', Math.abs(fb) < Math.abs(fa) ? b : a, a, b);
};

/** max(xAbsolute, xRelative·max(|below|, |above|)); without a relative part only the absolute width. */
const widthLimit = (below: number, above: number, limits: BisectionLimits): number =>
  limits.xRelative === 0
    ? limits.xAbsolute
    : Math.max(limits.xAbsolute, limits.xRelative * Math.max(Math.abs(below), Math.abs(above)));

/**
 * Root of f between a and b by bisection: halves the bracket, keeping the half on which f changes sign, until
 * its width meets the stopping rule. Uses only the sign of f (f < 0 or not; f = 0 counts with `above`), so a
 * predicate may be passed as x ⇒ (holds(x) ? 1 : −1); `above` is then the point found at which it holds.
 * After k halvings the bracket is |b − a|/2^k wide, whatever f is (linear convergence).
 * @param f function of x (evaluated once per halving, in order) @param a @param b ends, either order
 * @param limits stopping rule @returns root, final bracket and status (see the module comment)
 * @see R. L. Burden, J. D. Faires: Numerical Analysis, 9th ed., Brooks/Cole 2011, §2.1, Algorithm 2.1
 *   (bisection) and Theorem 2.1 (|p_n − p| ≤ (b − a)/2^n)
 */
export const bisect = (
  f: (x: number) => number,
  a: number,
  b: number,
  limits: BisectionLimits,
): RootResult => {
  const s = start(a, f(a), b, f(b));
  if (s.kind === 'failed') return s.result;
  let { below, above } = s;
  let iterations = 0;
  const result = (status: RootStatus): RootResult => ({
    status,
    x: (below + above) / 2,
    below,
    above,
    iterations,
  });
  while (Math.abs(above - below) > widthLimit(below, above, limits)) {
    if (iterations >= limits.maxIterations) return result('iteration-limit');
    const mid = (below + above) / 2;
    const fMid = f(mid);
    iterations += 1;
    if (Number.isNaN(fMid)) return result('undefined-value');
    if (fMid < 0) below = mid;
    else above = mid;
  }
  return result('converged');
};

/**
 * Root of f between a and b by the Illinois method: regula falsi (the secant through the two bracket ends,
 * x = (a·f(b) − b·f(a)) / (f(b) − f(a))), and when the same end is replaced twice in a row the function value
 * kept at the other end is halved, so that end moves too and the convergence is superlinear (order ≈ 1.442)
 * instead of the one-sided linear convergence of plain regula falsi. An interpolated x outside the open bracket
 * (round-off, infinite values) is replaced by the midpoint. Stops when |f(x)| ≤ fAbsolute, or when the bracket
 * that x was interpolated from is no wider than the width limit.
 * @param f function of x (evaluated at a, at b, then once per iteration, in order)
 * @param a @param b ends, either order @param limits stopping rule
 * @returns root (the last iterate), final bracket and status (see the module comment)
 * @see M. Dowell, P. Jarratt: A modified regula falsi method for computing the root of an equation,
 *   BIT 11 (1971) 168–174
 */
export const illinois = (
  f: (x: number) => number,
  a: number,
  b: number,
  limits: IllinoisLimits,
): RootResult => {
  const s = start(a, f(a), b, f(b));
  if (s.kind === 'failed') return s.result;
  let { below, fBelow, above, fAbove } = s;
  // an end with f = 0 is the root (the secant through it would stay there)
  const root = fBelow === 0 ? below : fAbove === 0 ? above : null;
  if (root !== null) {
    return { status: 'converged', x: root, below: root, above: root, iterations: 0 };
  }
  let x = above;
  /** End replaced last: −1 below, 1 above, 0 none yet. */
  let side = 0;
  let iterations = 0;
  const result = (status: RootStatus): RootResult => ({ status, x, below, above, iterations });
  while (iterations < limits.maxIterations) {
    const lo = Math.min(below, above);
    const hi = Math.max(below, above);
    x = (below * fAbove - above * fBelow) / (fAbove - fBelow);
    if (!(x > lo && x < hi)) x = (below + above) / 2;
    const fx = f(x);
    iterations += 1;
    if (Number.isNaN(fx)) {
      x = (below + above) / 2;
      return result('undefined-value');
    }
    if (Math.abs(fx) <= limits.fAbsolute || hi - lo <= widthLimit(below, above, limits)) {
      return result('converged');
    }
    if (fx < 0) {
      below = x;
      fBelow = fx;
      if (side === -1) fAbove /= 2;
      side = -1;
    } else {
      above = x;
      fAbove = fx;
      if (side === 1) fBelow /= 2;
      side = 1;
    }
  }
  return result('iteration-limit');
};

/**
 * Bisection on the indices of a sampled monotone function: the adjacent indices k, k ± 1 between a and b on
 * which f changes sign (for interpolation between two samples). Needs at most ⌈log₂|b − a|⌉ evaluations.
 * @param f function of an integer index @param a @param b integer ends, either order
 * @returns below, above with f(below) ≤ 0 ≤ f(above) and |above − below| ≤ 1, or `no-sign-change` /
 *   `undefined-value` with the ends as given
 * @see Burden, Faires: Numerical Analysis, §2.1 (the same halving, on integers)
 */
export const bisectIndex = (f: (k: number) => number, a: number, b: number): IndexBracket => {
  const s = start(a, f(a), b, f(b));
  if (s.kind === 'failed') {
    return { status: s.result.status as IndexBracket['status'], below: a, above: b, iterations: 0 };
  }
  let { below, above } = s;
  let iterations = 0;
  while (Math.abs(above - below) > 1) {
    const mid = Math.floor((below + above) / 2);
    const fMid = f(mid);
    iterations += 1;
    if (Number.isNaN(fMid)) return { status: 'undefined-value', below, above, iterations };
    if (fMid < 0) below = mid;
    else above = mid;
  }
  return { status: 'converged', below, above, iterations };
};
