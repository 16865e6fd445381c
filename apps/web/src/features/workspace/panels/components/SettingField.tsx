import type { FieldDef } from '@pfahlplaner/contracts';
import { Checkbox, Input, Select, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldOptions } from '../../../grid/field-options';
import { fieldText } from '../utils/field-texts';
import type { DraftValue } from '../utils/settings-form';

/** One setting: label with help tooltip, the control for its kind, unit, and the translated error. */
export function SettingField({
  field,
  value,
  error,
  isReadOnly,
  onChange,
}: {
  field: FieldDef;
  value: DraftValue;
  error: string | null;
  isReadOnly: boolean;
  onChange: (value: DraftValue) => void;
}) {
  const { i18n } = useTranslation();
  const text = fieldText(i18n.language, field.key);
  const id = `setting-${field.key}`;
  const unit = text.unit;
  let control;
  if (field.kind === 'boolean') {
    control = (
      <Switch
        id={id}
        size="small"
        checked={value === true}
        disabled={isReadOnly}
        onChange={(v) => onChange(v)}
      />
    );
  } else if (field.kind === 'integer' && field.control === 'checkbox') {
    control = (
      <Checkbox
        id={id}
        checked={value === 1}
        disabled={isReadOnly}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
      />
    );
  } else if (field.kind === 'enum') {
    control = (
      <Select
        id={id}
        size="small"
        style={{ width: '100%' }}
        value={value as string | number}
        disabled={isReadOnly}
        onChange={(v: string | number) => onChange(v)}
        options={fieldOptions(field, i18n.language)}
      />
    );
  } else {
    control = (
      <Input
        id={id}
        size="small"
        value={typeof value === 'string' ? value : value == null ? '' : String(value)}
        disabled={isReadOnly}
        status={error ? 'error' : undefined}
        inputMode={field.kind === 'string' ? undefined : 'decimal'}
        suffix={unit ? <span style={{ color: '#5b6778', fontSize: 12 }}>{unit}</span> : undefined}
        onChange={(e) => onChange(e.target.value)}
        styles={{ input: { textAlign: field.kind === 'string' ? 'left' : 'right' } }}
      />
    );
  }
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) 150px',
        gap: 8,
        alignItems: 'center',
        padding: '2px 0',
      }}
    >
      <label htmlFor={id} style={{ fontSize: 13, lineHeight: 1.25 }}>
        <Tooltip title={text.help} placement="topLeft">
          <span
            style={{ borderBottom: text.help ? '1px dotted #8c96a5' : undefined, cursor: 'help' }}
          >
            {text.label}
          </span>
        </Tooltip>
      </label>
      <div>{control}</div>
      {error && (
        <div role="alert" style={{ gridColumn: '1 / span 2', color: '#cf1322', fontSize: 12 }}>
          {error}
        </div>
      )}
    </div>
  );
}
