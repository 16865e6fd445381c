import type { Page } from 'playwright-core';

/**
 * Horizontal overflow of the page and of open dialogs, toolbars on more than one line, grid headers cut, values
 * of the resistance table broken over lines, library labels left in English, buttons without a name, and raw
 * codes or colour codes in the visible text. One check for the layout tests and the newcomer journey.
 */
export const layoutProblems = async (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    }
    // every visible drawer and dialog fits the window and does not scroll sideways
    for (const box of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-drawer-content-wrapper, .ant-modal'),
    )) {
      const rect = box.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.right > window.innerWidth + 1) {
        problems.push(`${box.className} ends at ${rect.right}`);
      }
    }
    for (const body of Array.from(
      document.querySelectorAll<HTMLElement>(
        '.ant-drawer-body, .ant-modal-body, .ant-modal-body > div > div, .ant-drawer-body .ant-card, .ant-modal-body .ant-card',
      ),
    )) {
      if (body.scrollWidth > body.clientWidth + 1) {
        problems.push(
          `${body.className || 'dialog content'} scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`,
        );
      }
    }
    // the workspace toolbar and the visible grid toolbars: one line (every item's top on the first line)
    const bars = Array.from(
      document.querySelectorAll<HTMLElement>('.pp-workspace__bar, .pp-grid__toolbar'),
    );
    for (const bar of bars) {
      const items = Array.from(bar.querySelectorAll<HTMLElement>('button, .ant-select, h1'))
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.height > 0);
      if (items.length === 0) continue;
      const top = Math.min(...items.map((r) => r.top));
      const lowest = Math.max(...items.map((r) => r.top));
      if (lowest - top > 12) {
        problems.push(`${bar.className} wraps: items from ${top} to ${lowest}`);
      }
      if (bar.scrollWidth > bar.clientWidth + 1) problems.push(`${bar.className} scrolls sideways`);
    }
    // grid headers on at most two lines, none cut ("Pile diamete…" in English)
    for (const label of Array.from(
      document.querySelectorAll<HTMLElement>('.pp-grid-header__label'),
    )) {
      if (label.offsetParent !== null && label.scrollHeight > label.clientHeight + 1) {
        problems.push(`grid header cut: ${label.textContent}`);
      }
    }
    // a value of the resistance table on one line ("831.5" over "kN" was the label taking the width)
    for (const cell of Array.from(
      document.querySelectorAll('[data-testid="resistances"] .ant-descriptions-item-content'),
    )) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`value wraps: ${cell.textContent}`);
    }
    // screen-reader labels the libraries write in English whatever the language
    for (const element of Array.from(
      document.querySelectorAll(
        '[aria-label="Add tab"], [aria-label="remove"], [aria-label="expanded dropdown"], [aria-label="Select all"]',
      ),
    )) {
      problems.push(`untranslated label: ${element.getAttribute('aria-label')}`);
    }
    // every visible button has a name a screen reader can say (an icon-only antd button whose icon is not in
    // the label table of ADR 0194 would have none)
    for (const button of Array.from(
      document.querySelectorAll<HTMLElement>('button, [role="button"], a[href]'),
    )) {
      const rect = button.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || button.closest('[aria-hidden="true"]')) continue;
      const labelledBy = (button.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join('');
      const name = [
        button.getAttribute('aria-label'),
        labelledBy,
        button.innerText,
        ...Array.from((button as HTMLButtonElement).labels ?? [], (label) => label.innerText),
        button.getAttribute('title'),
        ...Array.from(button.querySelectorAll('img[alt]'), (img) => img.getAttribute('alt')),
      ]
        .map((part) => (part ?? '').trim())
        .find((part) => part !== '');
      if (name === undefined) {
        problems.push(`button without a name: ${button.outerHTML.slice(0, 160)}`);
      }
    }
    // no raw code or identifier in the text a person reads (CURVE_RULE_UNVERIFIED, profileBottom, toe-layer)
    const text = document.body.innerText;
    const raw = text.match(
      /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|profileBottom|toe-layer|sls-settlement|uls-compression/g,
    );
    if (raw) problems.push(`raw codes on screen: ${[...new Set(raw)].join(', ')}`);
    // no colour code (a layer colour "D8D8D8" is a swatch and a word): six or eight hex
    // digits with at least one letter and one digit
    const colours = text.match(/\b(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{6}(?:[0-9A-F]{2})?\b/g);
    if (colours) problems.push(`colour codes on screen: ${[...new Set(colours)].join(', ')}`);
    return problems;
  });
