import { Button, Divider, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Icon } from '../workspace/Icon';
import type { GridColumnSpec } from './column-model';
import { ColumnChooser } from './ColumnChooser';

type Props = {
  readOnly: boolean;
  tourAnchors: boolean;
  rowCount: number;
  selectedCount: number;
  rangeSize: [number, number] | null;
  columns: readonly GridColumnSpec[];
  visibleKeys: string[];
  onUndo: () => void;
  onRedo: () => void;
  onCopy: (cut: boolean) => void;
  onPaste: () => void;
  onAddRow: () => void;
  onInsertRow: () => void;
  onRemoveRows: () => void;
  onChooseColumns: (visible: string[]) => void;
};

/** The grid's toolbar: undo/redo, clipboard, rows, column chooser, and the selection and row counts. */
export const GridToolbar = ({
  readOnly,
  tourAnchors,
  rowCount,
  selectedCount,
  rangeSize,
  columns,
  visibleKeys,
  onUndo,
  onRedo,
  onCopy,
  onPaste,
  onAddRow,
  onInsertRow,
  onRemoveRows,
  onChooseColumns,
}: Props) => {
  const { t } = useTranslation();
  const tour = (name: string) => (tourAnchors ? { 'data-tour': name } : {});
  return (
    <div className="pp-grid__toolbar">
      <Space size={4} wrap>
        <Tooltip title={`${t('workspace.grid.undo')} (Strg+Z)`}>
          <Button size="small" icon={<Icon name="undo" />} onClick={onUndo} data-testid="grid-undo">
            {t('workspace.grid.undo')}
          </Button>
        </Tooltip>
        <Tooltip title={`${t('workspace.grid.redo')} (Strg+Y)`}>
          <Button size="small" icon={<Icon name="redo" />} onClick={onRedo} data-testid="grid-redo">
            {t('workspace.grid.redo')}
          </Button>
        </Tooltip>
        <Divider orientation="vertical" />
        <Tooltip title={t('workspace.grid.copyHelp')}>
          <Button
            size="small"
            icon={<Icon name="copy" />}
            aria-label={t('workspace.grid.copy')}
            onClick={() => onCopy(false)}
          />
        </Tooltip>
        <Tooltip title={t('workspace.grid.cutHelp')}>
          <Button
            size="small"
            icon={<Icon name="cut" />}
            aria-label={t('workspace.grid.cut')}
            disabled={readOnly}
            onClick={() => onCopy(true)}
          />
        </Tooltip>
        <Tooltip title={t('workspace.grid.pasteHelp')}>
          <Button
            size="small"
            icon={<Icon name="paste" />}
            aria-label={t('workspace.grid.paste')}
            disabled={readOnly}
            onClick={onPaste}
          />
        </Tooltip>
        <Divider orientation="vertical" />
        <Button
          size="small"
          icon={<Icon name="plus" />}
          disabled={readOnly}
          onClick={onAddRow}
          data-testid="grid-add-row"
          {...tour('add-row')}
        >
          {t('workspace.grid.addRow')}
        </Button>
        <Button
          size="small"
          icon={<Icon name="insert" />}
          disabled={readOnly}
          onClick={onInsertRow}
          data-testid="grid-insert-row"
        >
          {t('workspace.grid.insertRow')}
        </Button>
        <Button
          size="small"
          danger
          icon={<Icon name="trash" />}
          disabled={readOnly}
          onClick={onRemoveRows}
          data-testid="grid-remove-rows"
        >
          {selectedCount > 0
            ? t('workspace.grid.removeRowsCount', { count: selectedCount })
            : t('workspace.grid.removeRow')}
        </Button>
        <Divider orientation="vertical" />
        <span {...tour('column-chooser')}>
          <ColumnChooser columns={columns} visible={visibleKeys} onApply={onChooseColumns} />
        </span>
      </Space>
      <span className="pp-grid__count">
        {rangeSize && (
          <span className="pp-grid__range" data-testid="grid-range-size">
            {t('workspace.grid.rangeSize', { rows: rangeSize[0], columns: rangeSize[1] })}
          </span>
        )}
        {t('workspace.grid.rows', { count: rowCount })}
      </span>
    </div>
  );
};
