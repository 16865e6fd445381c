/**
 * The predecessor's `InputDaten` document (docs/sources/legacy-format.md §L4.4, §L5.1, §L5.2) ⇄ the workbook.
 * Values are converted with the catalogue's XML mappings (contracts `toXmlValue`/`fromXmlValue`, ADR 0053).
 * Never written: the engine account credentials (`userMailAddress`, `userKey`, `userKeyHorizontal`) and
 * user/company records (ADR 0070). Added after `hLasten`, in our own namespace: `PfahlplanerDaten` (the
 * settings the predecessor's XML has no element for, so our export re-imports without loss) and
 * `OutputDaten` (results, when a calculation result is given).
 */
import {
  FIELD_CATALOGUE,
  XML_ELEMENT_ORDER,
  fieldsOf,
  fromXmlValue,
  toXmlValue,
  type FieldDef,
  type FieldEntity,
} from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import { XMLParser } from 'fast-xml-parser';
import { issue, type ImportIssue } from '../issues';
import {
  LocationMap,
  validateImported,
  type ImportedWorkbook,
  type ImportOptions,
} from '../validate';
import type { ReportResult } from '../result';
import { checkXml, lineIndex } from './safe-xml';

export const INPUT_DATEN_NAMESPACE = 'http://schemas.datacontract.org/2004/07/DHPD';
export const PFAHLPLANER_NAMESPACE = 'urn:pfahlplaner:xml:1';

// ---------------------------------------------------------------------------------------------- write

/** XML 1.0 text: markup characters escaped, CR kept as a reference, characters XML cannot carry dropped. */
export const escapeXml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    )
    .replace(/\r/g, '&#13;');

const element = (name: string, text: string, indent: string): string =>
  `${indent}<${name}>${escapeXml(text)}</${name}>`;

type Row = Record<string, unknown>;

const fieldElements = (entity: FieldEntity, row: Row, indent: string): string[] =>
  (XML_ELEMENT_ORDER[entity] as readonly string[]).map((key) => {
    const field = (FIELD_CATALOGUE[entity] as Record<string, FieldDef>)[key]!;
    return element(field.xml!.element, toXmlValue(field, row[key] as never), indent);
  });

/** Settings without a predecessor element, by wire name (ADR 0053 "extension section"). */
const extensionSettings = (): FieldDef[] =>
  (fieldsOf('settings') as readonly FieldDef[]).filter((f) => f.xml === null && f.role === 'input');

/** Load-point inputs the predecessor's format has no element for (rake, tolerance, steel pipe wall). */
const extensionPileFields = (): FieldDef[] =>
  (fieldsOf('pile') as readonly FieldDef[]).filter((f) => f.xml === null && f.role === 'input');

const outputSection = (result: ReportResult, indent: string): string[] => {
  const lines = [`${indent}<OutputDaten xmlns="${PFAHLPLANER_NAMESPACE}">`];
  const i1 = `${indent}\t`;
  const i2 = `${i1}\t`;
  const i3 = `${i2}\t`;
  lines.push(element('_engineVersion', result.engineVersion, i1));
  lines.push(`${i1}<pfaehle>`, `${i2}<LastPunktOutputList>`);
  const pileResults = (fieldsOf('pile') as readonly FieldDef[]).filter(
    (f) => f.role === 'result' && f.xml !== null,
  );
  for (const pile of result.piles) {
    lines.push(`${i3}<LastPunktOutput>`, element('_Pname', pile.Pname, `${i3}\t`));
    for (const field of pileResults) {
      const value = (pile as unknown as Row)[field.key];
      if (value === undefined) continue;
      lines.push(element(field.xml!.element, toXmlValue(field, value as never), `${i3}\t`));
    }
    lines.push(`${i3}</LastPunktOutput>`);
  }
  lines.push(`${i2}</LastPunktOutputList>`, `${i1}</pfaehle>`, `${i1}<BodenNutzung>`);
  for (const profile of result.soil_profiles) {
    lines.push(`${i2}<BodenProfilNutzung>`, element('_profilName', profile.name, `${i2}\t`));
    lines.push(element('_Pfahltyp', profile.PfahlTyp ?? '', `${i2}\t`), `${i2}\t<_schichten>`);
    for (const layer of profile.soil_layers) {
      lines.push(`${i3}\t<BodenSchichtNutzung>`);
      for (const key of ['usedQsk', 'usedQbk002', 'usedQbk003', 'usedQbk01'] as const) {
        const field = FIELD_CATALOGUE.soilLayer[key] as FieldDef;
        lines.push(
          element(field.xml!.element, toXmlValue(field, layer[key] as never), `${i3}\t\t`),
        );
      }
      lines.push(`${i3}\t</BodenSchichtNutzung>`);
    }
    lines.push(`${i2}\t</_schichten>`, `${i2}</BodenProfilNutzung>`);
  }
  lines.push(`${i1}</BodenNutzung>`);
  if (result.horizontal_loadcases) {
    const loadResults = (fieldsOf('horizontalLoad') as readonly FieldDef[]).filter(
      (f) => f.role === 'result' && f.xml !== null,
    );
    lines.push(`${i1}<hLasten>`);
    for (const loadCase of result.horizontal_loadcases) {
      lines.push(`${i2}<HLastOutputTabelle>`, element('hTabelleName', loadCase.name, `${i2}\t`));
      for (const row of loadCase.horizontal_loads) {
        lines.push(`${i2}\t<HLastPunktHorOutput>`, element('_Pname', row.Pname, `${i3}\t`));
        for (const field of loadResults) {
          const value = (row as unknown as Row)[field.key];
          if (value === undefined) continue;
          const text = typeof value === 'string' ? value : toXmlValue(field, value as never);
          lines.push(element(field.xml!.element, text, `${i3}\t`));
        }
        lines.push(`${i2}\t</HLastPunktHorOutput>`);
      }
      lines.push(`${i2}</HLastOutputTabelle>`);
    }
    lines.push(`${i1}</hLasten>`);
  }
  const issues = [
    ...result.issues.map((entry) => ({ where: '', entry })),
    ...result.piles.flatMap((pile) => pile.issues.map((entry) => ({ where: pile.Pname, entry }))),
  ];
  lines.push(`${i1}<_hinweise>`);
  for (const { where, entry } of issues) {
    lines.push(
      `${i2}<Hinweis code="${escapeXml(entry.code)}" severity="${escapeXml(entry.severity)}" lastpunkt="${escapeXml(where)}"/>`,
    );
  }
  lines.push(`${i1}</_hinweise>`, `${indent}</OutputDaten>`);
  return lines;
};

/**
 * The `InputDaten` document of a workbook (engine units, predecessor element order), plus our
 * extension and, when `result` is given, an `OutputDaten` section with the results.
 * @param workbook the project workbook (version is not written)
 * @param result optional engine result (`calculateProject`, plus horizontal load cases when calculated)
 */
export function writeInputDatenXml(
  workbook: ImportedWorkbook | (ImportedWorkbook & { version: number }),
  result?: ReportResult | ProjectResult,
): string {
  const t1 = '\t';
  const t2 = '\t\t';
  const t3 = '\t\t\t';
  const t4 = '\t\t\t\t';
  const t5 = '\t\t\t\t\t';
  const t6 = '\t\t\t\t\t\t';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<InputDaten xmlns="${INPUT_DATEN_NAMESPACE}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">`,
    `${t1}<projektInfo>`,
    ...fieldElements('settings', workbook.settings, t2),
    `${t1}</projektInfo>`,
    `${t1}<boden>`,
    `${t2}<alleBodenProfile>`,
  ];
  for (const profile of workbook.soil_profiles) {
    lines.push(`${t3}<BodenProfilDaten>`, ...fieldElements('soilProfile', profile, t4));
    lines.push(`${t4}<alleBodenSchichten>`);
    for (const layer of profile.soil_layers) {
      lines.push(`${t5}<BodenSchichtDaten>`, ...fieldElements('soilLayer', layer, t6));
      lines.push(`${t5}</BodenSchichtDaten>`);
    }
    lines.push(`${t4}</alleBodenSchichten>`, `${t3}</BodenProfilDaten>`);
  }
  lines.push(
    `${t2}</alleBodenProfile>`,
    `${t1}</boden>`,
    `${t1}<pfaehle>`,
    `${t2}<LastPunktInputList>`,
  );
  for (const pile of workbook.piles) {
    lines.push(
      `${t3}<LastPunktInput>`,
      ...fieldElements('pile', pile, t4),
      `${t3}</LastPunktInput>`,
    );
  }
  lines.push(`${t2}</LastPunktInputList>`, `${t1}</pfaehle>`, `${t1}<hLasten>`, `${t2}<hTabellen>`);
  for (const loadCase of workbook.horizontal_loadcases) {
    lines.push(`${t3}<HLastInputTabelle>`, ...fieldElements('horizontalLoadCase', loadCase, t4));
    lines.push(`${t4}<hLastPunkte>`);
    for (const load of loadCase.horizontal_loads) {
      lines.push(`${t5}<HLastPunktInput>`, ...fieldElements('horizontalLoad', load, t6));
      lines.push(`${t5}</HLastPunktInput>`);
    }
    lines.push(`${t4}</hLastPunkte>`, `${t3}</HLastInputTabelle>`);
  }
  lines.push(`${t2}</hTabellen>`, `${t1}</hLasten>`);
  lines.push(`${t1}<PfahlplanerDaten xmlns="${PFAHLPLANER_NAMESPACE}">`, `${t2}<projektInfo>`);
  for (const field of extensionSettings()) {
    lines.push(
      element(field.key, toXmlValue(field, (workbook.settings as Row)[field.key] as never), t3),
    );
  }
  lines.push(`${t2}</projektInfo>`);
  // One LastPunktZusatz per LastPunktInput, in the same order, named by its Pname for readers.
  lines.push(`${t2}<pfaehle>`);
  for (const pile of workbook.piles) {
    lines.push(`${t3}<LastPunktZusatz>`, element('Pname', String(pile.Pname), t4));
    for (const field of extensionPileFields()) {
      lines.push(element(field.key, toXmlValue(field, (pile as Row)[field.key] as never), t4));
    }
    lines.push(`${t3}</LastPunktZusatz>`);
  }
  lines.push(`${t2}</pfaehle>`, `${t1}</PfahlplanerDaten>`);
  if (result) lines.push(...outputSection(result, t1));
  lines.push('</InputDaten>', '');
  return lines.join('\n');
}

// ----------------------------------------------------------------------------------------------- read

type Node = Record<string, unknown>;
const META = XMLParser.getMetaDataSymbol() as unknown as string;
const TEXT = '#text';

const children = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return Array.isArray(value) ? (value as Node[]) : [];
};
const textOf = (node: Node): string => (typeof node[TEXT] === 'string' ? node[TEXT] : '');
const hasChildElements = (node: Node): boolean =>
  Object.keys(node).some((key) => key !== TEXT && !key.startsWith(':@'));

/** Elements the importer knows but does not read (reported once as VALUE_DROPPED, info). */
const IGNORED_ELEMENTS = new Set([
  'userMailAddress',
  'userKey',
  'userKeyHorizontal',
  '_userInfo',
  '_customerInfo',
  'OutputDaten',
  // head embedment: the setting had no effect and was removed (ADR 0133); predecessor files still carry it
  '_KopfEinbindung',
]);

class Reader {
  readonly issues: ImportIssue[] = [];
  readonly locations = new LocationMap();
  private readonly line: (offset: number) => number;

  constructor(text: string) {
    this.line = lineIndex(text);
  }

  lineOf(node: Node): number | null {
    const meta = (node as Record<string, { startIndex?: number } | undefined>)[META];
    return meta?.startIndex === undefined ? null : this.line(meta.startIndex);
  }

  /**
   * Read the field elements of one record. `path` is the wire path of the row; `where` its element path.
   */
  readRecord(
    entity: FieldEntity,
    node: Node,
    path: (string | number)[],
    where: string,
    skip: Set<string>,
  ): Row {
    const row: Row = {};
    const byElement = new Map(
      (fieldsOf(entity) as readonly FieldDef[])
        .filter((f) => f.xml !== null && f.role === 'input')
        .map((f) => [f.xml!.element, f]),
    );
    this.locations.set(path, { sheet: where, row: this.lineOf(node), column: null });
    for (const name of Object.keys(node)) {
      if (name === TEXT || skip.has(name)) continue;
      const elements = children(node, name);
      const field = byElement.get(name);
      const first = elements[0];
      if (!field || !first) {
        this.unknown(name, first, where);
        continue;
      }
      const line = this.lineOf(first);
      this.locations.set([...path, field.key], { sheet: where, row: line, column: name });
      if (elements.length > 1) {
        this.issues.push(
          issue(
            'XML_ELEMENT_REPEATED',
            { sheet: where, row: this.lineOf(elements[1]!), column: name },
            { element: name },
          ),
        );
      }
      if (hasChildElements(first)) {
        this.issues.push(
          issue('INVALID_TYPE', { sheet: where, row: line, column: name }, { element: name }),
        );
        continue;
      }
      const read = fromXmlValue(field, textOf(first));
      if (read.ok) row[field.key] = read.value;
      else if (read.code === 'REQUIRED' && field.default !== null) {
        this.issues.push(
          issue(
            'DEFAULT_APPLIED',
            { sheet: where, row: line, column: name },
            { element: name, default: field.default as never },
            'warning',
          ),
        );
      } else {
        this.issues.push(
          issue(
            read.code,
            { sheet: where, row: line, column: name },
            { element: name, text: textOf(first).slice(0, 40) },
          ),
        );
      }
    }
    return row;
  }

  unknown(name: string, node: Node | undefined, where: string): void {
    const location = { sheet: where, row: node ? this.lineOf(node) : null, column: name };
    if (IGNORED_ELEMENTS.has(name)) {
      this.issues.push(issue('VALUE_DROPPED', location, { element: name }, 'info'));
    } else {
      this.issues.push(issue('XML_UNKNOWN_ELEMENT', location, { element: name }, 'warning'));
    }
  }

  /** The single child `name` of `node`, reporting a missing or repeated one. */
  single(node: Node, name: string, where: string, required: boolean): Node | undefined {
    const found = children(node, name);
    if (found.length === 0 && required) {
      this.issues.push(
        issue(
          'XML_ELEMENT_MISSING',
          { sheet: where, row: this.lineOf(node), column: name },
          { element: name },
        ),
      );
    }
    if (found.length > 1) {
      this.issues.push(
        issue(
          'XML_ELEMENT_REPEATED',
          { sheet: where, row: this.lineOf(found[1]!), column: name },
          { element: name },
        ),
      );
    }
    return found[0];
  }

  /**
   * The list items at the end of a chain of container elements (`['boden', 'alleBodenProfile',
   * 'BodenProfilDaten']`), each with its element path; unknown children of the containers are reported.
   */
  items(parent: Node | undefined, where: string, chain: string[]): { node: Node; where: string }[] {
    let node = parent;
    let path = where;
    for (let index = 0; index < chain.length - 1; index += 1) {
      if (!node) return [];
      const name = chain[index]!;
      node = this.single(node, name, path, false);
      path = `${path}/${name}`;
      if (node) this.others(node, [chain[index + 1]!], path);
    }
    const item = chain[chain.length - 1]!;
    return children(node, item).map((child, k) => ({
      node: child,
      where: `${path}/${item}[${k + 1}]`,
    }));
  }

  /** Report every child of `node` that is not in `known`. */
  others(node: Node, known: string[], where: string): void {
    for (const name of Object.keys(node)) {
      if (name === TEXT || known.includes(name)) continue;
      this.unknown(name, children(node, name)[0], where);
    }
  }
}

/**
 * The load-point inputs of our extension (`PfahlplanerDaten/pfaehle/LastPunktZusatz`, one per
 * `LastPunktInput` in the same order). An entry whose `Pname` does not match its load point is reported
 * and not applied, so a hand-edited file can never move values to another load point.
 */
const readPileExtension = (reader: Reader, extension: Node, piles: Row[]): void => {
  const fields = extensionPileFields();
  reader
    .items(extension, 'InputDaten/PfahlplanerDaten', ['pfaehle', 'LastPunktZusatz'])
    .forEach(({ node, where }, index) => {
      const pile = piles[index];
      const nameNode = children(node, 'Pname')[0];
      const name = typeof pile?.Pname === 'string' ? pile.Pname : null;
      if (!pile || !nameNode || textOf(nameNode) !== name) {
        reader.issues.push(
          issue(
            'XML_UNKNOWN_ELEMENT',
            { sheet: where, row: reader.lineOf(node), column: 'LastPunktZusatz' },
            { element: 'LastPunktZusatz' },
            'warning',
          ),
        );
        return;
      }
      for (const field of fields) {
        const element = children(node, field.key)[0];
        if (!element) continue;
        const read = fromXmlValue(field, textOf(element));
        const location = { sheet: where, row: reader.lineOf(element), column: field.key };
        reader.locations.set(['piles', index, field.key], location);
        if (read.ok) pile[field.key] = read.value;
        else if (!(read.code === 'REQUIRED' && field.default !== null)) {
          reader.issues.push(issue(read.code, location, { element: field.key }));
        }
      }
      reader.others(node, ['Pname', ...fields.map((f) => f.key)], where);
    });
};

/**
 * Read an `InputDaten` document (the predecessor's export or ours). Safe: size/depth limits, DOCTYPE and
 * ENTITY declarations refused. Every problem is an ImportIssue with the element path in `sheet`, the
 * line in `row` and the element name in `column`.
 * @param input file bytes (UTF-8) or text
 * @param options `plan`: its limits are reported as problems (ImportOptions)
 * @returns the workbook (settings from `projektInfo`; results not read) and the issues
 */
export function parseInputDatenXml(
  input: Uint8Array | string,
  options: ImportOptions = {},
): {
  workbook: ImportedWorkbook;
  issues: ImportIssue[];
} {
  const checked = checkXml(input);
  if ('issues' in checked) return failed(checked.issues);
  const { text } = checked;
  const parser = new XMLParser({
    captureMetaData: true,
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: false,
    alwaysCreateTextNode: true,
    isArray: () => true,
    processEntities: true,
    htmlEntities: true,
    removeNSPrefix: true,
  });
  const document = parser.parse(text) as Node;
  const reader = new Reader(text);
  const rootName = Object.keys(document).find((key) => key !== TEXT);
  const root = rootName ? children(document, rootName)[0] : undefined;
  if (rootName !== 'InputDaten' || !root) {
    return failed([
      issue(
        'XML_WRONG_ROOT',
        { row: root ? reader.lineOf(root) : 1, column: rootName ?? null },
        { element: rootName ?? null },
      ),
    ]);
  }
  reader.others(
    root,
    ['projektInfo', 'boden', 'pfaehle', 'hLasten', 'PfahlplanerDaten'],
    'InputDaten',
  );

  const info = reader.single(root, 'projektInfo', 'InputDaten', true);
  const settings = info
    ? reader.readRecord('settings', info, ['settings'], 'InputDaten/projektInfo', new Set())
    : {};
  const extension = reader.single(root, 'PfahlplanerDaten', 'InputDaten', false);
  const extensionInfo = extension
    ? reader.single(extension, 'projektInfo', 'InputDaten/PfahlplanerDaten', false)
    : undefined;
  if (extensionInfo) {
    for (const field of extensionSettings()) {
      const node = children(extensionInfo, field.key)[0];
      if (!node) continue;
      const read = fromXmlValue(field, textOf(node));
      const where = {
        sheet: 'InputDaten/PfahlplanerDaten/projektInfo',
        row: reader.lineOf(node),
        column: field.key,
      };
      reader.locations.set(['settings', field.key], where);
      if (read.ok) settings[field.key] = read.value;
      else if (!(read.code === 'REQUIRED' && field.default !== null)) {
        reader.issues.push(issue(read.code, where, { element: field.key }));
      }
    }
    reader.others(
      extensionInfo,
      extensionSettings().map((f) => f.key),
      'InputDaten/PfahlplanerDaten/projektInfo',
    );
  }

  const soil_profiles = reader
    .items(root, 'InputDaten', ['boden', 'alleBodenProfile', 'BodenProfilDaten'])
    .map(({ node, where }, p) => {
      const path = ['soil_profiles', p];
      const profile = reader.readRecord(
        'soilProfile',
        node,
        path,
        where,
        new Set(['alleBodenSchichten']),
      );
      const layers = reader.items(node, where, ['alleBodenSchichten', 'BodenSchichtDaten']);
      profile.soil_layers = layers.map((layerItem, l) => {
        const layer = reader.readRecord(
          'soilLayer',
          layerItem.node,
          [...path, 'soil_layers', l],
          layerItem.where,
          new Set(),
        );
        // Driven-pile reverse rule (docs/sources/legacy-format.md §L5.2 step 4): qsk NaN → qsk := qskStern, qskStern := null.
        const qskText = children(layerItem.node, '_qsk')[0];
        if (qskText && textOf(qskText).trim().toLowerCase() === 'nan') {
          layer.qsk = layer.qskStern ?? null;
          layer.qskStern = null;
        }
        return layer;
      });
      return profile;
    });

  const piles = reader
    .items(root, 'InputDaten', ['pfaehle', 'LastPunktInputList', 'LastPunktInput'])
    .map(({ node, where }, index) =>
      reader.readRecord('pile', node, ['piles', index], where, new Set()),
    );
  if (extension) readPileExtension(reader, extension, piles);

  const horizontal_loadcases = reader
    .items(root, 'InputDaten', ['hLasten', 'hTabellen', 'HLastInputTabelle'])
    .map(({ node, where }, c) => {
      const path = ['horizontal_loadcases', c];
      const loadCase = reader.readRecord(
        'horizontalLoadCase',
        node,
        path,
        where,
        new Set(['hLastPunkte']),
      );
      loadCase.horizontal_loads = reader
        .items(node, where, ['hLastPunkte', 'HLastPunktInput'])
        .map((item, l) =>
          reader.readRecord(
            'horizontalLoad',
            item.node,
            [...path, 'horizontal_loads', l],
            item.where,
            new Set(),
          ),
        );
      return loadCase;
    });

  const validated = validateImported(
    { settings, piles, soil_profiles, horizontal_loadcases },
    reader.locations,
    options,
  );
  return { workbook: validated.workbook, issues: [...reader.issues, ...validated.issues] };
}

const failed = (issues: ImportIssue[]) => {
  const { workbook } = validateImported(
    { settings: { name: 'Projekt' }, piles: [], soil_profiles: [], horizontal_loadcases: [] },
    new LocationMap(),
  );
  return { workbook, issues };
};
