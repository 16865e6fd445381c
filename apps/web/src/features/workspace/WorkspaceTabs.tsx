import type { ErrorCode, Workbook } from '@pfahlplaner/contracts';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../projects/api';
import type { WorkbookAction, WorkbookDoc } from './state/workbook-reducer';
import type { LayerMarks } from './stiffness-marks';
import { CalculationSettingsTab } from './tabs/CalculationSettingsTab';
import { LoadCasesTab } from './tabs/LoadCasesTab';
import { PreferencesTab } from './tabs/PreferencesTab';
import { ProjectDataTab } from './tabs/ProjectDataTab';
import { SettingsGroupForm } from './tabs/SettingsGroupForm';
import { SoilProfilesTab } from './tabs/SoilProfilesTab';
import type { useResultView } from './useResultView';

type Props = {
  tab: string;
  onTab: (tab: string) => void;
  companyId: number;
  project: ProjectSummary;
  onProjectSaved: (project: ProjectSummary) => void;
  readOnly: boolean;
  doc: WorkbookDoc;
  dispatch: (action: WorkbookAction) => void;
  errors: ReadonlyMap<string, ErrorCode>;
  view: ReturnType<typeof useResultView>;
  /** The workbook the server calculated (load-case results), while its results are shown. */
  calculated: Workbook | null;
  layerMarks: readonly LayerMarks[];
  /** The load-point grid (tab "external"). */
  loadPoints: ReactNode;
  showMinimap: boolean;
  onShowMinimap: (on: boolean) => void;
  onOpenSettings: () => void;
};

/** The workspace tabs: project data, settings, PDF, load points, soil profiles, load cases, preferences. */
export const WorkspaceTabs = ({
  tab,
  onTab,
  companyId,
  project,
  onProjectSaved,
  readOnly,
  doc,
  dispatch,
  errors,
  view,
  calculated,
  layerMarks,
  loadPoints,
  showMinimap,
  onShowMinimap,
  onOpenSettings,
}: Props) => {
  const { t } = useTranslation();
  return (
    <Tabs
      className="pp-workspace__tabs"
      activeKey={tab}
      onChange={onTab}
      size="small"
      data-tour="tabs"
      locale={{ dropdownAriaLabel: t('workspace.subTabs.more') }}
      items={[
        {
          key: 'project',
          label: t('workspace.tabs.project'),
          children: (
            <ProjectDataTab
              companyId={companyId}
              project={project}
              readOnly={readOnly}
              onSaved={onProjectSaved}
            />
          ),
        },
        {
          key: 'calcSettings',
          label: t('workspace.tabs.calcSettings'),
          children: (
            <CalculationSettingsTab settings={doc.settings} onOpenDialog={onOpenSettings} />
          ),
        },
        {
          key: 'pdf',
          label: t('workspace.tabs.pdf'),
          children: (
            <div className="pp-tab-pane pp-tab-pane--narrow">
              <SettingsGroupForm
                group="pdfOutput"
                settings={doc.settings}
                readOnly={readOnly}
                onChange={(patch) => dispatch({ type: 'setSettings', patch })}
              />
            </div>
          ),
        },
        { key: 'external', label: t('workspace.tabs.external'), children: loadPoints },
        {
          key: 'soil',
          label: t('workspace.tabs.soil'),
          children: (
            <SoilProfilesTab
              profiles={doc.soil_profiles}
              piles={doc.piles}
              pileResults={view.pileResults}
              result={view.source}
              resultMode={view.mode}
              dispatch={dispatch}
              readOnly={readOnly}
              errors={errors}
              gridHeight="calc(100vh - 330px)"
              layerMarks={layerMarks}
            />
          ),
        },
        {
          key: 'internal',
          label: t('workspace.tabs.internal'),
          children: (
            <LoadCasesTab
              loadCases={doc.horizontal_loadcases}
              piles={doc.piles}
              calculated={calculated}
              result={view.shown}
              onSelectLoadPoint={view.setLoadPointName}
              resultMode={view.mode}
              dispatch={dispatch}
              readOnly={readOnly}
              errors={errors}
              gridHeight="calc(100vh - 520px)"
              translateIssue={view.translateIssue}
            />
          ),
        },
        {
          key: 'prefs',
          label: t('workspace.tabs.settings'),
          children: <PreferencesTab showMinimap={showMinimap} onShowMinimap={onShowMinimap} />,
        },
      ]}
    />
  );
};
