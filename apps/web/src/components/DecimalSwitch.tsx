import { Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DecimalSeparator } from '../lib/format/number-format';
import { usePreferences } from '../features/preferences/usePreferences';

/** Decimal point / comma preference for tables (kept in localStorage, default point). */
export const DecimalSwitch = ({ dark = false }: { dark?: boolean }) => {
  const { t } = useTranslation();
  const { decimalSeparator, setDecimalSeparator } = usePreferences();
  return (
    <Tooltip title={`${t('nav.decimalSeparator')} – ${t('nav.decimalHint')}`}>
      <Segmented<DecimalSeparator>
        size="small"
        className={dark ? 'pp-segmented-dark' : undefined}
        aria-label={t('nav.decimalSeparator')}
        data-testid="decimal-switch"
        value={decimalSeparator}
        onChange={setDecimalSeparator}
        options={[
          {
            value: 'point',
            label: (
              <span data-testid="decimal-point" title={t('nav.decimalPoint')}>
                1.5
              </span>
            ),
          },
          {
            value: 'comma',
            label: (
              <span data-testid="decimal-comma" title={t('nav.decimalComma')}>
                1,5
              </span>
            ),
          },
        ]}
      />
    </Tooltip>
  );
};
