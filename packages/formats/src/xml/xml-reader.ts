/**
 * Walks a parsed `InputDaten` document (fast-xml-parser, preserve order off, every element an array): reads the
 * field elements of one record with the catalogue's XML mappings (contracts `fromXmlValue`, ADR 0053), finds list
 * items under their containers and reports every missing, repeated, unknown or ignored element as an ImportIssue
 * with its element path, line and name. @see docs/sources/legacy-format.md §L4.4
 */
import { fieldsOf, fromXmlValue, type FieldDef, type FieldEntity } from '@pfahlplaner/contracts';
import { XMLParser } from 'fast-xml-parser';
import { issue, type ImportIssue } from '../issues';
import { LocationMap } from '../validate';
import type { Row } from './input-daten-fields';
import { lineIndex } from './safe-xml';

export type Node = Record<string, unknown>;
const META = XMLParser.getMetaDataSymbol() as unknown as string;
export const TEXT = '#text';

export const children = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return Array.isArray(value) ? (value as Node[]) : [];
};
export const textOf = (node: Node): string => (typeof node[TEXT] === 'string' ? node[TEXT] : '');
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

export class Reader {
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
