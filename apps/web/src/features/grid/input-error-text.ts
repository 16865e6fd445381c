import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import type { CellInputError } from './cell-value';

/**
 * The translated sentence of a refused cell input, with the user's decimal mark and group separator
 * (one place for the grids and the settings forms).
 */
export const useCellInputErrorText = () => {
  const { t } = useTranslation();
  const { decimalSeparator } = usePreferences();
  return useCallback(
    (error: CellInputError) => {
      const params = {
        mark: decimalSeparator === 'comma' ? ',' : '.',
        group: decimalSeparator === 'comma' ? '.' : ',',
        example: decimalSeparator === 'comma' ? '1.200' : '1,200',
        setting: t('nav.decimalSeparator'),
      };
      return error === 'grouping'
        ? t('entry.inputError.grouping', params)
        : t(`workspace.grid.inputError.${error}`, params);
    },
    [t, decimalSeparator],
  );
};
