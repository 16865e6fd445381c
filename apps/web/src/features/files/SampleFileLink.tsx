import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { filesApi } from './files-api';
import { saveDownload } from './transfer';

/** "Sample Import File": downloads the example workbook in the UI language. */
export const SampleFileLink = () => {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveDownload(await filesApi.sampleFile(i18n.language === 'en' ? 'en' : 'de'));
    } catch (error) {
      notify.failure(error, t('files.sample.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" onClick={() => void download()} loading={busy} data-testid="sample-file">
      {t('files.sample.link')}
    </Button>
  );
};

export default SampleFileLink;
