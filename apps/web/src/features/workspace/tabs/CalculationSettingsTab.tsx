import {
  fieldsOf,
  SETTINGS_GROUPS,
  type FieldDef,
  type ProjectSettings,
} from '@pfahlplaner/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCellValue } from '../../grid/cell-value';
import { fieldText } from '../../grid/column-model';
import { optionLabel } from '../../grid/field-options';
import { usePreferences } from '../../preferences/usePreferences';
import { Icon } from '../Icon';

const SUMMARY_GROUPS = SETTINGS_GROUPS.filter(
  (group) => !['projectData', 'pdfOutput', 'internal'].includes(group),
);

/** A compact read-out of every calculation setting by group; editing happens in the settings dialog. */
export const CalculationSettingsTab = ({
  settings,
  onOpenDialog,
}: {
  settings: ProjectSettings;
  onOpenDialog: () => void;
}) => {
  const { t } = useTranslation();
  const { language, decimalSeparator } = usePreferences();
  const values = settings as unknown as Record<string, unknown>;
  const text = (key: string) => {
    const field: FieldDef = fieldsOf('settings').find((f) => f.key === key)!;
    const value = values[key];
    if (field.kind === 'boolean') {
      return value ? t('workspace.settings.yes') : t('workspace.settings.no');
    }
    if (field.kind === 'integer' && field.control === 'checkbox') {
      return value === 1 ? t('workspace.settings.yes') : t('workspace.settings.no');
    }
    // the same words as the editor's selects (one source for option labels)
    if (field.kind === 'enum') return optionLabel(field, value, language);
    const unit = fieldText(key, language)?.unit;
    const shown = formatCellValue({ field, options: [] }, value, decimalSeparator);
    return shown === '' ? '–' : unit ? `${shown} ${unit}` : shown;
  };
  return (
    <div className="pp-tab-pane">
      <div className="pp-tab-pane__bar">
        <span className="pp-muted">{t('workspace.settings.summaryLead')}</span>
        <Button
          type="primary"
          icon={<Icon name="settings" />}
          onClick={onOpenDialog}
          data-testid="open-settings"
        >
          {t('workspace.settings.edit')}
        </Button>
      </div>
      <div className="pp-settings-summary">
        {SUMMARY_GROUPS.map((group) => (
          <section key={group} className="pp-settings-summary__group">
            <h4>{t(`workspace.settings.group.${group}`)}</h4>
            <dl>
              {fieldsOf('settings')
                .filter((field) => field.group === group)
                .map((field) => (
                  <div key={field.key} className="pp-settings-summary__item">
                    <dt>{fieldText(field.key, language)?.label ?? field.key}</dt>
                    <dd data-testid={`summary-${field.key}`}>{text(field.key)}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
};
