import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalSwitch } from '../../../components/DecimalSwitch';

/** Workspace settings of this browser: decimal mark of numbers and the row overview beside the grids. */
export const PreferencesTab = ({
  showMinimap,
  onShowMinimap,
}: {
  showMinimap: boolean;
  onShowMinimap: (on: boolean) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="pp-tab-pane pp-tab-pane--narrow">
      <div className="pp-settings-form">
        <div className="pp-settings-form__row">
          <span className="pp-settings-form__label">{t('nav.decimalSeparator')}</span>
          <div>
            <DecimalSwitch />
            <div className="pp-muted pp-small">{t('workspace.prefs.decimalHelp')}</div>
          </div>
        </div>
        <div className="pp-settings-form__row">
          <label htmlFor="pref-minimap" className="pp-settings-form__label">
            {t('workspace.prefs.minimap')}
          </label>
          <div>
            <Switch
              id="pref-minimap"
              size="small"
              checked={showMinimap}
              onChange={onShowMinimap}
              data-testid="minimap-switch"
            />
            <div className="pp-muted pp-small">{t('workspace.prefs.minimapHelp')}</div>
          </div>
        </div>
      </div>
    </div>
  );
};
