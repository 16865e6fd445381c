import type { CalculationInfo } from '@pfahlplaner/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultMode } from '../grid/CatalogueGrid';

type Props = {
  mode: ResultMode;
  /** The stored calculation the results come from, if any. */
  info: CalculationInfo | null;
  /** True when no input was edited since the stored calculation was loaded or made. */
  untouched: boolean;
};

/**
 * The results' state in the workspace header. Results of an earlier engine version (ADR 0107) say which
 * version made them and which one would calculate now, as long as the inputs are untouched.
 */
export const CalculationStatusTag = ({ mode, info, untouched }: Props) => {
  const { t } = useTranslation();
  switch (mode) {
    case 'fresh':
      return (
        <Tag color="success" data-testid="calc-state-fresh">
          {t('workspace.calc.fresh')}
        </Tag>
      );
    case 'stale':
      return (
        <Tag color="warning" data-testid="calc-state-stale">
          {untouched && info?.stale_reason === 'engine'
            ? t('workspace.calc.staleEngine', {
                engine: info.engine_version,
                current: info.current_engine_version,
              })
            : t('workspace.calc.stale')}
        </Tag>
      );
    case 'preview':
      return (
        <Tag color="processing" data-testid="calc-state-preview">
          {t('workspace.calc.preview')}
        </Tag>
      );
    case 'none':
      return <Tag data-testid="calc-state-none">{t('workspace.calc.none')}</Tag>;
  }
};
