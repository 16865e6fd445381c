import { describe, expect, it } from 'vitest';
import {
  ALL_FIELDS,
  FIELD_CATALOGUE,
  FIELDS_BY_ENTITY,
  XML_ELEMENT_ORDER,
  defaultsOf,
  excelColumnsOf,
  fieldsOf,
  findField,
  findFieldByExcelHeader,
  gridColumnsOf,
  resultFieldsOf,
} from './catalogue';
import { fieldSchema } from './schema';
import { FIELD_ENTITIES } from './types';
import type { FieldDef, FieldEntity } from './types';

const keysOf = (entity: FieldEntity) =>
  (fieldsOf(entity) as readonly FieldDef[]).map((field) => field.key);

// Exact Excel headers of the predecessor, in column order (docs/sources/legacy-format.md §L5.3).
const LEGACY_EXCEL_HEADERS: Partial<Record<FieldEntity, string[]>> = {
  pile: [
    'Lastpunkt',
    'Pfahltyp',
    'Pfahlanzahl',
    'Pfahlachsabstand',
    'Bohrebene',
    'Oberkante Pfahl',
    'x',
    'y',
    'Pfahldurchmesser',
    'E_{k}',
    'E_{d}',
    'Bodenprofil',
    'Mindesteindringung',
    'zul. Setzung',
    'Mantelanteil',
  ],
  soilLayer: [
    'Endkote',
    'Bodenart',
    'Farbe',
    'qc',
    'c_{u,k}',
    'q_{s,k,i}',
    'q_{b,k} s/D=0,02',
    'q_{b,k} s/D=0,03',
    'q_{b,k} s/D=0,1',
    'Phi',
    'Fußabsetzbarkeit',
    'Eindringungsrelevant',
    'Delta von Phi',
    'Gamma',
    'Gamma Strich',
    'Es oben',
    'Es unten',
    'Elementlänge',
    'c_{u,ep}',
  ],
  soilProfile: ['Grundwasserstand', 'Startkote'],
  horizontalLoad: [
    'Lastpunkt',
    'V_{g,k,z}',
    'V_{q,k,z}',
    'H_{g,k,x}',
    'H_{q,k,x}',
    'M_{g,k,y}',
    'M_{q,k,y}',
    'H_{g,k,y}',
    'H_{q,k,y}',
    'M_{g,k,x}',
    'M_{q,k,x}',
    'OK Boden Biegung',
    'Grundwasserstand',
  ],
};

// Element order of the predecessor's InputDaten (docs/sources/legacy-format.md §L4.4), copied verbatim.
const XML_ORDER_4_4: Partial<Record<FieldEntity, string>> = {
  settings: `_ProjektName, _runHorBemessung, _AbtreppungsWinkelRad,
   _AchsabstandGleicherTiefe, _AuslastungProzent, _Beeinflussungsweite, _EAErhoehungProzent, _Exzentrizitaet,
   _FuszBeeinfluszung, _FuszErhoehungProzent, _MantelErhoehungProzent, _MindestEinbindung, _MindestPfahllaenge,
   _MvonMaxfuerSchub, _Norm, _Schrittweite, _SpitzendruckMittelung, _WinkelAusProfilen, _bemesseHorizontal, _gammaDruck,
   _gammaStaendig, _gammaVeraenderlich, _gammaZug, _gegenRaeumlichenEP, _ksNichtReduzieren, _qbkCukAb0, _qbkQcAb0,
   _qskCukAb0, _qskQcAb0, _useErhoehung, _zulaessigeSetzungCm, _BetonZyl, _Betondeckung, _KopfEinbindung, _MaxBuegel,
   _MaxLaenge, _MaxLaengs, _MinLaengsAbstand, _MindestEindringung, _Stahlsorte, _StandardPfahlTyp, _projektLocation,
   _projektStreet, _projektPostalCode, _companyAltName, _companyAltLocation, _companyAltStreet, _companyAltPostalCode,
   _companyAltLogo, _nameAnlageAuszen, _seitenBezeichnung, _seitenStartNummer, _SeiteVonSeiten,
   _erstelleUebersichtAuszen, _UebersichtQuer, _erstelleEinzelnachweise, _zeichneNachweislinien, _UKKotenInTabelle,
   _erstellegrafikAuszen, _erstellegrafikInnen`,
  soilProfile: '_profilName, _pfahlTyp, _grundwasserStand, _startKote',
  soilLayer: `_endKote, _bodenArt, _ESoben,
   _ESunten, _FuszAbsetzbar, _IstEindringRelevant, _MaxElementWeite, _cuEP, _cuk, _deltaVonPhi, _gammaBoden,
   _gammaStrichBoden, _phi, _qbk002, _qbk003, _qbk01, _qc, _qsk, _qskStern, _bodenSchichtColor, _tauNk, _qskZug`,
  pile: `_Pname, _AEHoehe, _AlternativeCharakteristischeLastZ,
   _AlternativeCharakteristischeMinLastZ, _AlternativeDesignLastZ, _AlternativeDesignMinLastZ, _BetonZyl, _BodenProfil,
   _Hochwert, _PfahlAchsAbstandxD, _PfahlAnzahl, _PfahlTyp, _Rechtswert, _SollDurchmesser, _SollPfahlOberKante,
   _einzelAusnutzung, _einzelExzentrizitaet, _einzelKnickLaenge, _einzelMaximaleBohrtiefe, _einzelMindestEindringung,
   _einzelzulaessigeSetzungCm, _prozentualerMantelAnteil`,
  horizontalLoadCase: 'hTabelleName',
  horizontalLoad: `_Pname, _Grundwasser, _Hgkx, _Hgky, _Hqkx, _Hqky, _Mgkx, _Mgky, _Mqkx, _Mqky, _OKBodenBiegung, _gkz,
   _pAnOberkante, _qkz`,
};

describe('FIELD_CATALOGUE', () => {
  it('holds each wire name once per entity, under its own entity', () => {
    for (const entity of FIELD_ENTITIES) {
      const keys = keysOf(entity);
      expect(new Set(keys).size).toBe(keys.length);
      for (const field of fieldsOf(entity) as readonly FieldDef[]) {
        expect(field.entity).toBe(entity);
      }
      expect(Object.keys(FIELD_CATALOGUE[entity])).toEqual(keys);
    }
  });

  it('contains every settings field of the predecessor (§L2.5: 66, of which 60 go to the XML) except KopfEinbindung (ADR 0133) plus KopfEingespannt, StahlsorteRohr, StahlrohrHerstellung, StahlrohrKorrosionMm and the five report fields of the title page (ADR 0153)', () => {
    expect(FIELDS_BY_ENTITY.settings).toHaveLength(74);
    expect(keysOf('settings')).not.toContain('KopfEinbindung');
    expect(
      FIELDS_BY_ENTITY.settings
        .filter((field) => field.key.startsWith('bericht'))
        .map((f) => f.key),
    ).toEqual([
      'berichtAuftraggeber',
      'berichtPosition',
      'berichtAufsteller',
      'berichtRevision',
      'berichtBaugrundgutachten',
    ]);
    expect(FIELDS_BY_ENTITY.settings.filter((field) => field.xml !== null)).toHaveLength(59);
    expect(FIELD_CATALOGUE.settings.default_company_info.default).toBe(true);
  });

  it('uses the model defaults, not the broken reset values (§L10)', () => {
    const settings = defaultsOf('settings');
    expect(settings).toMatchObject({
      Schrittweite: 0.1,
      MaxLaengs: 20,
      MaxBuegel: 10,
      MinLaengsAbstand: 100,
      Betondeckung: 100,
      MvonMaxfuerSchub: 50,
      ksNichtReduzieren: true,
      WinkelAusProfilen: true,
      SeiteVonSeiten: 1,
      MindestEindringung: 0.75,
      StandardPfahlTyp: 'bp',
      AbtreppungsWinkelRad: 45,
      BetonZyl: 25,
      StahlsorteRohr: 'S355',
      StahlrohrHerstellung: 'kaltgefertigt',
      StahlrohrKorrosionMm: 0,
    });
    expect(defaultsOf('pile')).toMatchObject({
      PfahlTyp: 'bp',
      PfahlAnzahl: 1,
      PfahlAchsAbstandxD: 3,
      Pname: null,
    });
    expect(defaultsOf('soilLayer')).toMatchObject({
      qc: null,
      cuk: null,
      deltaVonPhi: 0.67,
      bodenSchichtColor: 'D8D8D8',
    });
    expect(defaultsOf('horizontalLoad')).toMatchObject({ pAnOberkante: 1.9, Hgkx: 0, gkz: null });
  });

  it('offers C20/25 … C50/60 and reads the predecessor code 35 as C35/45', () => {
    const values = FIELD_CATALOGUE.settings.BetonZyl.values.map((option) => option.value);
    expect(values).toEqual([20, 25, 30, 35, 40, 45, 50]);
    expect(FIELD_CATALOGUE.pile.BetonZyl.values.find((option) => option.value === 35)?.label).toBe(
      'C35/45',
    );
  });

  it('marks the result fields of the predecessor (and IstLaenge) as results', () => {
    const results = (entity: FieldEntity) => resultFieldsOf(entity).map((field) => field.key);
    expect(results('pile')).toEqual(
      expect.arrayContaining([
        'Rs_k',
        'Rb_k',
        'R_d',
        'R_d_Min',
        'EzuR',
        'laenge_mit',
        'laenge_ohne',
        'delta_Laenge',
        'Soll_UK_Pfahl',
        'BohrLaenge',
        'GesamtBohrLaenge',
        'Setzung',
        'Federsteifigkeit',
        'Nachweisgruppe',
        'AsLaengs',
        'BewBZWLieferlaenge',
        'EindringTiefe',
        'PfahlVolumen',
        'IstLaenge',
      ]),
    );
    expect(results('soilLayer')).toEqual([
      'PfahlTyp',
      'usedQsk',
      'usedQbk002',
      'usedQbk003',
      'usedQbk01',
    ]);
    expect(results('horizontalLoad')).toEqual(
      expect.arrayContaining([
        'AsLaengs',
        'AsLaengsCalc',
        'AsQuer',
        'AsQuerCalc',
        'BewTyp',
        'Eps0',
        'Eps1',
        'KoteUeberdrueckt',
        'MMax',
        'MxMax',
        'MyMax',
        'QMax',
        'QxMax',
        'QyMax',
        'wOben',
        'wxOben',
        'wyOben',
        'MdKopf',
        'wStrichKopf',
      ]),
    );
    for (const field of ALL_FIELDS.filter((f) => f.role === 'result')) {
      expect(field.nullable, field.key).toBe(true);
      expect(field.default, field.key).toBeNull();
    }
  });

  it('gives every shared wire name the same unit in every entity', () => {
    const units = new Map<string, Set<string>>();
    for (const field of ALL_FIELDS) {
      units.set(field.key, (units.get(field.key) ?? new Set()).add(field.unit));
    }
    const numericShared = ['Pname', 'BetonZyl', 'AsLaengs', 'Nachweisgruppe', 'name'];
    for (const key of numericShared) expect(units.get(key)?.size, key).toBe(1);
  });
});

describe('defaultsOf', () => {
  it.each(ALL_FIELDS.map((field) => [`${field.entity}.${field.key}`, field] as const))(
    'has a default of %s that passes its own schema',
    (_name, field) => {
      if (field.default === null && !field.nullable && field.role === 'input') {
        // No default: the value must be supplied (settings.name by the server, a profile's name by the user).
        expect(field.kind === 'string' && field.required).toBe(true);
        return;
      }
      const parsed = fieldSchema(field).safeParse(field.default);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(field.default);
    },
  );

  it('lists every field of the entity', () => {
    for (const entity of FIELD_ENTITIES) {
      expect(Object.keys(defaultsOf(entity))).toEqual(keysOf(entity));
    }
  });
});

describe('excelColumnsOf', () => {
  it.each(Object.entries(LEGACY_EXCEL_HEADERS))(
    'gives the exact legacy headers of %s in order',
    (entity, headers) => {
      const columns = excelColumnsOf(entity as FieldEntity, { legacyOnly: true });
      expect(columns.map((field) => field.excel?.de)).toEqual(headers);
    },
  );

  it('puts the legacy columns first and keeps headers unique per language', () => {
    for (const entity of FIELD_ENTITIES) {
      const columns = excelColumnsOf(entity);
      const legacyFlags = columns.map((field) => field.excel?.legacy);
      expect(legacyFlags).toEqual([...legacyFlags].sort((a, b) => Number(b) - Number(a)));
      for (const lang of ['de', 'en'] as const) {
        const headers = columns.map((field) => field.excel?.[lang].toLowerCase());
        expect(new Set(headers).size, `${entity} ${lang}`).toBe(headers.length);
      }
      // A German header never means a different field in English (import matches both).
      for (const field of columns) {
        expect(findFieldByExcelHeader(entity, field.excel!.de)?.key).toBe(field.key);
        expect(findFieldByExcelHeader(entity, field.excel!.en)?.key).toBe(field.key);
      }
    }
  });

  it('does not put hidden predecessor fields into the legacy layout', () => {
    const legacy = (entity: FieldEntity) =>
      excelColumnsOf(entity, { legacyOnly: true }).map((f) => f.key);
    expect(legacy('soilLayer')).not.toContain('qskStern');
    expect(legacy('horizontalLoad')).not.toContain('pAnOberkante');
    expect(legacy('pile')).not.toContain('BetonZyl');
  });
});

describe('findFieldByExcelHeader', () => {
  it('matches German and English headers, ignoring case and extra spaces', () => {
    expect(findFieldByExcelHeader('pile', 'E_{k}')?.key).toBe('AlternativeCharakteristischeLastZ');
    expect(findFieldByExcelHeader('pile', '  pile   DIAMETER ')?.key).toBe('SollDurchmesser');
    expect(findFieldByExcelHeader('soilLayer', 'q_{b,k} s/D=0.02')?.key).toBe('qbk002');
    expect(findFieldByExcelHeader('pile', 'Unbekannt')).toBeUndefined();
  });
});

describe('gridColumnsOf', () => {
  it('shows the predecessor visible columns by default and its hidden ones as optional', () => {
    for (const field of excelColumnsOf('pile', { legacyOnly: true })) {
      expect(field.grid).toBe('default');
    }
    for (const key of [
      'AlternativeCharakteristischeMinLastZ',
      'BetonZyl',
      'einzelMaximaleBohrtiefe',
    ] as const) {
      expect(FIELD_CATALOGUE.pile[key].grid).toBe('optional');
    }
    expect(FIELD_CATALOGUE.soilLayer.qskStern.grid).toBe('optional');
    expect(gridColumnsOf('settings')).toEqual([]);
  });
});

describe('XML_ELEMENT_ORDER', () => {
  it.each(Object.entries(XML_ORDER_4_4))(
    'reproduces the element order of §L4.4 for %s (without _KopfEinbindung, ADR 0133)',
    (entity, text) => {
      const expected = text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '_KopfEinbindung');
      const keys = XML_ELEMENT_ORDER[entity as FieldEntity] as readonly string[];
      const elements = keys.map((key) => findField(entity as FieldEntity, key)?.xml?.element);
      expect(elements).toEqual(expected);
    },
  );

  it('lists every input field that has an XML element, and nothing else', () => {
    for (const entity of FIELD_ENTITIES) {
      const withXml = (fieldsOf(entity) as readonly FieldDef[])
        .filter((field) => field.role === 'input' && field.xml !== null)
        .map((field) => field.key);
      expect([...(XML_ELEMENT_ORDER[entity] as readonly string[])].sort()).toEqual(
        [...withXml].sort(),
      );
    }
  });

  it('uses the conversion factors of §L4.3', () => {
    const factor = (entity: FieldEntity, key: string) => findField(entity, key)?.xml?.factor;
    for (const key of ['MaxLaengs', 'MaxBuegel', 'MinLaengsAbstand', 'Betondeckung']) {
      expect(factor('settings', key)).toBe(0.001);
    }
    expect(factor('settings', 'MvonMaxfuerSchub')).toBe(0.01);
    expect(factor('settings', 'AbtreppungsWinkelRad')).toBe(Math.PI / 180);
    expect(factor('pile', 'prozentualerMantelAnteil')).toBe(0.01);
    for (const key of ['ESoben', 'ESunten', 'qsk', 'qskStern', 'qbk002', 'qbk003', 'qbk01']) {
      expect(factor('soilLayer', key)).toBe(1000);
    }
    expect(factor('soilLayer', 'MaxElementWeite')).toBe(0.01);
    expect(factor('soilLayer', 'phi')).toBe(Math.PI / 180);
    for (const key of ['qc', 'cuk', 'cuEP', 'tauNk', 'qskZug']) {
      expect(factor('soilLayer', key)).toBe(1);
    }
    expect(factor('pile', 'EzuR')).toBe(0.01);
    expect(factor('soilLayer', 'usedQsk')).toBe(1000);
    for (const field of fieldsOf('horizontalLoad') as readonly FieldDef[]) {
      expect(field.xml?.factor ?? 1).toBe(1);
    }
  });
});
