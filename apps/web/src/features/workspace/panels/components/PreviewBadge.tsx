import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Vorschau" marker for results computed in the browser, until the server calculation has run. */
export function PreviewBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('panels.previewHint')}>
      <Tag color="gold" data-testid="preview-badge" style={{ fontWeight: 600 }}>
        {t('panels.preview')}
      </Tag>
    </Tooltip>
  );
}
