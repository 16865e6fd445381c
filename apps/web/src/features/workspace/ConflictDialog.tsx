import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../projects/format';
import type { ConflictState } from './state/useWorkbookStore';

/** A save hit a newer version: reload theirs, or keep mine as a copy (a new project). Nothing is overwritten. */
export const ConflictDialog = ({
  conflict,
  busy,
  onReloadTheirs,
  onKeepMine,
}: {
  conflict: ConflictState | null;
  busy: boolean;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={conflict !== null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      title={t('workspace.conflict.title')}
      footer={[
        <Button key="theirs" onClick={onReloadTheirs} disabled={busy} data-testid="conflict-reload">
          {t('workspace.conflict.reloadTheirs')}
        </Button>,
        <Button
          key="mine"
          type="primary"
          onClick={onKeepMine}
          loading={busy}
          data-testid="conflict-copy"
        >
          {t('workspace.conflict.keepMine')}
        </Button>,
      ]}
      data-testid="conflict-dialog"
    >
      <Typography.Paragraph>
        {t('workspace.conflict.text', {
          name: conflict?.modified_by_name ?? t('workspace.conflict.someone'),
          date: formatDateTime(conflict?.modified_date),
        })}
      </Typography.Paragraph>
      <ul className="pp-conflict-list">
        <li>{t('workspace.conflict.reloadTheirsHelp')}</li>
        <li>{t('workspace.conflict.keepMineHelp')}</li>
      </ul>
    </Modal>
  );
};
