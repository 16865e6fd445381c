import type { ProjectSettings } from '@pfahlplaner/contracts';
import { Alert, Button, Card, Modal, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { usePreferences } from '../../preferences/usePreferences';
import { SettingField } from './components/SettingField';
import {
  defaultDraft,
  settingsGroups,
  toDraft,
  validateDraft,
  type DraftValue,
  type SettingsDraft,
  type SettingsErrors,
} from './utils/settings-form';

const GROUPS = settingsGroups();

function SettingsForm({
  settings,
  readOnly,
  onSave,
  onCancel,
}: {
  settings: ProjectSettings;
  readOnly: boolean;
  onSave: (s: ProjectSettings) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { decimalSeparator } = usePreferences();
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings, decimalSeparator));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const message = (code: string) =>
    code === 'NOT_A_NUMBER'
      ? t('panels.settings.notANumber', {
          mark: t(
            decimalSeparator === 'comma'
              ? 'panels.settings.markComma'
              : 'panels.settings.markPoint',
          ),
        })
      : errorText(code);
  const change = (key: string, value: DraftValue) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const save = () => {
    const out = validateDraft(draft, settings, decimalSeparator);
    if (out.errors !== null) setErrors(out.errors);
    else onSave(out.settings);
  };
  const reset = () => {
    setDraft(defaultDraft(decimalSeparator));
    setErrors({});
  };
  const footer = readOnly ? (
    <Button onClick={onCancel}>{t('common.back')}</Button>
  ) : (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <Popconfirm
        title={t('panels.settings.resetConfirm')}
        okText={t('panels.settings.resetOk')}
        cancelText={t('common.cancel')}
        onConfirm={reset}
      >
        <Button danger>{t('panels.settings.reset')}</Button>
      </Popconfirm>
      <Space>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={save}>
          {t('common.save')}
        </Button>
      </Space>
    </Space>
  );
  return (
    <>
      {Object.keys(errors).length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('panels.settings.invalid')}
          style={{ marginBottom: 8 }}
        />
      )}
      <div
        style={{
          maxHeight: '68vh',
          overflowY: 'auto',
          overflowX: 'hidden',
          // a grid, not CSS columns: columns in a box of limited height overflowed sideways (ADR 0147)
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(360px, 100%), 1fr))',
          alignItems: 'start',
          columnGap: 12,
          paddingRight: 4,
        }}
      >
        {GROUPS.map(({ group, fields }) => (
          <Card
            key={group}
            size="small"
            title={t(`panels.settings.group.${group}`)}
            styles={{ body: { padding: '4px 10px' }, header: { minHeight: 32 } }}
            style={{ marginBottom: 12, minWidth: 0 }}
            data-testid={`settings-group-${group}`}
          >
            {fields.map((f) => (
              <SettingField
                key={f.key}
                field={f}
                value={draft[f.key] ?? null}
                error={errors[f.key] ? message(errors[f.key]!) : null}
                isReadOnly={readOnly}
                onChange={(v) => change(f.key, v)}
              />
            ))}
          </Card>
        ))}
      </div>
      <div style={{ marginTop: 12 }}>{footer}</div>
    </>
  );
}

/** All calculation settings (docs/sources/legacy-format.md §L2.5) grouped, with units, help, validation and reset to defaults. */
export function SettingsDialog({
  open,
  settings,
  readOnly,
  onSave,
  onCancel,
}: {
  open: boolean;
  settings: ProjectSettings;
  readOnly: boolean;
  onSave: (s: ProjectSettings) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      footer={null}
      width="min(980px, calc(100vw - 32px))"
      destroyOnHidden
      title={
        <Space>
          {t('panels.settings.title')}
          {readOnly && <Tag>{t('panels.settings.readOnly')}</Tag>}
        </Space>
      }
      styles={{ body: { paddingTop: 4 } }}
    >
      {open && (
        <SettingsForm settings={settings} readOnly={readOnly} onSave={onSave} onCancel={onCancel} />
      )}
    </Modal>
  );
}
