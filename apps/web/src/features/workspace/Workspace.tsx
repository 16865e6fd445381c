import type { Plan, ProjectSettings, Workbook } from '@pfahlplaner/contracts';
import { App } from 'antd';
import { AppDrawer } from '../../components/AppDrawer';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../lib/notify/useNotify';
import { CatalogueGrid } from '../grid/CatalogueGrid';
import { projectsApi, type ProjectDetail, type ProjectSummary } from '../projects/api';
import { CalculationStatusTag } from './CalculationStatusTag';
import { ConflictDialog } from './ConflictDialog';
import { LeaveGuard } from './LeaveGuard';
import { PileDetailPanel, SettingsDialog, WorkspaceTour } from './panels';
import { useProfileChoices } from './profile-choices';
import { draftKey } from './state/draft-storage';
import { useWorkbookStore } from './state/useWorkbookStore';
import { useStiffnessMarks } from './stiffness-marks';
import { UnsavedNotice } from './UnsavedNotice';
import { useCalculation, type StoredCalculation } from './useCalculation';
import { useConflictCopy } from './useConflictCopy';
import { useFirstTour } from './useFirstTour';
import { useResultView } from './useResultView';
import { useWorkbookErrors } from './useWorkbookErrors';
import { WorkspaceFileActions } from './WorkspaceFileActions';
import { WorkspaceHeader } from './WorkspaceHeader';
import { WorkspaceTabs } from './WorkspaceTabs';
import './workspace.css';

const GRID_HEIGHT = 'calc(100vh - 262px)';
const MINIMAP_KEY = 'pp.workspace.minimap';
const PILES = { kind: 'piles' } as const;

type Props = {
  companyId: number;
  userId: number;
  plan: Plan;
  detail: ProjectDetail;
  lastResult: StoredCalculation | null;
  readOnly: boolean;
};

/** The open project: toolbar, tabs with the grids, detail drawer and dialogs, wired to the workbook store. */
export const Workspace = ({ companyId, userId, plan, detail, lastResult, readOnly }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const [project, setProject] = useState<ProjectSummary>(detail.project);
  const store = useWorkbookStore(
    companyId,
    project.id,
    detail.workbook,
    readOnly ? null : draftKey(userId, project.id),
  );
  /** True right before a navigation that must not ask (to the copy after a conflict). */
  const allowLeave = useRef(false);
  const { state, dispatch, saveNow, hasUnsaved } = store;
  const doc = state.history.present;

  const [tab, setTab] = useState('external');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);
  const [detailRow, setDetailRow] = useState<number | null>(null);
  const [showMinimap, setShowMinimap] = useState(() => localStorage.getItem(MINIMAP_KEY) !== '0');
  const startTour = useCallback(() => {
    setTab('external');
    setTourOpen(true);
  }, []);
  // a new user's first project: the tour opens by itself, once (ADR 0182)
  useFirstTour(startTour);

  const { saveProblems, errors } = useWorkbookErrors(doc, plan, store.serverErrors, store.refusal);

  const calculation = useCalculation({
    companyId,
    projectId: project.id,
    lastResult,
    revision: state.revision,
    saveNow,
    hasUnsaved,
    saveProblems,
    onCalculated: () => setProject((p) => ({ ...p, calculation_status: 'fresh' })),
  });
  const { calc } = calculation;
  const workbook = useMemo(
    (): Workbook => ({ ...doc, version: state.version }),
    [doc, state.version],
  );
  const view = useResultView({
    companyId,
    projectId: project.id,
    workbook,
    revision: state.revision,
    calc,
    detailRow,
  });
  const { mode } = view;
  const conflict = useConflictCopy(companyId, project.id, store.conflict, allowLeave);

  const profileChoices = useProfileChoices(doc.soil_profiles);
  // a missing E_s is found by the server calculation (the preview has no load cases)
  const layerMarks = useStiffnessMarks(calc?.result ?? null, doc.soil_profiles);

  const detailPile = detailRow != null ? doc.piles[detailRow] : undefined;
  const detailProfile = detailPile
    ? (doc.soil_profiles.find((p) => p.name === detailPile.BodenProfil?.trim()) ?? null)
    : null;

  const loadPoints = (
    <div className="pp-tab-grid">
      <CatalogueGrid
        entity="pile"
        target={PILES}
        pathPrefix="piles"
        rows={doc.piles}
        dispatch={dispatch}
        readOnly={readOnly}
        errors={errors}
        resultRows={view.pileRows}
        resultMode={mode}
        rowIssues={view.rowIssues}
        onDetail={setDetailRow}
        storageKey="piles"
        height={GRID_HEIGHT}
        showMinimap={showMinimap}
        tourAnchors
        choices={profileChoices}
      />
      <WorkspaceTour open={tourOpen} onClose={() => setTourOpen(false)} />
    </div>
  );

  return (
    <div className="pp-workspace" data-testid="workspace">
      <WorkspaceHeader
        project={project}
        readOnly={readOnly}
        saveStatus={store.status}
        planLimited={saveProblems.some((p) => p.plan)}
        calculation={calculation}
        statusTag={
          <CalculationStatusTag
            mode={mode}
            info={calc?.info ?? null}
            untouched={state.revision === 0}
          />
        }
        isPreviewComputing={view.isPreviewComputing}
        fileActions={
          <WorkspaceFileActions
            companyId={companyId}
            projectId={project.id}
            version={state.version}
            calculationStatus={mode === 'fresh' ? 'fresh' : calc ? 'stale' : 'none'}
            readOnly={readOnly}
            saveNow={saveNow}
            onReplaced={(fromServer) => {
              store.replaceWith(fromServer.workbook);
              setProject(fromServer.project);
              calculation.markStale();
            }}
          />
        }
        // Leaving asks first (LeaveGuard, the router's blocker); the back button is a plain navigation.
        onBack={() => void navigate('/projects')}
        onTour={startTour}
        onSettings={() => setSettingsOpen(true)}
      />
      <UnsavedNotice
        problems={saveProblems}
        unsaved={store.status.kind === 'invalid'}
        restored={store.restored}
        onDismissRestored={store.dismissRestored}
        onDiscard={() => {
          // back to what the server holds now (the draft is dropped on purpose)
          void projectsApi
            .detail(companyId, project.id)
            .then(({ data }) => {
              store.replaceWith(data.workbook);
              void message.info({ key: 'draft', content: t('entry.draft.discarded') });
            })
            .catch((error: unknown) => notify.failure(error, t('entry.draft.discard')));
        }}
      />
      <LeaveGuard hasUnsaved={hasUnsaved} saveNow={saveNow} allowLeave={allowLeave} />
      <WorkspaceTabs
        tab={tab}
        onTab={setTab}
        companyId={companyId}
        project={project}
        onProjectSaved={setProject}
        readOnly={readOnly}
        doc={doc}
        dispatch={dispatch}
        errors={errors}
        view={view}
        calculated={mode === 'fresh' || mode === 'stale' ? (calc?.workbook ?? null) : null}
        layerMarks={layerMarks}
        loadPoints={loadPoints}
        showMinimap={showMinimap}
        onShowMinimap={(on) => {
          setShowMinimap(on);
          localStorage.setItem(MINIMAP_KEY, on ? '1' : '0');
        }}
        onOpenSettings={() => setSettingsOpen(true)}
      />
      <AppDrawer
        open={detailPile !== undefined}
        onClose={() => setDetailRow(null)}
        size="min(1100px, calc(100vw - 24px))"
        title={t('workspace.detail.title', { name: detailPile?.Pname ?? (detailRow ?? 0) + 1 })}
        data-testid="pile-detail-drawer"
      >
        {detailPile && (
          <PileDetailPanel
            pile={detailPile}
            result={view.pileResults[detailRow ?? -1] ?? null}
            profile={detailProfile}
            settings={doc.settings}
            isPreview={mode === 'preview'}
          />
        )}
      </AppDrawer>
      <SettingsDialog
        open={settingsOpen}
        settings={doc.settings}
        readOnly={readOnly}
        onSave={(settings: ProjectSettings) => {
          dispatch({ type: 'setSettings', patch: settings });
          setSettingsOpen(false);
        }}
        onCancel={() => setSettingsOpen(false)}
      />
      <ConflictDialog
        conflict={store.conflict}
        busy={conflict.busy}
        onReloadTheirs={() => store.conflict && store.replaceWith(store.conflict.workbook)}
        onKeepMine={() => void conflict.keepMine()}
      />
    </div>
  );
};
