import { App, Button, Checkbox, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../workspace/Icon';
import { applyColumnChoice, type GridColumnSpec } from './column-model';

/** Column chooser: optional columns on and off; default columns cannot be removed. */
export const ColumnChooser = ({
  columns,
  visible,
  onApply,
}: {
  columns: readonly GridColumnSpec[];
  visible: readonly string[];
  onApply: (visible: string[]) => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const start = () => {
    setChosen([...visible]);
    setOpen(true);
  };
  const toggle = (column: GridColumnSpec, on: boolean) => {
    if (!on && !column.isOptional) {
      void message.warning({ content: t('workspace.grid.defaultColumn'), key: 'column-chooser' });
      return;
    }
    setChosen((current) =>
      on ? [...current, column.key] : current.filter((key) => key !== column.key),
    );
  };
  const apply = () => {
    const result = applyColumnChoice(columns, chosen);
    if (!result.ok) {
      void message.warning({ content: t(`workspace.grid.${result.error}`), key: 'column-chooser' });
      return;
    }
    onApply(result.visible);
    setOpen(false);
  };
  const group = (isResult: boolean) =>
    columns
      .filter((column) => column.isResult === isResult)
      .map((column) => (
        <Checkbox
          key={column.key}
          checked={chosen.includes(column.key)}
          onChange={(event) => toggle(column, event.target.checked)}
          data-testid={`column-${column.key}`}
        >
          {column.label}
          {column.unit && <span className="pp-muted"> [{column.unit}]</span>}
          {!column.isOptional && (
            <Tag className="pp-column-tag">{t('workspace.grid.defaultTag')}</Tag>
          )}
        </Checkbox>
      ));
  return (
    <>
      <Button
        size="small"
        icon={<Icon name="columns" />}
        onClick={start}
        data-testid="column-chooser"
      >
        {t('workspace.grid.columns')}
      </Button>
      <Modal
        open={open}
        title={t('workspace.grid.columnChooserTitle')}
        onOk={apply}
        onCancel={() => setOpen(false)}
        okText={t('workspace.grid.apply')}
        cancelText={t('common.cancel')}
        width={720}
      >
        <h4 className="pp-chooser__heading">{t('workspace.grid.inputColumns')}</h4>
        <div className="pp-chooser">{group(false)}</div>
        <h4 className="pp-chooser__heading">{t('workspace.grid.resultColumns')}</h4>
        <div className="pp-chooser">{group(true)}</div>
      </Modal>
    </>
  );
};
