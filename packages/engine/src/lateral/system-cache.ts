import { createLateralSystem, type LateralSystem } from './lateral-analysis';
import { buildLateralMesh, type LateralMesh, type LateralModel } from './mesh';

/** Mesh and FE systems of one pile model. */
export type PileSystem = { mesh: LateralMesh; system: LateralSystem };

/** Bounded cache size: a project has few distinct pile / soil / toe / ground combinations (ADR 0165). */
const CACHE_SIZE = 256;

type Entry = { values: (number | boolean)[]; system: PileSystem };
/** Entries by the hash of their values (a bucket holds the rare collisions), oldest first in `order`. */
const buckets = new Map<number, Entry[]>();
const order: { hash: number; entry: Entry }[] = [];

/** Every input of buildLateralMesh and the systems, in a fixed order. */
const valuesOf = (m: LateralModel): (number | boolean)[] => {
  const v: (number | boolean)[] = [
    m.headLevel,
    m.toeLevel,
    m.diameter,
    m.EI,
    m.isHeadFixed,
    m.groundLevel,
    m.groundwaterLevel,
    m.ksNichtReduzieren,
    m.gegenRaeumlichenEP,
  ];
  for (const l of m.layers) {
    v.push(
      l.topLevel,
      l.bottomLevel,
      l.ESoben,
      l.ESunten,
      l.MaxElementWeite,
      l.phi,
      l.cuEP,
      l.gammaBoden,
      l.gammaStrichBoden,
    );
  }
  return v;
};

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** Hash of the values; 0 and −0 hash alike and every NaN alike, as they compare equal in `isSame`. */
const hashOf = (values: readonly (number | boolean)[]): number => {
  let h = values.length;
  for (const x of values) {
    if (typeof x === 'boolean') h = Math.imul(h ^ (x ? 1 : 2), 0x9e3779b1);
    else {
      bits[0] = x === 0 ? 0 : Number.isNaN(x) ? Number.NaN : x;
      h = Math.imul(h ^ words[0]!, 0x85ebca6b);
      h = Math.imul(h ^ words[1]!, 0xc2b2ae35);
    }
  }
  return h;
};

/** Equal inputs: the same value in every place (0 equals −0, NaN equals NaN — the equality of their text). */
const isSame = (a: readonly (number | boolean)[], b: readonly (number | boolean)[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && !(x !== x && y !== y)) return false;
  }
  return true;
};

/**
 * The mesh and systems of a pile model, built once per distinct model (rows of the same pile, soil profile,
 * toe and ground level share them). The systems keep work arrays between calls; the engine is synchronous,
 * so one analysis uses them at a time. Deterministic: a cached system gives the same numbers as a new one.
 * Models are compared by their values (hash, then every value), not by text, which costs a number-to-text
 * conversion per value and row.
 * @param model pile and soil (calculation units) @returns mesh and systems
 */
export const cachedPileSystem = (model: LateralModel): PileSystem => {
  const values = valuesOf(model);
  const hash = hashOf(values);
  const bucket = buckets.get(hash);
  const hit = bucket?.find((e) => isSame(e.values, values));
  if (hit) return hit.system;
  const mesh = buildLateralMesh(model);
  const entry: Entry = {
    values,
    system: {
      mesh,
      system: createLateralSystem(mesh, model.EI, model.isHeadFixed, model.diameter),
    },
  };
  if (order.length >= CACHE_SIZE) {
    const oldest = order.shift()!;
    const list = buckets.get(oldest.hash)!;
    list.splice(list.indexOf(oldest.entry), 1);
    if (list.length === 0) buckets.delete(oldest.hash);
  }
  if (bucket) bucket.push(entry);
  else buckets.set(hash, [entry]);
  order.push({ hash, entry });
  return entry.system;
};
