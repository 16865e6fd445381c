import { Button, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type Props = {
  hasUnsaved: () => boolean;
  saveNow: () => Promise<void>;
  /** Set to true right before a navigation that must not ask (e.g. to the copy after a conflict). */
  allowLeave: React.RefObject<boolean>;
};

/**
 * Leaving the workspace with unsaved work asks first — on every in-app way out (links, the header menu,
 * the back button, browser back/forward), through the router's blocker (react-router data API,
 * ADR 0143); reload and closing the tab ask through `beforeunload` (the workbook store). The unsaved work
 * stays in this browser either way (ADR 0142), so "leave without saving" loses nothing.
 */
export const LeaveGuard = ({ hasUnsaved, saveNow, allowLeave }: Props) => {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [notSaved, setNotSaved] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current && currentLocation.pathname !== nextLocation.pathname && hasUnsaved(),
  );
  const blocked = blocker.state === 'blocked';
  const wasBlocked = useRef(false);
  useEffect(() => {
    if (blocked && !wasBlocked.current) setNotSaved(false);
    wasBlocked.current = blocked;
  }, [blocked]);

  const saveAndLeave = async () => {
    setSaving(true);
    try {
      await saveNow();
    } finally {
      setSaving(false);
    }
    if (hasUnsaved()) setNotSaved(true);
    else blocker.proceed?.();
  };

  return (
    <Modal
      open={blocked}
      title={t('workspace.leave.title')}
      onCancel={() => blocker.reset?.()}
      closable
      maskClosable={false}
      footer={null}
    >
      <p data-testid="leave-dialog">{t('workspace.leave.text')}</p>
      <p className="pp-muted">{t('entry.leave.kept')}</p>
      {notSaved && (
        <p role="alert" style={{ color: '#cf1322' }} data-testid="leave-not-saved">
          {t('entry.leave.notSaved')}
        </p>
      )}
      <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={() => blocker.reset?.()} data-testid="leave-stay">
          {t('workspace.leave.stay')}
        </Button>
        <Button onClick={() => blocker.proceed?.()} data-testid="leave-without-saving">
          {t('entry.leave.leaveKeepDraft')}
        </Button>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void saveAndLeave()}
          data-testid="leave-save"
        >
          {t('workspace.leave.saveAndLeave')}
        </Button>
      </Space>
    </Modal>
  );
};
