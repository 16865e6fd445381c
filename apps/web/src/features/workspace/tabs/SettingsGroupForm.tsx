import { fieldsOf, type ProjectSettings, type SettingsGroup } from '@pfahlplaner/contracts';
import { App, Tooltip } from 'antd';
import { errorText } from '../../../i18n';
import { validateCellValue } from '../../grid/cell-value';
import { fieldText } from '../../grid/column-model';
import { useCellInputErrorText } from '../../grid/input-error-text';
import { usePreferences } from '../../preferences/usePreferences';
import { SettingsFieldInput } from './SettingsFieldInput';

/** The settings of one catalogue group as a dense two-column form (label with help, control, rule error). */
export const SettingsGroupForm = ({
  group,
  settings,
  readOnly,
  onChange,
}: {
  group: SettingsGroup;
  settings: ProjectSettings;
  readOnly: boolean;
  onChange: (patch: Partial<ProjectSettings>) => void;
}) => {
  const { language } = usePreferences();
  const inputErrorText = useCellInputErrorText();
  const { message } = App.useApp();
  const values = settings as unknown as Record<string, unknown>;
  const fields = fieldsOf('settings').filter((field) => field.group === group);
  return (
    <div className="pp-settings-form" data-testid={`settings-${group}`}>
      {fields.map((field) => {
        const texts = fieldText(field.key, language);
        const problem = validateCellValue(field, values[field.key]);
        return (
          <div className="pp-settings-form__row" key={field.key}>
            <Tooltip title={texts?.help} placement="topLeft">
              <label htmlFor={`setting-${field.key}`} className="pp-settings-form__label">
                {texts?.label ?? field.key}
              </label>
            </Tooltip>
            <div>
              <SettingsFieldInput
                field={field}
                value={values[field.key]}
                disabled={readOnly}
                onChange={(value) => onChange({ [field.key]: value })}
                onInvalid={(error) => void message.error(inputErrorText(error))}
              />
              {problem && <div className="pp-settings-form__error">{errorText(problem)}</div>}
            </div>
          </div>
        );
      })}
    </div>
  );
};
