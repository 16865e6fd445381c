import { useCallback } from 'react';
import { formatNumber } from '../../../../lib/format/number-format';
import { usePreferences } from '../../../preferences/usePreferences';

/** Number formatter with the user's decimal mark and fixed decimals; null/NaN show as an en dash. */
export const useNum = () => {
  const { decimalSeparator } = usePreferences();
  return useCallback(
    (value: number | null | undefined, decimals = 2): string =>
      value == null || !Number.isFinite(value)
        ? '–'
        : formatNumber(value, decimalSeparator, { decimals }),
    [decimalSeparator],
  );
};
