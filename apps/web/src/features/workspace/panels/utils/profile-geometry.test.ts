import { SoilProfileSchema } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { layerBands, pileSlots, pileWidthFactor, profileExtent } from './profile-geometry';

const profile = SoilProfileSchema.parse({
  name: 'BP 1',
  grundwasserStand: 151,
  startKote: 158,
  soil_layers: [
    { endKote: 152.65, bodenArt: 'Auffüllung', bodenSchichtColor: 'c0a080' },
    { endKote: 150, bodenArt: 'Lehm', cuk: 0.1 },
    { endKote: null, bodenArt: 'half typed' },
    { endKote: 130, bodenArt: 'Kies', qc: 25 },
  ],
});

describe('layerBands', () => {
  it('runs each layer from the previous bottom and skips layers without endKote', () => {
    const bands = layerBands(profile);
    expect(bands.map((b) => [b.index, b.top, b.bottom, b.kind])).toEqual([
      [0, 158, 152.65, 'none'],
      [1, 152.65, 150, 'cohesive'],
      [3, 150, 130, 'non-cohesive'],
    ]);
    expect(bands[0]!.fill).toBe('#C0A080');
    expect(bands[1]!.fill).toBe('#D8D8D8');
  });

  it('draws a layer below the one before with zero height instead of upside down', () => {
    const bands = layerBands({
      ...profile,
      soil_layers: [profile.soil_layers[0]!, { ...profile.soil_layers[1]!, endKote: 155 }],
    });
    expect(bands[1]).toMatchObject({ top: 152.65, bottom: 152.65 });
  });
});

describe('profileExtent', () => {
  it('spans the profile, the groundwater and the piles plus padding', () => {
    expect(
      profileExtent(profile, [{ Pname: 'P1', topLevel: 158.5, toeLevel: 128, diameter: 1 }], 0.5),
    ).toEqual([127.5, 159]);
  });

  it('is null for an empty profile without piles', () => {
    expect(
      profileExtent({ ...profile, startKote: null, grundwasserStand: null, soil_layers: [] }, []),
    ).toBeNull();
  });
});

describe('pileWidthFactor', () => {
  it('scales the thickest pile to the maximum width', () => {
    const piles = [
      { Pname: 'a', topLevel: 0, toeLevel: -5, diameter: 1.2 },
      { Pname: 'b', topLevel: 0, toeLevel: -5, diameter: 0.6 },
    ];
    expect(pileWidthFactor(piles, 24)).toBe(20);
  });

  it('keeps the slimmest pile visible', () => {
    const piles = [
      { Pname: 'a', topLevel: 0, toeLevel: -5, diameter: 2 },
      { Pname: 'b', topLevel: 0, toeLevel: -5, diameter: 0.1 },
    ];
    expect(pileWidthFactor(piles, 20, 4)).toBe(40);
  });
});

describe('pileSlots', () => {
  it('spreads centres evenly', () => {
    expect(pileSlots(2, 0, 100)).toEqual([25, 75]);
  });
});
