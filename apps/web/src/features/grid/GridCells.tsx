import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { Icon } from '../workspace/Icon';
import type { GridContext, GridRow } from './grid-types';
import { colourName, cssColour } from './soil-colours';

export const HeaderLabel = ({ displayName, unit }: { displayName: string; unit: string }) => (
  <div className="pp-grid-header">
    <span className="pp-grid-header__label">{displayName}</span>
    {unit && <span className="pp-grid-header__unit">{unit}</span>}
  </div>
);

/** Row number, the row's worst issue and the detail button (the marker column). */
export const MarkerCell = (
  props: ICellRendererParams<GridRow> & { onDetail?: (row: number) => void; detailLabel?: string },
) => {
  const context = props.context as GridContext;
  const index = props.data?.__i ?? 0;
  const issues = context.rowIssues?.[index] ?? [];
  const hasError = issues.some((issue) => issue.severity === 'error');
  const hasWarning = issues.some((issue) => issue.severity === 'warning');
  return (
    <span className="pp-grid-marker">
      <span className="pp-grid-marker__number">{index + 1}</span>
      {/* the issue texts are the marker column's AG Grid tooltip (built on hover only): an antd Tooltip
          per rendered row made scrolling slow (ADR 0060) */}
      {(hasError || hasWarning) && (
        <span
          className={hasError ? 'pp-grid-marker__error' : 'pp-grid-marker__warning'}
          data-testid={hasError ? 'row-failed' : 'row-warning'}
        >
          <Icon name={hasError ? 'error' : 'warning'} size={14} />
        </span>
      )}
      {props.onDetail && (
        <button
          type="button"
          className="pp-grid-marker__detail"
          aria-label={props.detailLabel ?? 'detail'}
          data-testid="row-detail"
          onClick={() => props.onDetail?.(index)}
        >
          <Icon name="detail" size={14} />
        </button>
      )}
    </span>
  );
};

/** A layer colour: a swatch and its word, never the code (no codes on screen, ADR 0147); edited through the colour list. */
export const ColourCell = ({ value }: Pick<ICellRendererParams<GridRow>, 'value'>) => {
  const { i18n } = useTranslation();
  const css = cssColour(value);
  if (css === null) return null;
  const name = colourName(value, i18n.language);
  return (
    <span className="pp-grid-colour" data-testid="colour-cell">
      <span className="pp-grid-colour__swatch" style={{ background: css }} aria-hidden="true" />
      <span className="pp-grid-colour__name">{name}</span>
    </span>
  );
};
