import { memo, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { stripMarks, type RowStatus, type ViewportStore } from './row-status';

const pctOf = (index: number, total: number) => `${(index / Math.max(total, 1)) * 100}%`;

/** The box of the visible rows: the only part that follows the scrolling (its own subscription). */
const ViewportBox = ({ viewport, total }: { viewport: ViewportStore; total: number }) => {
  const [first, last] = useSyncExternalStore(viewport.subscribe, viewport.get);
  return (
    <div
      className="pp-strip__viewport"
      style={{ top: pctOf(first, total), height: pctOf(Math.max(1, last - first + 1), total) }}
    />
  );
};

/**
 * Overview of a long table (the minimap): a slim strip beside the grid with one mark per run of invalid,
 * failed or warning rows and a box for the visible rows; a click scrolls the grid there. Scrolling
 * re-renders only the box; the marks carry a plain `title` (hundreds of antd tooltips re-rendered on
 * every scroll step made 2,000-row scrolling slow, ADR 0060).
 */
export const RowStatusStrip = memo(function RowStatusStrip({
  statuses,
  viewport,
  onJump,
}: {
  statuses: readonly RowStatus[];
  viewport: ViewportStore;
  onJump: (row: number) => void;
}) {
  const { t } = useTranslation();
  const marks = useMemo(() => stripMarks(statuses), [statuses]);
  const total = statuses.length;
  return (
    <div
      className="pp-strip"
      data-testid="row-status-strip"
      aria-label={t('workspace.grid.minimap')}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const row = Math.floor(((event.clientY - box.top) / box.height) * statuses.length);
        onJump(Math.max(0, Math.min(statuses.length - 1, row)));
      }}
    >
      {total > 0 && <ViewportBox viewport={viewport} total={total} />}
      {marks.map((mark) => (
        <div
          key={`${mark.first}-${mark.status}`}
          className={`pp-strip__mark pp-strip__mark--${mark.status}`}
          data-testid={`strip-${mark.status}`}
          title={t(`workspace.grid.strip.${mark.status}`, {
            first: mark.first + 1,
            last: mark.last + 1,
          })}
          style={{
            top: pctOf(mark.first, total),
            height: `max(3px, ${pctOf(mark.last - mark.first + 1, total)})`,
          }}
          onClick={(event) => {
            event.stopPropagation();
            onJump(mark.first);
          }}
        />
      ))}
    </div>
  );
});
