/**
 * Safe reading of an XML document before any parser sees it: size limit, UTF-8, no DOCTYPE/ENTITY
 * (refused outright: no external entities, no entity expansion, so no billion laughs), a nesting depth
 * limit, and well-formedness with the line of the problem.
 */
import { XMLValidator } from 'fast-xml-parser';
import { issue, type ImportIssue } from '../issues';

/** Import limits of XML files. */
export const XML_LIMITS = { maxBytes: 20 * 1024 * 1024, maxDepth: 32 } as const;

/** 1-based line of a character offset. */
export const lineAt = (text: string, offset: number): number => {
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
  }
  return line;
};

/** Precomputed line starts for many lookups (binary search). */
export const lineIndex = (text: string): ((offset: number) => number) => {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
};

const decode = (input: Uint8Array | string): string | null => {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return null;
  }
};

/** Maximum element depth and where it is first exceeded (a linear scan over the tags). */
const depthProblem = (
  text: string,
  maxDepth: number,
): { element: string; offset: number } | null => {
  let depth = 0;
  const tag =
    /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [, closing, name, selfClosing] = match;
    if (name === undefined) continue;
    if (closing) depth -= 1;
    else if (!selfClosing) {
      depth += 1;
      if (depth > maxDepth) return { element: name, offset: match.index };
    }
  }
  return null;
};

/**
 * Check a document. Returns the text, or the issues that stop the import (each with element and line).
 */
export function checkXml(input: Uint8Array | string): { text: string } | { issues: ImportIssue[] } {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > XML_LIMITS.maxBytes) {
    return { issues: [issue('FILE_TOO_LARGE', {}, { max: XML_LIMITS.maxBytes, size })] };
  }
  const text = decode(input);
  if (text === null) return { issues: [issue('XML_MALFORMED', {}, { reason: 'not UTF-8' })] };
  const doctype = /<!\s*(DOCTYPE|ENTITY)/i.exec(text);
  if (doctype) {
    return {
      issues: [
        issue(
          'XML_DOCTYPE_FORBIDDEN',
          { row: lineAt(text, doctype.index), column: `!${doctype[1]!.toUpperCase()}` },
          { element: `!${doctype[1]!.toUpperCase()}`, line: lineAt(text, doctype.index) },
        ),
      ],
    };
  }
  const deep = depthProblem(text, XML_LIMITS.maxDepth);
  if (deep) {
    const line = lineAt(text, deep.offset);
    return {
      issues: [
        issue(
          'XML_TOO_DEEP',
          { row: line, column: deep.element },
          {
            element: deep.element,
            line,
            max: XML_LIMITS.maxDepth,
          },
        ),
      ],
    };
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    const element = /'([^']+)'/.exec(msg)?.[1] ?? null;
    return {
      issues: [
        issue('XML_MALFORMED', { row: line, column: element }, { line, col, reason: msg, element }),
      ],
    };
  }
  return { text };
}
