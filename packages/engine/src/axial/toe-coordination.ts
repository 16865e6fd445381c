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
 * @param alpha stepping angle [rad] @see calculation-reference.md §2.6 item 4 [P]; [U] normative basis
 */
export function coordinateToes(
  points: readonly ToePoint[],
  sameDepthDistance: number,
  influenceWidth: number,
  alpha: number,
  isSteppingActive: boolean,
): CoordinatedToe[] {
  const z = points.map((p) => p.toe);
  const governedBy: (number | null)[] = points.map(() => null);
  const radius = Math.max(sameDepthDistance, isSteppingActive ? influenceWidth : 0);
  const neighbours: { j: number; d: number }[][] = points.map(() => []);
  const order = points.map((_, i) => i).sort((a, b) => points[a]!.x - points[b]!.x);
  for (let a = 0; a < order.length; a += 1) {
    const i = order[a]!;
    for (let b = a + 1; b < order.length; b += 1) {
      const j = order[b]!;
      if (points[j]!.x - points[i]!.x > radius) break;
      const d = Math.hypot(points[j]!.x - points[i]!.x, points[j]!.y - points[i]!.y);
      if (d <= radius) {
        neighbours[i]!.push({ j, d });
        neighbours[j]!.push({ j: i, d });
      }
    }
  }
  const tan = Math.tan(alpha);
  // Constraints z_i ≤ z_j + c_ij form a shortest-path problem: Dijkstra from every start toe (each edge once).
  const done = points.map(() => false);
  const heap: number[] = points.map((_, i) => i);
  const less = (a: number, b: number) => z[a]! < z[b]!;
  const up = (k: number) => {
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!less(heap[k]!, heap[parent]!)) break;
      [heap[k], heap[parent]] = [heap[parent]!, heap[k]!];
      k = parent;
    }
  };
  const down = (k: number) => {
    for (;;) {
      const l = 2 * k + 1;
      const r = l + 1;
      let m = k;
      if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
      if (m === k) return;
      [heap[k], heap[m]] = [heap[m]!, heap[k]!];
      k = m;
    }
  };
  for (let k = (heap.length >> 1) - 1; k >= 0; k -= 1) down(k);
  while (heap.length > 0) {
    const j = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      down(0);
    }
    if (done[j]) continue;
    done[j] = true;
    for (const { j: i, d } of neighbours[j]!) {
      if (done[i]) continue;
      const limit =
        d < sameDepthDistance
          ? z[j]!
          : isSteppingActive && d <= influenceWidth
            ? z[j]! + d * tan
            : Number.POSITIVE_INFINITY;
      if (z[i]! > limit + 1e-9) {
        z[i] = limit;
        governedBy[i] = j;
        heap.push(i);
        up(heap.length - 1);
      }
    }
  }
  return points.map((p, i) => ({
    toe: Math.max(z[i]!, p.lowestToe),
    isClamped: z[i]! < p.lowestToe - 1e-9,
    governedBy: governedBy[i]!,
  }));
}
