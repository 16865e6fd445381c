import { Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stripMarks, type RowStatus } from './row-status';

/**
 * Overview of a long table (the minimap): a slim strip beside the grid with one mark per run of invalid,
 * failed or warning rows and a box for the visible rows; a click scrolls the grid there.
 */
export const RowStatusStrip = ({
  statuses,
  viewport,
  onJump,
}: {
  statuses: readonly RowStatus[];
  viewport: [number, number];
  onJump: (row: number) => void;
}) => {
  const { t } = useTranslation();
  const marks = useMemo(() => stripMarks(statuses), [statuses]);
  const total = Math.max(statuses.length, 1);
  const pct = (index: number) => `${(index / total) * 100}%`;
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
      {statuses.length > 0 && (
        <div
          className="pp-strip__viewport"
          style={{ top: pct(viewport[0]), height: pct(Math.max(1, viewport[1] - viewport[0] + 1)) }}
        />
      )}
      {marks.map((mark) => (
        <Tooltip
          key={`${mark.first}-${mark.status}`}
          placement="left"
          title={t(`workspace.grid.strip.${mark.status}`, {
            first: mark.first + 1,
            last: mark.last + 1,
          })}
        >
          <div
            className={`pp-strip__mark pp-strip__mark--${mark.status}`}
            data-testid={`strip-${mark.status}`}
            style={{ top: pct(mark.first), height: `max(3px, ${pct(mark.last - mark.first + 1)})` }}
            onClick={(event) => {
              event.stopPropagation();
              onJump(mark.first);
            }}
          />
        </Tooltip>
      ))}
    </div>
  );
};
