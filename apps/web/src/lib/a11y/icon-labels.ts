/**
 * Ant Design draws its icons as `<span role="img" aria-label="search">`: English words a screen reader reads
 * out on German screens, and the only name of an icon-only button (the search button of `Input.Search`, an
 * editable tab's "plus", a pagination arrow). antd has no prop for the labels of the icons it renders itself,
 * so they are set here, in the DOM, for every screen (ADR 0194): every antd icon is decorative
 * (`aria-hidden`), and a button whose only content is an icon gets the icon's meaning as its name in the
 * user's language, as does an icon-only button antd labels in English itself ("Clear", "remove"). Our own
 * icons (`Icon.tsx`) are `aria-hidden` already; a button we label ourselves keeps its label.
 */

/** The meaning of an antd icon (its English `aria-label`) when it is a button's only content. */
export const ICON_BUTTON_LABELS = {
  search: 'a11y.icon.search',
  close: 'a11y.icon.close',
  'close-circle': 'a11y.icon.clear',
  plus: 'a11y.icon.add',
  delete: 'a11y.icon.delete',
  edit: 'a11y.icon.edit',
  copy: 'a11y.icon.copy',
  left: 'a11y.icon.previous',
  right: 'a11y.icon.next',
  'double-left': 'a11y.icon.morePrevious',
  'double-right': 'a11y.icon.moreNext',
  ellipsis: 'a11y.icon.more',
  down: 'a11y.icon.open',
  reload: 'a11y.icon.retry',
  upload: 'a11y.icon.upload',
  download: 'a11y.icon.download',
  menu: 'a11y.icon.menu',
  setting: 'a11y.icon.settings',
  'question-circle': 'a11y.icon.help',
  'info-circle': 'a11y.icon.info',
} as const;

/**
 * Labels antd writes in English on its own icon-only buttons whatever its locale (the clear button of a
 * select, an editable tab's remove and add buttons, a dialog's close button), and their words.
 */
export const ANTD_ENGLISH_BUTTON_LABELS = {
  Clear: 'a11y.icon.clear',
  remove: 'a11y.icon.remove',
  'Add tab': 'a11y.icon.add',
  Close: 'a11y.icon.close',
} as const;

export type IconLabelKey =
  | (typeof ICON_BUTTON_LABELS)[keyof typeof ICON_BUTTON_LABELS]
  | (typeof ANTD_ENGLISH_BUTTON_LABELS)[keyof typeof ANTD_ENGLISH_BUTTON_LABELS];

/** Marks a button this module named, with the icon it was named after (for a change of language). */
const NAMED_BY_ICON = 'data-pp-icon-label';

const ICON = '.anticon[role="img"]:not([aria-hidden="true"])';

const keyIn = <T extends Record<string, IconLabelKey>>(table: T, name: string | null) =>
  name !== null && Object.hasOwn(table, name) ? table[name as keyof T]! : null;

/**
 * The words of an icon-only button: its English antd label translated, else (no label) the icon's
 * meaning; null for a label of our own (kept) or an icon of no known meaning.
 */
const buttonKey = (button: Element, iconName: string | null): IconLabelKey | null => {
  if (button.hasAttribute(NAMED_BY_ICON)) return button.getAttribute(NAMED_BY_ICON) as IconLabelKey;
  if (button.hasAttribute('aria-labelledby')) return null;
  const label = button.getAttribute('aria-label');
  if (label !== null) return keyIn(ANTD_ENGLISH_BUTTON_LABELS, label);
  return keyIn(ICON_BUTTON_LABELS, iconName);
};

/** True when the button shows nothing but icons (no text a screen reader could read as its name). */
const isIconOnly = (button: Element) => (button.textContent ?? '').trim() === '';

/**
 * Makes the antd icons in `root` (and `root` itself) decorative and names the icon-only buttons around
 * them with `translate`; returns how many icons it changed.
 */
export const labelIcons = (root: Element, translate: (key: IconLabelKey) => string): number => {
  const icons = [...root.querySelectorAll<HTMLElement>(ICON)];
  if (root.matches(ICON)) icons.push(root as HTMLElement);
  for (const icon of icons) {
    const name = icon.getAttribute('aria-label');
    icon.setAttribute('aria-hidden', 'true');
    const button = icon.closest('button, [role="button"]');
    if (!button || !isIconOnly(button)) continue;
    const key = buttonKey(button, name);
    if (!key) continue;
    button.setAttribute(NAMED_BY_ICON, key);
    button.setAttribute('aria-label', translate(key));
  }
  return icons.length;
};

/** Names the buttons named by `labelIcons` again, in the language `translate` speaks now. */
export const relabelIconButtons = (root: Element, translate: (key: IconLabelKey) => string) => {
  for (const button of root.querySelectorAll(`[${NAMED_BY_ICON}]`)) {
    button.setAttribute(
      'aria-label',
      translate(button.getAttribute(NAMED_BY_ICON) as IconLabelKey),
    );
  }
};
