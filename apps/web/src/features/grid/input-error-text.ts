import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import type { CellInputError } from './cell-value';
import { choiceTextKeys } from './choice-texts';

/**
 * What was typed or pasted, and the names the column offers (for `reference`: they are listed, in the
 * words of the column — its wire name, `BodenProfil` or `Pname`).
 */
export type InputDetail = { text?: string; choices?: readonly string[]; column?: string };

/**
 * The translated sentence of a refused cell input, with the user's decimal mark and group separator
 * (one place for the grids and the settings forms); a name that is not one of the choices says which
 * names there are.
 */
export const useCellInputErrorText = () => {
  const { t } = useTranslation();
  const { decimalSeparator } = usePreferences();
  return useCallback(
    (error: CellInputError, detail: InputDetail = {}) => {
      const params = {
        mark: decimalSeparator === 'comma' ? ',' : '.',
        group: decimalSeparator === 'comma' ? '.' : ',',
        example: decimalSeparator === 'comma' ? '1.200' : '1,200',
        setting: t('nav.decimalSeparator'),
        text: detail.text?.trim() ?? '',
        choices: (detail.choices ?? []).join(', '),
      };
      if (error === 'grouping') return t('entry.inputError.grouping', params);
      if (error === 'reference') {
        const keys = choiceTextKeys(detail.column);
        return (detail.choices ?? []).length === 0
          ? t(keys.referenceNone, params)
          : t(keys.reference, params);
      }
      return t(`workspace.grid.inputError.${error}`, params);
    },
    [t, decimalSeparator],
  );
};
