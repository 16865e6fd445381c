/**
 * Example workbooks for the demo seed, the API tests and the benchmark: the documented example project
 * (`docs/examples/example-project.json`) and a large variant with many load points on its soil profiles.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#app/config';

type Loose = Record<string, unknown> & {
  settings: Record<string, unknown>;
  piles: Record<string, unknown>[];
  soil_profiles: Record<string, unknown>[];
  horizontal_loadcases: Record<string, unknown>[];
};

const EXAMPLE_FILE = path.join(REPO_ROOT, 'docs/examples/example-project.json');

/**
 * The example project as a save body, named `name`. Its last load point (110) is deliberately invalid
 * (pile type `xx`, negative diameter, unknown profile: it shows the engine's row issues); it is left out.
 */
export const exampleWorkbook = (name: string, version = 1): Loose => {
  const example = JSON.parse(readFileSync(EXAMPLE_FILE, 'utf8')) as Loose;
  const piles = example.piles.filter(
    (p) => typeof p.SollDurchmesser === 'number' && p.SollDurchmesser > 0,
  );
  return { ...example, version, settings: { ...example.settings, name }, piles };
};

/**
 * `rows` load points on the example's soil profiles (names P1…Pn, diameters and loads varied), with the
 * example's load case referring to the first load points.
 */
export const largeWorkbook = (name: string, rows: number, version = 1): Loose => {
  const example = exampleWorkbook(name, version);
  const template = example.piles[0] ?? {};
  const profiles = example.soil_profiles.map((p) => String(p.name));
  const piles = Array.from({ length: rows }, (_, k) => ({
    ...template,
    Pname: `P${k + 1}`,
    Rechtswert: (k % 40) * 4,
    Hochwert: Math.floor(k / 40) * 4,
    SollDurchmesser: [0.6, 0.9, 1.2][k % 3],
    AlternativeCharakteristischeLastZ: 800 + (k % 17) * 40,
    AlternativeDesignLastZ: 1100 + (k % 17) * 55,
    BodenProfil: profiles[k % profiles.length],
  }));
  const horizontal_loadcases = example.horizontal_loadcases.map((c) => ({
    ...c,
    horizontal_loads: ((c.horizontal_loads as Record<string, unknown>[]) ?? []).map((l, i) => ({
      ...l,
      Pname: `P${i + 1}`,
    })),
  }));
  return { ...example, piles, horizontal_loadcases };
};
