import { App, Button, Empty, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The first free name `<prefix> n` (n from the count + 1) among existing names. */
export const nextFreeName = (prefix: string, names: readonly string[]): string => {
  let n = names.length + 1;
  while (names.includes(`${prefix} ${n}`)) n += 1;
  return `${prefix} ${n}`;
};

/**
 * Sub-tabs of named records (soil profiles, load cases): add, remove after confirmation, an empty state
 * with an add button.
 */
export const SubTabs = ({
  names,
  readOnly,
  emptyText,
  addText,
  removeTitle,
  onAdd,
  onRemove,
  items,
  addTestId,
}: {
  names: readonly string[];
  readOnly: boolean;
  emptyText: string;
  addText: string;
  removeTitle: (name: string) => string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  items: NonNullable<TabsProps['items']>;
  addTestId: string;
}) => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  if (names.length === 0) {
    return (
      <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE}>
        {!readOnly && (
          <Button type="primary" onClick={onAdd} data-testid={addTestId}>
            {addText}
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <Tabs
      type="editable-card"
      size="small"
      hideAdd={readOnly}
      // the tab buttons' screen-reader labels (rc-tabs says "Add tab", "remove" in any language)
      locale={{
        addAriaLabel: addText,
        removeAriaLabel: t('workspace.subTabs.remove'),
        dropdownAriaLabel: t('workspace.subTabs.more'),
      }}
      onEdit={(key, action) => {
        if (action === 'add') {
          onAdd();
          return;
        }
        const index = Number(key);
        modal.confirm({
          title: removeTitle(names[index] ?? ''),
          okButtonProps: { danger: true },
          onOk: () => onRemove(index),
        });
      }}
      items={items}
    />
  );
};
