import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

type State = { failed: boolean };

/** Last resort after the chunk retries gave up (offline, deploy removed the files): offer a reload. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <Result
            status="warning"
            title={t('common.pageLoadFailed')}
            extra={
              <Button type="primary" onClick={() => window.location.reload()}>
                {t('common.reload')}
              </Button>
            }
          />
        )}
      </Translation>
    );
  }
}
