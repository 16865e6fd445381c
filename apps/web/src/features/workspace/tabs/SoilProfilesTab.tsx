import { fieldsOf, type PileRow, type SoilProfile } from '@pfahlplaner/contracts';
import type { AxialPileResult, ProjectResult } from '@pfahlplaner/engine';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueGrid, type CatalogueGridProps } from '../../grid/CatalogueGrid';
import { fieldText } from '../../grid/column-model';
import { useCellInputErrorText } from '../../grid/input-error-text';
import { usePreferences } from '../../preferences/usePreferences';
import { SoilProfileDrawing } from '../panels';
import { layerResultRows, pilesInProfile } from '../results';
import type { WorkbookAction } from '../state/workbook-reducer';
import type { LayerMarks } from '../stiffness-marks';
import { SettingsFieldInput } from './SettingsFieldInput';
import { nextFreeName, SubTabs } from './SubTabs';

const PROFILE_FIELDS = fieldsOf('soilProfile');

/** Soil profiles: one sub-tab per profile with its levels, the layer grid and the drawing to scale. */
export const SoilProfilesTab = ({
  profiles,
  piles,
  pileResults,
  result,
  resultMode,
  dispatch,
  readOnly,
  errors,
  gridHeight,
  layerMarks,
}: {
  profiles: readonly SoilProfile[];
  piles: readonly PileRow[];
  pileResults: readonly (AxialPileResult | null)[];
  result: ProjectResult | null;
  resultMode: CatalogueGridProps['resultMode'];
  dispatch: (action: WorkbookAction) => void;
  readOnly: boolean;
  errors: CatalogueGridProps['errors'];
  gridHeight: number | string;
  /** What the last calculation found in the layers (a missing E_s), per profile. */
  layerMarks: readonly LayerMarks[];
}) => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const inputErrorText = useCellInputErrorText();
  const { message } = App.useApp();
  const layerResults = useMemo(
    () => profiles.map((profile) => layerResultRows(profile, result)),
    [profiles, result],
  );
  // a profile name is never empty and never another profile's: the load points follow a new name
  // (ADR 0181), and two profiles of one name could not be told apart
  const nameRefusal = (index: number, value: unknown): string | null => {
    const name = typeof value === 'string' ? value.trim() : '';
    const reason =
      name === ''
        ? t('workspace.soil.nameEmpty')
        : profiles.some((p, i) => i !== index && p.name.trim() === name)
          ? t('workspace.soil.nameTaken', { name })
          : null;
    if (reason) void message.error({ key: 'profile-name', content: reason });
    return reason;
  };
  const add = () =>
    dispatch({
      type: 'addProfile',
      name: nextFreeName(
        'BP',
        profiles.map((p) => p.name),
      ),
    });
  return (
    <SubTabs
      names={profiles.map((p) => p.name)}
      readOnly={readOnly}
      emptyText={t('workspace.soil.empty')}
      addText={t('workspace.soil.add')}
      removeTitle={(name) => t('workspace.soil.removeTitle', { name })}
      onAdd={add}
      onRemove={(index) => dispatch({ type: 'removeProfile', profile: index })}
      addTestId="profile-add-first"
      items={profiles.map((profile, index) => ({
        key: String(index),
        label: profile.name || '—',
        closable: !readOnly,
        children: (
          <div className="pp-profile" data-testid={`profile-${index}`}>
            <div className="pp-profile__main">
              <div className="pp-profile__meta">
                {PROFILE_FIELDS.map((field) => (
                  <label key={field.key} className="pp-profile__meta-item">
                    <span>{fieldText(field.key, language)?.label ?? field.key}</span>
                    <SettingsFieldInput
                      field={field}
                      value={(profile as unknown as Record<string, unknown>)[field.key]}
                      disabled={readOnly}
                      onChange={(value) =>
                        dispatch({
                          type: 'setProfile',
                          profile: index,
                          patch: { [field.key]: value },
                        })
                      }
                      onInvalid={(error) => void message.error(inputErrorText(error))}
                      refusal={
                        field.key === 'name' ? (value) => nameRefusal(index, value) : undefined
                      }
                    />
                  </label>
                ))}
              </div>
              <CatalogueGrid
                entity="soilLayer"
                target={{ kind: 'layers', profile: index }}
                pathPrefix={`soil_profiles[${index}].soil_layers`}
                rows={profile.soil_layers}
                dispatch={dispatch}
                readOnly={readOnly}
                errors={errors}
                resultRows={layerResults[index]}
                resultMode={resultMode}
                rowIssues={layerMarks[index]?.rows}
                cellIssues={layerMarks[index]?.cells}
                storageKey="layers"
                height={gridHeight}
              />
            </div>
            <aside className="pp-profile__drawing">
              <SoilProfileDrawing
                profile={profile}
                piles={pilesInProfile(profile, piles, pileResults)}
              />
            </aside>
          </div>
        ),
      }))}
    />
  );
};
