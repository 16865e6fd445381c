import type { Meter, Radiant } from '../units/units';

/** One load point for the toe coordination. */
export type ToePoint = {
  /** Coordinates [m] (Rechtswert, Hochwert). */
  x: number;
  y: number;
  /** Toe level of the required length alone [m NHN] (laenge_ohne). */
  toe: number;
  /** Deepest admissible toe level [m NHN] (max length / drilling depth / profile bottom). */
  lowestToe: number;
};

/** Result per point: coordinated toe level [m NHN] and whether it was clamped to `lowestToe`. */
export type CoordinatedToe = { toe: number; isClamped: boolean; governedBy: number | null };

/**
 * Coordinates toe levels of neighbouring load points (ADR 0014). Toes are only ever lowered:
 * (1) points closer than `sameDepthDistance` get the same (deepest) toe level;
 * (2) if `isSteppingActive`, for neighbours at distance d ≤ `influenceWidth` the toe difference is at
 *     most d·tan(α): z_i ≥ … is enforced as z_i ≤ z_j + d·tan α.
 * Solved exactly as a shortest-path problem (Dijkstra, deepest toe first); toes only move down.
 * @param alpha stepping angle [rad] @see docs/sources/engine.md §E2.6 item 4 [P]; [U] normative basis
 */
export function coordinateToes(
  points: readonly ToePoint[],
  sameDepthDistance: Meter,
  influenceWidth: Meter,
  alpha: Radiant,
  isSteppingActive: boolean,
): CoordinatedToe[] {
  const n = points.length;
  const z = points.map((p) => p.toe);
  const governedBy: (number | null)[] = points.map(() => null);
  const radius = Math.max(sameDepthDistance, isSteppingActive ? influenceWidth : 0);
  const adjacency = neighbourLists(points, radius);
  const tan = Math.tan(alpha);
  // Constraints z_i ≤ z_j + c_ij form a shortest-path problem: Dijkstra from every start toe (each edge once).
  const done = new Uint8Array(n);
  // A binary heap of (key, point) entries with the key frozen when the entry is pushed (lazy deletion):
  // a lowered toe is pushed again and its older entry is skipped when it comes out. Comparing with the
  // live z[] instead broke the heap order as soon as a toe was lowered in place, so a point could be
  // finished before a deeper neighbour had lowered it and the result depended on the row order.
  let heap = new Int32Array(Math.max(16, 2 * n));
  let keys = new Float64Array(heap.length);
  let size = n;
  for (let i = 0; i < n; i += 1) {
    heap[i] = i;
    keys[i] = z[i]!;
  }
  const swap = (a: number, b: number) => {
    const t = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = t;
    const k = keys[a]!;
    keys[a] = keys[b]!;
    keys[b] = k;
  };
  const up = (k: number) => {
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!(keys[k]! < keys[parent]!)) break;
      swap(k, parent);
      k = parent;
    }
  };
  const down = (k: number) => {
    for (;;) {
      const l = 2 * k + 1;
      const r = l + 1;
      let m = k;
      if (l < size && keys[l]! < keys[m]!) m = l;
      if (r < size && keys[r]! < keys[m]!) m = r;
      if (m === k) return;
      swap(k, m);
      k = m;
    }
  };
  for (let k = (size >> 1) - 1; k >= 0; k -= 1) down(k);
  const { start, other, distance } = adjacency;
  while (size > 0) {
    const j = heap[0]!;
    size -= 1;
    if (size > 0) {
      heap[0] = heap[size]!;
      keys[0] = keys[size]!;
      down(0);
    }
    if (done[j] === 1) continue;
    done[j] = 1;
    for (let e = start[j]!; e < start[j + 1]!; e += 1) {
      const i = other[e]!;
      if (done[i] === 1) continue;
      const d = distance[e]!;
      const limit =
        d < sameDepthDistance
          ? z[j]!
          : isSteppingActive && d <= influenceWidth
            ? z[j]! + d * tan
            : Number.POSITIVE_INFINITY;
      if (z[i]! > limit + 1e-9) {
        z[i] = limit;
        governedBy[i] = j;
        if (size === heap.length) {
          const grown = new Int32Array(2 * heap.length);
          grown.set(heap);
          heap = grown;
          const grownKeys = new Float64Array(2 * keys.length);
          grownKeys.set(keys);
          keys = grownKeys;
        }
        heap[size] = i;
        keys[size] = limit;
        size += 1;
        up(size - 1);
      }
    }
  }
  return points.map((p, i) => ({
    toe: Math.max(z[i]!, p.lowestToe),
    isClamped: z[i]! < p.lowestToe - 1e-9,
    governedBy: governedBy[i]!,
  }));
}

/** Growable typed list of pairs (i, j, distance) in visiting order. */
class PairList {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly d: Float64Array;
  count = 0;
  constructor(capacity: number) {
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
    this.d = new Float64Array(capacity);
  }
  grown(): PairList {
    const next = new PairList(2 * this.a.length);
    next.a.set(this.a);
    next.b.set(this.b);
    next.d.set(this.d);
    next.count = this.count;
    return next;
  }
}

/** Neighbour lists (compressed rows) of all pairs within `radius`, each list in ascending x order. */
type Adjacency = { start: Int32Array; other: Int32Array; distance: Float64Array };

/**
 * All pairs closer than `radius` by a sweep over x (points sorted by x; pairs further apart in x or y
 * are skipped before the distance is computed). Each point's list is ordered like the sweep visits the
 * pairs, i.e. by ascending x (ties by input order), so the Dijkstra relaxation order is deterministic.
 */
function neighbourLists(points: readonly ToePoint[], radius: number): Adjacency {
  const n = points.length;
  const order = points.map((_, i) => i).sort((a, b) => points[a]!.x - points[b]!.x);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let a = 0; a < n; a += 1) {
    xs[a] = points[order[a]!]!.x;
    ys[a] = points[order[a]!]!.y;
  }
  let pairs = new PairList(4 * n + 16);
  const degree = new Int32Array(n + 1);
  const radius2 = radius * radius * (1 + 1e-9);
  for (let a = 0; a < n; a += 1) {
    const xi = xs[a]!;
    const yi = ys[a]!;
    for (let b = a + 1; b < n; b += 1) {
      const dx = xs[b]! - xi;
      if (dx > radius) break;
      const dy = ys[b]! - yi;
      // Cheap rejection well outside the radius; near and inside it the exact distance decides.
      if (dx * dx + dy * dy > radius2) continue;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d <= radius) {
        const i = order[a]!;
        const j = order[b]!;
        if (pairs.count === pairs.a.length) pairs = pairs.grown();
        pairs.a[pairs.count] = i;
        pairs.b[pairs.count] = j;
        pairs.d[pairs.count] = d;
        pairs.count += 1;
        degree[i] = degree[i]! + 1;
        degree[j] = degree[j]! + 1;
      }
    }
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i += 1) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const other = new Int32Array(start[n]!);
  const distance = new Float64Array(start[n]!);
  for (let p = 0; p < pairs.count; p += 1) {
    const i = pairs.a[p]!;
    const j = pairs.b[p]!;
    other[fill[i]!] = j;
    distance[fill[i]!] = pairs.d[p]!;
    fill[i] = fill[i]! + 1;
    other[fill[j]!] = i;
    distance[fill[j]!] = pairs.d[p]!;
    fill[j] = fill[j]! + 1;
  }
  return { start, other, distance };
}
