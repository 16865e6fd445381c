import { calculateProject } from '../src/project/calculate-project';

/** Wire input of a one-pile, one-layer project for the axial examples (wire units, see docs/fields.md). */
export const onePileProject = (args: {
  pile?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  layer?: Record<string, unknown>;
  layers?: Record<string, unknown>[];
}) => ({
  settings: { MindestPfahllaenge: 3, Schrittweite: 0.5, ...args.settings },
  soil_profiles: [
    {
      name: 'P',
      grundwasserStand: 95,
      startKote: 100,
      soil_layers: args.layers ?? [
        { endKote: 80, FuszAbsetzbar: true, IstEindringRelevant: true, ...args.layer },
      ],
    },
  ],
  piles: [
    {
      Pname: 'A',
      PfahlTyp: 'bp',
      SollPfahlOberKante: 100,
      AEHoehe: 100,
      SollDurchmesser: 1.0,
      AlternativeCharakteristischeLastZ: 1000,
      AlternativeDesignLastZ: 1400,
      BodenProfil: 'P',
      ...args.pile,
    },
  ],
  horizontal_loadcases: [],
});

/** Calculates the project and returns the result of its first pile. */
export const firstPile = (input: unknown) => {
  const pile = calculateProject(input, { horizontalLoadCases: 'skip' }).piles[0];
  if (!pile) throw new Error('no pile result');
  return pile;
};

/** Layer values used by the engine for the first layer: skin (and skin*) and base values [kN/m²]. */
export const usedLayerValues = (input: unknown): Record<string, number> => {
  const layer = firstPile(input).trace?.layers[0];
  if (!layer) throw new Error('no layer trace');
  const out: Record<string, number> = { q_s: layer.skin.used };
  if (layer.skinStar) out['q_s*'] = layer.skinStar.used;
  for (const b of layer.base) if (b.sRel !== null) out[`q_b(s/D=${b.sRel})`] = b.used;
  return out;
};
