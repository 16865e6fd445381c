import { readFileSync } from 'node:fs';
// Small wire-format project builders for tests, golden files and the bench.
export type WireLayer = Record<string, unknown>;
export type WirePile = Record<string, unknown>;

/** A one-profile project: sand qc = 15 MN/m² from 100.0 to 80.0 m NHN (toe allowed, relevant). */
export function sandProject(
  pile: WirePile = {},
  settings: Record<string, unknown> = {},
  layers?: WireLayer[],
) {
  return {
    settings: { MindestPfahllaenge: 3, Schrittweite: 0.5, ...settings },
    soil_profiles: [
      {
        name: 'P',
        grundwasserStand: 95,
        startKote: 100,
        soil_layers: layers ?? [
          { endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
        ],
      },
    ],
    piles: <WirePile[]>[
      {
        Pname: 'A',
        PfahlTyp: 'bp',
        SollPfahlOberKante: 100,
        AEHoehe: 100,
        SollDurchmesser: 1.0,
        AlternativeCharakteristischeLastZ: 1000,
        AlternativeDesignLastZ: 1400,
        BodenProfil: 'P',
        ...pile,
      },
    ],
    horizontal_loadcases: [],
  };
}

/** Reads a JSON file by its path from the repository root (examples, golden files). */
export const readRepoJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as unknown;
