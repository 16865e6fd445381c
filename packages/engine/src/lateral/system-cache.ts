import { createLateralSystem, type LateralSystem } from './lateral-analysis';
import { buildLateralMesh, type LateralMesh, type LateralModel } from './mesh';

/** Mesh and FE systems of one pile model. */
export type PileSystem = { mesh: LateralMesh; system: LateralSystem };

/** Bounded cache size: a project has few distinct pile / soil / toe / ground combinations (ADR 0165). */
const CACHE_SIZE = 256;
const cache = new Map<string, PileSystem>();

/** Every input of buildLateralMesh and the systems, as text (String keeps NaN, ±Infinity apart). */
const keyOf = (m: LateralModel): string => {
  let key = `${m.headLevel}|${m.toeLevel}|${m.diameter}|${m.EI}|${m.isHeadFixed}|${m.groundLevel}|${m.groundwaterLevel}|${m.ksNichtReduzieren}|${m.gegenRaeumlichenEP}`;
  for (const l of m.layers) {
    key += `|${l.topLevel}|${l.bottomLevel}|${l.ESoben}|${l.ESunten}|${l.MaxElementWeite}|${l.phi}|${l.cuEP}|${l.gammaBoden}|${l.gammaStrichBoden}`;
  }
  return key;
};

/**
 * The mesh and systems of a pile model, built once per distinct model (rows of the same pile, soil profile,
 * toe and ground level share them). The systems keep work arrays between calls; the engine is synchronous,
 * so one analysis uses them at a time. Deterministic: a cached system gives the same numbers as a new one.
 * @param model pile and soil (calculation units) @returns mesh and systems
 */
export const cachedPileSystem = (model: LateralModel): PileSystem => {
  const key = keyOf(model);
  const hit = cache.get(key);
  if (hit) return hit;
  const mesh = buildLateralMesh(model);
  const entry = {
    mesh,
    system: createLateralSystem(mesh, model.EI, model.isHeadFixed, model.diameter),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
};
