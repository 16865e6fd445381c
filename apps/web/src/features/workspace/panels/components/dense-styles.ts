/** Compact antd Descriptions cells (engineering tables: many values, little padding, aligned digits). */
export const DENSE_DESCRIPTIONS = {
  label: { whiteSpace: 'nowrap', padding: '3px 8px' },
  content: { padding: '3px 8px', fontVariantNumeric: 'tabular-nums' },
} as const;

/**
 * The same for a table of results with units: a value stays on one line ("923.9 kN", never "923.9" over
 * "kN"); the labels wrap instead (a long label took the width and broke every value at 1280 px).
 */
export const DENSE_NUMBERS = {
  label: { padding: '3px 8px' },
  content: { padding: '3px 8px', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
} as const;

/** Small inline tag next to a value (table source, input marker). */
export const INLINE_TAG = {
  fontSize: 10,
  lineHeight: '16px',
  marginInlineStart: 4,
  marginInlineEnd: 0,
  paddingInline: 3,
} as const;
