import { Button, ConfigProvider, Space, Tour, type TourStepProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../app/theme';
import {
  resolveTourSteps,
  restoreScroll,
  snapshotScroll,
  tourNavigation,
  type ResolvedStep,
  type ScrollSnapshot,
} from './utils/tour-steps';

// Scroll containers the tour may move while it scrolls targets into view: tab contents and AG Grid viewports.
const SCROLLERS =
  '.ant-tabs-content-holder, .ant-tabs-tabpane, .ag-body-viewport, .ag-center-cols-viewport, .ag-body-horizontal-scroll-viewport, [data-tour-scroll]';

const scrollables = (): Element[] => [
  ...(document.scrollingElement ? [document.scrollingElement] : []),
  ...document.querySelectorAll(SCROLLERS),
];

/** Guided tour of the load-point table (targets: `data-tour` attributes); restores scroll positions on close. */
export function WorkspaceTour({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  const [snapshot, setSnapshot] = useState<ScrollSnapshot<Element> | null>(null);
  if (open !== wasOpen) {
    // Adjusted during render, before the Tour's own effects scroll its first target into view: each
    // opening starts at step 1 with the scroll positions of the page, tab contents and grids remembered.
    setWasOpen(open);
    setCurrent(0);
    setSnapshot(open ? snapshotScroll(scrollables()) : null);
  }
  // Targets are looked up once the page has rendered (next frame); missing ones are skipped.
  const [steps, setSteps] = useState<ResolvedStep<HTMLElement>[]>([]);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() =>
      setSteps(
        resolveTourSteps((key) => document.querySelector<HTMLElement>(`[data-tour="${key}"]`)),
      ),
    );
    return () => {
      cancelAnimationFrame(frame);
      setSteps([]);
    };
  }, [open]);

  useEffect(() => {
    if (!open || snapshot === null) return;
    // Runs when the tour closes (or the page leaves): put back what the tour scrolled.
    return () => void restoreScroll(snapshot);
  }, [open, snapshot]);

  const close = onClose;

  const tourSteps: TourStepProps[] = useMemo(
    () =>
      steps.map((s) => ({
        title: t(`panels.tour.${s.key}.title`),
        description: t(`panels.tour.${s.key}.description`),
        target: () => s.element,
      })),
    [steps, t],
  );

  const nav = tourNavigation(current, tourSteps.length);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: BRAND.navy } }}>
      <Tour
        open={open && tourSteps.length > 0}
        type="primary"
        mask
        current={current}
        onChange={setCurrent}
        onClose={close}
        steps={tourSteps}
        indicatorsRender={() => (
          <span
            data-testid="tour-badge"
            style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
          >
            {t('panels.tour.step', { current: current + 1, total: tourSteps.length })}
          </span>
        )}
        actionsRender={() => (
          <Space size={6}>
            <Button
              size="small"
              ghost
              disabled={!nav.canGoBack}
              onClick={() => setCurrent((c) => c - 1)}
              style={{
                color: '#fff',
                borderColor: 'rgba(255,255,255,0.6)',
                opacity: nav.canGoBack ? 1 : 0.45,
                background: 'transparent',
              }}
            >
              {t('panels.tour.previous')}
            </Button>
            {nav.isLast ? (
              <Button size="small" onClick={close} style={{ color: BRAND.navy }}>
                {t('panels.tour.finish')}
              </Button>
            ) : (
              <Button
                size="small"
                onClick={() => setCurrent((c) => c + 1)}
                style={{ color: BRAND.navy }}
              >
                {t('panels.tour.next')}
              </Button>
            )}
          </Space>
        )}
      />
    </ConfigProvider>
  );
}
