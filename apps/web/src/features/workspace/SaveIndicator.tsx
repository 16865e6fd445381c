import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n';
import { formatDateTime } from '../projects/format';
import { Icon } from './Icon';
import type { SaveStatus } from './state/autosave';

/** The visible save state of the toolbar: Speichern… / Gespeichert / the reason it is not saved. */
export const SaveIndicator = ({
  status,
  planLimited = false,
}: {
  status: SaveStatus;
  planLimited?: boolean;
}) => {
  const { t } = useTranslation();
  const text = (() => {
    switch (status.kind) {
      case 'saved':
        return t('workspace.save.saved');
      case 'pending':
      case 'saving':
        return t('workspace.save.saving');
      case 'invalid':
        // a plan limit is no invalid value: say what it is (the notice above the tabs names it)
        return planLimited
          ? t('entry.save.planLimit')
          : t('workspace.save.invalid', { count: status.count });
      case 'error':
        return t('workspace.save.error');
      case 'conflict':
        return t('workspace.save.conflict');
    }
  })();
  const tip =
    status.kind === 'saved' && status.at
      ? t('workspace.save.savedAt', { date: formatDateTime(status.at) })
      : status.kind === 'error' && status.code
        ? errorText(status.code)
        : status.kind === 'invalid'
          ? planLimited
            ? t('entry.save.kept')
            : t('workspace.save.invalidHelp')
          : status.kind === 'error'
            ? t('workspace.save.errorHelp')
            : undefined;
  const tone =
    status.kind === 'saved'
      ? 'ok'
      : status.kind === 'pending' || status.kind === 'saving'
        ? 'busy'
        : 'bad';
  return (
    <Tooltip title={tip}>
      <span
        className={`pp-save pp-save--${tone}`}
        data-testid="save-state"
        data-tour="save-state"
        data-state={status.kind}
      >
        <Icon name={tone === 'ok' ? 'check' : tone === 'busy' ? 'paste' : 'warning'} size={14} />
        {text}
      </span>
    </Tooltip>
  );
};
