import type { FieldDef } from '@pfahlplaner/contracts';
import { Checkbox, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { formatCellValue, parseCellInput, type CellInputError } from '../../grid/cell-value';
import { fieldText } from '../../grid/column-model';
import { fieldOptions } from '../../grid/field-options';
import { usePreferences } from '../../preferences/usePreferences';

/**
 * One settings field as a form control, from its catalogue entry: numbers typed with the user's decimal
 * mark (committed on blur/Enter, refused with a message when unreadable), 0/1 flags as checkboxes,
 * enums as selects, texts as inputs.
 */
export const SettingsFieldInput = ({
  field,
  value,
  disabled,
  onChange,
  onInvalid,
  refusal,
}: {
  field: FieldDef;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
  onInvalid: (message: CellInputError) => void;
  /** A rule of the caller (a profile name must be new): the reason a readable value is refused, or null. */
  refusal?: (value: unknown) => string | null;
}) => {
  const { language, decimalSeparator } = usePreferences();
  const texts = fieldText(field.key, language);
  const column = {
    field,
    options: fieldOptions(field, language),
  };
  const shown = formatCellValue(column, value, decimalSeparator);
  // The typed text until it is committed; a new stored value (undo, other tab) replaces it.
  const [typed, setTyped] = useState({ base: shown, text: shown });
  const draft = typed.base === shown ? typed.text : shown;
  const setDraft = (text: string) => setTyped({ base: shown, text });
  const id = `setting-${field.key}`;

  if (field.kind === 'integer' && field.control === 'checkbox') {
    return (
      <Checkbox
        id={id}
        checked={value === 1}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
      />
    );
  }
  if (field.kind === 'boolean') {
    return (
      <Switch
        id={id}
        size="small"
        checked={value === true}
        disabled={disabled}
        onChange={onChange}
      />
    );
  }
  if (field.kind === 'enum') {
    return (
      <Select
        id={id}
        value={value as string | number | null}
        disabled={disabled}
        options={column.options}
        onChange={onChange}
        style={{ width: '100%' }}
        size="small"
      />
    );
  }
  const commit = () => {
    if (draft === shown) return;
    const parsed = parseCellInput(column, draft, decimalSeparator);
    if (!parsed.ok) {
      onInvalid(parsed.error);
      setDraft(shown);
      return;
    }
    const value =
      field.kind === 'string' ? (parsed.value ?? (field.nullable ? null : '')) : parsed.value;
    if (refusal?.(value)) {
      setDraft(shown);
      return;
    }
    onChange(value);
  };
  return (
    <Input
      id={id}
      size="small"
      value={draft}
      disabled={disabled}
      suffix={texts?.unit ? <span className="pp-muted">{texts.unit}</span> : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      className={field.kind === 'string' ? undefined : 'pp-input-number'}
    />
  );
};
