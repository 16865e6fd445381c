import type { HorizontalLoadCase, PileRow, Workbook } from '@pfahlplaner/contracts';
import type { EngineIssue, ProjectResult } from '@pfahlplaner/engine';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueGrid, type CatalogueGridProps } from '../../grid/CatalogueGrid';
import { LoadCaseResultPanel } from '../panels';
import { useLoadPointChoices } from '../profile-choices';
import { loadResultRows, loadRowResults, rowIssuesOf } from '../results';
import type { WorkbookAction } from '../state/workbook-reducer';
import { nextFreeName, SubTabs } from './SubTabs';

/** Cross section / internal load capacity: one sub-tab per load case with its rows and the result panel. */
export const LoadCasesTab = ({
  loadCases,
  piles,
  calculated,
  result,
  resultMode,
  dispatch,
  readOnly,
  errors,
  gridHeight,
  translateIssue,
  onSelectLoadPoint,
}: {
  loadCases: readonly HorizontalLoadCase[];
  /** The project's load points: the names a load-case row may take (ADR 0193). */
  piles: readonly PileRow[];
  calculated: Workbook | null;
  result: ProjectResult | null;
  resultMode: CatalogueGridProps['resultMode'];
  dispatch: (action: WorkbookAction) => void;
  readOnly: boolean;
  errors: CatalogueGridProps['errors'];
  gridHeight: number | string;
  /** text of an engine issue (the workspace's one rule, as for the load points) */
  translateIssue: (issue: EngineIssue<string>) => string;
  /** The load point whose results the panel shows (its detail is fetched on demand; ADR 0170). */
  onSelectLoadPoint?: (Pname: string | null) => void;
}) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Record<number, number | null>>({});
  const loadPointChoices = useLoadPointChoices(piles);
  const loadResults = useMemo(
    () => loadCases.map((loadCase) => loadResultRows(loadCase, calculated)),
    [loadCases, calculated],
  );
  const rowIssues = useMemo(
    () => loadCases.map((c) => rowIssuesOf(loadRowResults(c, result), translateIssue)),
    [loadCases, result, translateIssue],
  );
  const add = () =>
    dispatch({
      type: 'addLoadCase',
      name: nextFreeName(
        'LF',
        loadCases.map((c) => c.name),
      ),
    });
  return (
    <SubTabs
      names={loadCases.map((c) => c.name)}
      readOnly={readOnly}
      emptyText={t('workspace.loads.empty')}
      addText={t('workspace.loads.add')}
      removeTitle={(name) => t('workspace.loads.removeTitle', { name })}
      onAdd={add}
      onRemove={(index) => dispatch({ type: 'removeLoadCase', loadCase: index })}
      addTestId="loadcase-add-first"
      items={loadCases.map((loadCase, index) => {
        const row = selected[index] ?? null;
        return {
          key: String(index),
          label: loadCase.name || '—',
          closable: !readOnly,
          children: (
            <div className="pp-loadcase">
              <label className="pp-profile__meta-item pp-loadcase__name">
                <span>{t('workspace.loads.name')}</span>
                <Input
                  size="small"
                  defaultValue={loadCase.name}
                  disabled={readOnly}
                  maxLength={64}
                  onBlur={(e) => {
                    if (e.target.value !== loadCase.name) {
                      dispatch({
                        type: 'renameLoadCase',
                        loadCase: index,
                        name: e.target.value.trim(),
                      });
                    }
                  }}
                />
              </label>
              <CatalogueGrid
                entity="horizontalLoad"
                target={{ kind: 'loads', loadCase: index }}
                pathPrefix={`horizontal_loadcases[${index}].horizontal_loads`}
                rows={loadCase.horizontal_loads}
                dispatch={dispatch}
                readOnly={readOnly}
                errors={errors}
                resultRows={loadResults[index]}
                rowIssues={rowIssues[index]}
                resultMode={resultMode}
                storageKey="loads"
                choices={loadPointChoices}
                height={gridHeight}
                onSelectRow={(r) => {
                  setSelected((s) => ({ ...s, [index]: r }));
                  onSelectLoadPoint?.(
                    r != null ? (loadCase.horizontal_loads[r]?.Pname ?? null) : null,
                  );
                }}
              />
              <LoadCaseResultPanel
                loadCase={loadCase}
                result={result}
                selectedPname={row != null ? (loadCase.horizontal_loads[row]?.Pname ?? null) : null}
              />
            </div>
          ),
        };
      })}
    />
  );
};
