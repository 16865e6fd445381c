import type { EngineIssue } from '../issues/issue';
import type { Centimeter, Degree, MegaNewtonPerSquareMeter } from '../units/units';
import { cmToM, degToRad, m, mnToKpa } from '../units/units';
import type { KiloNewtonPerCubicMeter } from '../units/units';
import { RowReader, rowRecord } from './reader';
import type { NormalizedSoilLayer, NormalizedSoilProfile } from './types';

const mn = (value: number) => mnToKpa(value as MegaNewtonPerSquareMeter);

/**
 * Normalises one soil layer. `qc` and `cuk` are MN/m² on the wire and kN/m² here (×1000): the EA
 * cohesive tables are headed in kN/m² (cu,k = 100 kN/m² ⇔ wire `cuk` = 0.1).
 * @see docs/sources/legacy-format.md §L2.8 (fields, defaults), §L4.3 (conversions); docs/sources/engine.md §E7
 */
export function normalizeLayer(
  raw: unknown,
  path: string,
  rowIndex: number,
  issues: EngineIssue[],
): NormalizedSoilLayer {
  const row = rowRecord(raw, path, rowIndex, issues);
  const r = new RowReader(row, path, rowIndex, issues);
  const optionalMn = (field: string) => {
    const value = r.positive(field, null, { allowZero: true });
    return value === null ? null : mn(value);
  };
  const override = (field: string) => mn(r.positive(field, 0, { allowZero: true }));
  const endKote = r.num('endKote', null, true);
  const qc = optionalMn('qc');
  const cuk = optionalMn('cuk');
  if (qc !== null && qc > 0 && cuk !== null && cuk > 0) {
    r.report('LAYER_QC_AND_CUK', 'info', 'cuk', { rule: 'cuk_used' });
  }
  for (const field of ['tauNk', 'qskZug']) {
    if (typeof row[field] === 'number' && row[field] !== 0) {
      r.report('UNIT_ASSUMED', 'info', field, { unit: 'MN/m2' });
    }
  }
  return {
    rowIndex,
    endKote: endKote === null ? null : m(endKote),
    bodenArt: r.str('bodenArt', ''),
    bodenSchichtColor: r.str('bodenSchichtColor', 'D8D8D8'),
    qc,
    cuk,
    qsk: override('qsk'),
    qbk002: override('qbk002'),
    qbk003: override('qbk003'),
    qbk01: override('qbk01'),
    phi: degToRad(r.num('phi', 0) as Degree),
    FuszAbsetzbar: r.bool('FuszAbsetzbar', false),
    IstEindringRelevant: r.bool('IstEindringRelevant', false),
    deltaVonPhi: r.num('deltaVonPhi', 0.67),
    gammaBoden: r.positive('gammaBoden', 19, { allowZero: true }) as KiloNewtonPerCubicMeter,
    gammaStrichBoden: r.positive('gammaStrichBoden', 19, {
      allowZero: true,
    }) as KiloNewtonPerCubicMeter,
    ESoben: mn(r.positive('ESoben', 0, { allowZero: true })),
    ESunten: mn(r.positive('ESunten', 0, { allowZero: true })),
    // Default 10 cm, as the predecessor's screen and example XML show; its model default 0.1 was a unit slip
    // (docs/sources/legacy-format.md §L10; contracts ADR 0052).
    MaxElementWeite: cmToM(r.positive('MaxElementWeite', 10) as Centimeter),
    cuEP: mn(r.positive('cuEP', 0, { allowZero: true })),
    qskStern: override('qskStern'),
    tauNk: mn(r.num('tauNk', 0)),
    qskZug: override('qskZug'),
  };
}

/**
 * Normalises one soil profile and checks its geometry: `startKote` given, every `endKote` given and
 * not above the level before (equal = zero-thickness layer, info LAYER_ZERO_THICKNESS, ADR 0017). Otherwise `isValid = false` (piles using it get PROFILE_INVALID).
 * @see docs/sources/legacy-format.md §L2.7, §L2.8
 */
export function normalizeProfile(
  raw: unknown,
  rowIndex: number,
  issues: EngineIssue[],
): NormalizedSoilProfile {
  const path = `soil_profiles[${rowIndex}]`;
  const row = rowRecord(raw, path, rowIndex, issues);
  const before = issues.length;
  const r = new RowReader(row, path, rowIndex, issues);
  const name = r.str('name', `#${rowIndex + 1}`, true);
  const startKote = r.num('startKote', null, true);
  const groundwater = r.num('grundwasserStand', null);
  const layersRaw = row.soil_layers;
  if (layersRaw !== undefined && !Array.isArray(layersRaw)) {
    r.report('INVALID_TYPE', 'error', 'soil_layers', { expected: 'array' });
  }
  const list: unknown[] = Array.isArray(layersRaw) ? layersRaw : [];
  const layers = list.map((layer, i) =>
    normalizeLayer(layer, `${path}.soil_layers[${i}]`, i, issues),
  );
  if (layers.length === 0) r.report('PROFILE_WITHOUT_LAYERS', 'error', 'soil_layers', { name });
  let top = startKote;
  layers.forEach((layer, i) => {
    if (layer.endKote === null || top === null) return;
    if (layer.endKote === top) {
      // "Not above" the layer before (field catalogue): a zero-thickness layer is allowed and contributes
      // nothing (ADR 0017); it is reported so that the engineer sees that its values are not used.
      issues.push({
        code: 'LAYER_ZERO_THICKNESS',
        severity: 'info',
        field: 'endKote',
        path: `${path}.soil_layers[${i}].endKote`,
        rowIndex: i,
        params: { endKote: layer.endKote },
      });
    } else if (layer.endKote > top) {
      const code = i === 0 ? 'LAYER_ABOVE_PROFILE_TOP' : 'LAYERS_OUT_OF_ORDER';
      issues.push({
        code,
        severity: 'error',
        field: 'endKote',
        path: `${path}.soil_layers[${i}].endKote`,
        rowIndex: i,
        params: { endKote: layer.endKote, top },
      });
    }
    top = layer.endKote;
  });
  if (layers.length > 0 && startKote !== null && layers.every((l) => l.endKote === startKote)) {
    r.report('PROFILE_WITHOUT_LAYERS', 'error', 'soil_layers', { name, reason: 'zero_thickness' });
  }
  const hasError = issues.slice(before).some((x) => x.severity === 'error');
  return {
    rowIndex,
    name,
    pfahlTyp: r.num('pfahlTyp', 4),
    grundwasserStand: groundwater === null ? null : m(groundwater),
    startKote: startKote === null ? null : m(startKote),
    soil_layers: layers,
    isValid: !hasError,
  };
}
