/**
 * Reads the predecessor's `InputDaten` document (docs/sources/legacy-format.md §L4.4, §L5.1, §L5.2) or our export
 * into a validated workbook: the predecessor's elements, then our extension `PfahlplanerDaten` (settings and
 * load-point inputs without a predecessor element, ADR 0053). `OutputDaten` (results) is not read.
 */
import { fromXmlValue } from '@pfahlplaner/contracts';
import { XMLParser } from 'fast-xml-parser';
import { issue, type ImportIssue } from '../issues';
import {
  LocationMap,
  validateImported,
  type ImportedWorkbook,
  type ImportOptions,
} from '../validate';
import { extensionPileFields, extensionSettings, type Row } from './input-daten-fields';
import { checkXml } from './safe-xml';
import { children, Reader, TEXT, textOf, type Node } from './xml-reader';

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
