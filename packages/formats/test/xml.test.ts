import { calculateProject } from '@pfahlplaner/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInputDatenXml, writeInputDatenXml } from '../src';
import { workbookArbitrary } from './arbitrary';
import { exampleWorkbook, legacyExampleXml } from './fixtures';

// The predecessor's documented example input file (docs/sources/legacy-format.md §L4.4), kept in fixtures/.
const legacyExample = legacyExampleXml();

const errors = (issues: { severity: string }[]) =>
  issues.filter((entry) => entry.severity === 'error');

describe('InputDaten XML: the predecessor example', () => {
  it('imports with the units converted back', () => {
    const { workbook, issues } = parseInputDatenXml(legacyExample);
    expect(errors(issues)).toEqual([]);
    // Credentials and user/company records are not read, and that is reported (never silent); so is the
    // head embedment, a setting without effect that was removed (ADR 0133).
    expect(issues.filter((i) => i.code === 'VALUE_DROPPED').map((i) => i.params.element)).toEqual([
      'userMailAddress',
      'userKey',
      'userKeyHorizontal',
      '_userInfo',
      '_customerInfo',
      '_KopfEinbindung',
    ]);
    const s = workbook.settings;
    expect(s.name).toBe('Project 25');
    expect(s.AbtreppungsWinkelRad).toBe(45); // 0.7853981633974483 rad
    expect(s.MaxLaengs).toBe(20); // 0.02 m → mm
    expect(s.MaxBuegel).toBe(10);
    expect(s.Betondeckung).toBe(100); // 0.1 m → mm
    expect(s.MinLaengsAbstand).toBe(100);
    expect(s.MvonMaxfuerSchub).toBe(50); // 0.5 → %
    expect(s.SeiteVonSeiten).toBe(1);
    expect(s.Stahlsorte).toBe('B500B');
    // our steel-pipe settings are not in the predecessor's file: the defaults (ADR 0103)
    expect(s.StahlrohrHerstellung).toBe('kaltgefertigt');
    expect(s.StahlrohrKorrosionMm).toBe(0);
    const [profile] = workbook.soil_profiles;
    expect(profile!.name).toBe('BP 1');
    expect(profile!.startKote).toBe(158);
    const [l1, l2, l3] = profile!.soil_layers;
    expect(l1!.ESoben).toBe(5); // 5000 kN/m² → MN/m²
    expect(l1!.ESunten).toBe(10);
    expect(l1!.phi).toBe(23); // 0.4014257279586958 rad
    expect(l1!.MaxElementWeite).toBe(10); // 0.1 m → cm
    expect(l1!.cuk).toBeNull(); // NaN
    expect(l1!.qc).toBe(25);
    expect(l1!.bodenArt).toBe('A, U, T,  U+T');
    expect(l1!.bodenSchichtColor).toBe('D8D8D8'); // FFD8D8D8: opaque alpha dropped
    expect(l2!.phi).toBe(20);
    expect(l2!.cuk).toBe(0.1);
    expect(l3!.phi).toBe(35);
    expect(l3!.ESoben).toBe(30);
    expect(l3!.bodenSchichtColor).toBe('F4E04D80'); // 80F4E04D: alpha moved to the end
    expect(workbook.piles.map((p) => p.Pname)).toEqual(['101', '102']);
    expect(workbook.piles[0]!.prozentualerMantelAnteil).toBe(100); // 1.0 → %
    expect(workbook.piles[1]!.SollDurchmesser).toBe(1.2);
    expect(workbook.piles[1]!.AlternativeCharakteristischeLastZ).toBe(675);
    expect(workbook.piles[0]!.Rechtswert).toBe(-595.19);
    const [loadCase] = workbook.horizontal_loadcases;
    expect(loadCase!.name).toBe('Lastkombination auf Einzelpfahl');
    expect(loadCase!.horizontal_loads[0]!.Hgkx).toBe(10);
    expect(loadCase!.horizontal_loads[0]!.pAnOberkante).toBe(1.9);
  });

  it('writes what it read back into the same element values', () => {
    const { workbook } = parseInputDatenXml(legacyExample);
    const written = writeInputDatenXml(workbook);
    expect(written).toContain('<_AbtreppungsWinkelRad>0.7853981633974483</_AbtreppungsWinkelRad>');
    expect(written).toContain('<_phi>0.4014257279586958</_phi>');
    expect(written).toContain('<_ESoben>5000.0</_ESoben>');
    expect(written).toContain('<_bodenSchichtColor>80F4E04D</_bodenSchichtColor>');
    expect(written).not.toMatch(/userKey|userMailAddress/);
  });
});

describe('InputDaten XML: round trip', () => {
  it('re-imports our own export without loss (generated workbooks)', () => {
    fc.assert(
      fc.property(workbookArbitrary(), (workbook) => {
        const { workbook: back, issues } = parseInputDatenXml(writeInputDatenXml(workbook));
        expect(
          issues.filter(
            (i) => i.severity === 'error' && i.params.rule === undefined && i.code !== 'NOT_UNIQUE',
          ),
        ).toEqual([]);
        expect(back).toEqual(workbook);
      }),
      { numRuns: 60 },
    );
  });

  it('carries the steel-pipe manufacture and corrosion settings in PfahlplanerDaten (ADR 0103)', () => {
    const workbook = exampleWorkbook();
    workbook.settings = {
      ...workbook.settings,
      StahlrohrHerstellung: 'warmgefertigt',
      StahlrohrKorrosionMm: 1.5,
    };
    const xml = writeInputDatenXml(workbook);
    const ours = xml.slice(xml.indexOf('<PfahlplanerDaten'));
    expect(ours).toContain('<StahlrohrHerstellung>warmgefertigt</StahlrohrHerstellung>');
    expect(ours).toContain('<StahlrohrKorrosionMm>1.5</StahlrohrKorrosionMm>');
    const back = parseInputDatenXml(xml);
    expect(back.workbook.settings.StahlrohrHerstellung).toBe('warmgefertigt');
    expect(back.workbook.settings.StahlrohrKorrosionMm).toBe(1.5);
    // an invalid value is a coded import problem at its element, not a silent default
    const bad = parseInputDatenXml(
      xml.replace('<StahlrohrKorrosionMm>1.5<', '<StahlrohrKorrosionMm>-2<'),
    );
    expect(bad.issues).toContainEqual(
      expect.objectContaining({
        code: 'TOO_SMALL',
        column: 'StahlrohrKorrosionMm',
        severity: 'error',
      }),
    );
  });

  it('writes results into an OutputDaten section that the import ignores', () => {
    const workbook = exampleWorkbook();
    const result = calculateProject(workbook);
    const xml = writeInputDatenXml(workbook, result);
    expect(xml).toContain('<OutputDaten xmlns="urn:pfahlplaner:xml:1">');
    const pile = result.piles.find((p) => p.R_d !== null)!;
    expect(xml).toContain(`<_R_d>${String(pile.R_d)}`);
    const back = parseInputDatenXml(xml);
    expect(back.workbook).toEqual(workbook);
    expect(back.issues.filter((i) => i.severity !== 'info')).toEqual([]);
  });
});

describe('InputDaten XML: hostile and broken input', () => {
  it('refuses DOCTYPE and ENTITY declarations (billion laughs, external entities) with the line', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<InputDaten>&lol2;</InputDaten>`;
    const { issues, workbook } = parseInputDatenXml(laughs);
    expect(issues).toMatchObject([{ code: 'XML_DOCTYPE_FORBIDDEN', row: 2, column: '!DOCTYPE' }]);
    expect(workbook.piles).toEqual([]);
    const external = '<?xml version="1.0"?>\n<!DOCTYPE x SYSTEM "file:///etc/passwd"><InputDaten/>';
    expect(parseInputDatenXml(external).issues[0]!.code).toBe('XML_DOCTYPE_FORBIDDEN');
  });

  it('refuses files over the size limit and documents nested too deep', () => {
    expect(parseInputDatenXml(new Uint8Array(20 * 1024 * 1024 + 1)).issues[0]!.code).toBe(
      'FILE_TOO_LARGE',
    );
    const deep = `<InputDaten>\n${'<a>'.repeat(100)}${'</a>'.repeat(100)}</InputDaten>`;
    expect(parseInputDatenXml(deep).issues[0]).toMatchObject({
      code: 'XML_TOO_DEEP',
      row: 2,
      column: 'a',
    });
  });

  it('names element and line of malformed and truncated documents', () => {
    const truncated = '<InputDaten>\n  <projektInfo>\n    <_ProjektName>x</_ProjektName>\n';
    const result = parseInputDatenXml(truncated);
    expect(result.issues[0]!.code).toBe('XML_MALFORMED');
    expect(result.issues[0]!.row).toBeGreaterThan(0);
    const mismatched = '<InputDaten>\n<projektInfo>\n<_Norm>1</_Nrom>\n</projektInfo></InputDaten>';
    expect(parseInputDatenXml(mismatched).issues[0]).toMatchObject({
      code: 'XML_MALFORMED',
      row: 3,
    });
    expect(parseInputDatenXml(new Uint8Array([0xff, 0xfe, 0x00])).issues[0]!.code).toBe(
      'XML_MALFORMED',
    );
    expect(parseInputDatenXml('<Other/>').issues[0]).toMatchObject({
      code: 'XML_WRONG_ROOT',
      column: 'Other',
    });
  });

  it('reports wrong values with element and line, and unknown elements', () => {
    const xml = [
      '<InputDaten>',
      '<projektInfo><_ProjektName>P</_ProjektName><_Schrittweite>abc</_Schrittweite><_Foo>1</_Foo></projektInfo>',
      '<pfaehle><LastPunktInputList>',
      '<LastPunktInput><_Pname>1</_Pname>',
      '<_SollDurchmesser>-1</_SollDurchmesser><_PfahlTyp>zz</_PfahlTyp></LastPunktInput>',
      '</LastPunktInputList></pfaehle>',
      '</InputDaten>',
    ].join('\n');
    const { issues } = parseInputDatenXml(xml);
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'INVALID_TYPE', row: 2, column: '_Schrittweite' }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'XML_UNKNOWN_ELEMENT', row: 2, column: '_Foo' }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'TOO_SMALL', row: 5, column: '_SollDurchmesser' }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'INVALID_VALUE', row: 5, column: '_PfahlTyp' }),
    );
  });

  it('reads <script> text as plain text, never as markup', () => {
    const xml =
      '<InputDaten><projektInfo><_ProjektName>&lt;script&gt;alert(1)&lt;/script&gt;</_ProjektName></projektInfo></InputDaten>';
    const { workbook } = parseInputDatenXml(xml);
    expect(workbook.settings.name).toBe('<script>alert(1)</script>');
    expect(writeInputDatenXml(workbook)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
