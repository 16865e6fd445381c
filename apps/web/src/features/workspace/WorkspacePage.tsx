import {
  findWorkbookRuleViolations,
  formatIssuePath,
  type ErrorCode,
  type Plan,
  type ProjectSettings,
  type Workbook,
} from '@pfahlplaner/contracts';
import type { EngineIssue, ProjectResult } from '@pfahlplaner/engine';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Result, Select, Spin, Tabs, Tag, Tooltip } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../i18n';
import { isApiError } from '../../lib/http/api-error';
import { formatNumber } from '../../lib/format/number-format';
import { useNotify } from '../../lib/notify/useNotify';
import { usePreferences } from '../preferences/usePreferences';
import { useCurrentUser } from '../auth/session';
import { CatalogueGrid, type ResultMode } from '../grid/CatalogueGrid';
import {
  projectsApi,
  type CalculationInfo,
  type ProjectDetail,
  type ProjectSummary,
} from '../projects/api';
import { formatDateTime } from '../projects/format';
import { CalculationStatusTag } from './CalculationStatusTag';
import { ConflictDialog } from './ConflictDialog';
import { LeaveGuard } from './LeaveGuard';
import { draftKey } from './state/draft-storage';
import { UnsavedNotice, useSaveProblems, violationSources } from './UnsavedNotice';
import { Icon } from './Icon';
import { PileDetailPanel, SettingsDialog, useLivePreview, WorkspaceTour } from './panels';
import { issueText, type Translator } from './panels/utils/issue-text';
import { alignPileResults, pileResultRow, rowIssuesOf } from './results';
import { usePileDetail } from './pile-detail';
import { useProfileChoices } from './profile-choices';
import { useStiffnessMarks } from './stiffness-marks';
import { useFirstTour } from './useFirstTour';
import { SaveIndicator } from './SaveIndicator';
import { useWorkbookStore } from './state/useWorkbookStore';
import { WorkspaceFileActions } from './WorkspaceFileActions';
import { CalculationSettingsTab } from './tabs/CalculationSettingsTab';
import { LoadCasesTab } from './tabs/LoadCasesTab';
import { PreferencesTab } from './tabs/PreferencesTab';
import { ProjectDataTab } from './tabs/ProjectDataTab';
import { SettingsGroupForm } from './tabs/SettingsGroupForm';
import { SoilProfilesTab } from './tabs/SoilProfilesTab';
import './workspace.css';

type Calculation = {
  result: ProjectResult;
  info: CalculationInfo;
  workbook: Workbook | null;
  /** Workbook revision the results belong to (-1: stale from the start). */
  revision: number;
};

const GRID_HEIGHT = 'calc(100vh - 262px)';
const MINIMAP_KEY = 'pp.workspace.minimap';

/** /projects/:projectId — loads the project and opens the workspace. */
export const WorkspacePage = () => {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const { data: user } = useCurrentUser();
  const companyId = user?.company.id ?? 0;
  const detail = useQuery({
    queryKey: ['projects', companyId, projectId, 'detail'],
    enabled: companyId > 0 && Number.isSafeInteger(projectId),
    queryFn: async () => (await projectsApi.detail(companyId, projectId)).data,
    refetchOnMount: 'always',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const last = useQuery({
    queryKey: ['projects', companyId, projectId, 'calculation'],
    enabled: companyId > 0 && detail.data?.calculation != null,
    queryFn: async () => (await projectsApi.lastCalculation(companyId, projectId)).data,
    gcTime: 0,
    retry: false,
  });
  if (detail.isError) {
    const code = isApiError(detail.error) ? detail.error.code : null;
    return (
      <Result
        status="warning"
        title={t('workspace.loadFailed')}
        subTitle={code ? errorText(code) : undefined}
      />
    );
  }
  if (!detail.data || !user || (detail.data.calculation && last.isLoading)) {
    return <Spin className="pp-workspace__loading" size="large" />;
  }
  return (
    <Workspace
      key={projectId}
      companyId={companyId}
      userId={user.id}
      plan={user.company.plan}
      detail={detail.data}
      lastResult={last.data ?? null}
      readOnly={user.role === 'Guest'}
    />
  );
};

const Workspace = ({
  companyId,
  userId,
  plan,
  detail,
  lastResult,
  readOnly,
}: {
  companyId: number;
  userId: number;
  plan: Plan;
  detail: ProjectDetail;
  lastResult: { result: ProjectResult; calculation: CalculationInfo } | null;
  readOnly: boolean;
}) => {
  const { t, i18n } = useTranslation();
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
  const revisionRef = useRef(state.revision);
  useLayoutEffect(() => {
    revisionRef.current = state.revision;
  }, [state.revision]);

  const [calc, setCalc] = useState<Calculation | null>(() =>
    lastResult
      ? {
          result: lastResult.result,
          info: lastResult.calculation,
          workbook: null,
          revision: lastResult.calculation.stale ? -1 : 0,
        }
      : null,
  );
  const [calculating, setCalculating] = useState<number | null>(null);
  const [server, setServer] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState('external');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);
  const [detailRow, setDetailRow] = useState<number | null>(null);
  const [conflictBusy, setConflictBusy] = useState(false);
  const [showMinimap, setShowMinimap] = useState(() => localStorage.getItem(MINIMAP_KEY) !== '0');
  const startTour = useCallback(() => {
    setTab('external');
    setTourOpen(true);
  }, []);
  // a new user's first project: the tour opens by itself, once (ADR 0182)
  useFirstTour(startTour);

  const servers = useQuery({
    queryKey: ['calculation-servers'],
    queryFn: async () => (await projectsApi.calculationServers()).data,
    staleTime: 5 * 60_000,
  });
  const serverId = server ?? servers.data?.find((s) => s.is_default)?.id ?? 'local';

  const workbook = useMemo(
    (): Workbook => ({ ...doc, version: state.version }),
    [doc, state.version],
  );
  const fresh = calc !== null && calc.revision === state.revision;
  const preview = useLivePreview(workbook, !fresh);
  const [source, mode] = useMemo((): [ProjectResult | null, ResultMode] => {
    if (calc && fresh) return [calc.result, 'fresh'];
    if (preview.result) return [preview.result, 'preview'];
    if (calc) return [calc.result, 'stale'];
    return [null, 'none'];
  }, [calc, fresh, preview.result]);

  // The stored result is compact: the load point shown in the drawer or the load-case panel gets its
  // trace and distributions on demand (ADR 0170).
  const [loadPointName, setLoadPointName] = useState<string | null>(null);
  const sourcePiles = useMemo(() => alignPileResults(doc.piles, source), [doc.piles, source]);
  const wanted = useMemo(() => {
    if (!source) return null;
    const picked =
      detailRow !== null
        ? sourcePiles[detailRow]
        : source.piles.find((p) => loadPointName !== null && p.Pname === loadPointName);
    const index = picked ? source.piles.indexOf(picked) : -1;
    return index >= 0 ? index : null;
  }, [source, sourcePiles, detailRow, loadPointName]);
  const shown = usePileDetail(
    companyId,
    project.id,
    source,
    mode === 'fresh',
    calc?.info.calculated_at ?? null,
    wanted,
  );
  const pileResults = useMemo(() => alignPileResults(doc.piles, shown), [doc.piles, shown]);
  const pileRows = useMemo(() => pileResults.map(pileResultRow), [pileResults]);
  const { decimalSeparator } = usePreferences();
  const translateIssue = useCallback(
    (issue: EngineIssue<string>) =>
      // one text rule for the row tooltips and the detail panel (identifiers in words, advice on failure,
      // numbers with the user's decimal mark as the detail panel writes them)
      issueText(
        {
          language: i18n.language,
          exists: (k) => i18n.exists(k),
          t: i18n.t.bind(i18n) as unknown as Translator['t'],
        },
        issue,
        (value) => formatNumber(value, decimalSeparator, { maxDecimals: 4 }),
      ),
    [i18n, decimalSeparator],
  );
  const rowIssues = useMemo(
    () => rowIssuesOf(pileResults, translateIssue),
    [pileResults, translateIssue],
  );

  // the company's plan limits are known here: a refusal shows before the save is even tried
  const ruleErrors = useMemo(() => findWorkbookRuleViolations(doc, { plan }), [doc, plan]);
  const saveProblems = useSaveProblems(
    [...violationSources(ruleErrors), ...store.refusal],
    doc.soil_profiles,
  );
  const errors = useMemo(() => {
    const map = new Map<string, ErrorCode>(store.serverErrors);
    for (const violation of ruleErrors) map.set(formatIssuePath(violation.path), violation.code);
    return map;
  }, [store.serverErrors, ruleErrors]);

  // Leaving asks first (LeaveGuard, the router's blocker); the back button is a plain navigation.
  const back = () => void navigate('/projects');

  const calculate = async () => {
    const started = Date.now();
    setCalculating(0);
    const tick = setInterval(() => setCalculating(Math.round((Date.now() - started) / 1000)), 500);
    try {
      await saveNow();
      if (hasUnsaved()) {
        // never calculate the stored state while the screen shows another (ADR 0142)
        void message.error({
          key: 'calc',
          content: (
            <span data-testid="calc-refused">
              {t('entry.calc.refused')} {saveProblems.map((p) => p.text).join(' ')}
            </span>
          ),
        });
        return;
      }
      const revision = revisionRef.current;
      const { data } = await projectsApi.calculate(companyId, project.id, serverId);
      setCalc({ result: data.result, info: data.calculation, workbook: data.workbook, revision });
      setProject((p) => ({ ...p, calculation_status: 'fresh' }));
      void message.success({ content: t('workspace.calc.done'), key: 'calc' });
    } catch (error) {
      notify.failure(error, t('workspace.calc.button'));
    } finally {
      clearInterval(tick);
      setCalculating(null);
    }
  };

  const keepMine = async () => {
    if (!store.conflict) return;
    setConflictBusy(true);
    try {
      const copy = (await projectsApi.copy(companyId, [project.id])).data.results[0];
      if (!copy) throw new Error('copy returned no project');
      // the copy has its own (unique) name; the rest of the workbook is mine
      const mine = store.conflict.mine;
      await projectsApi.saveWorkbook(companyId, copy.id, {
        ...mine,
        settings: { ...mine.settings, name: copy.name },
        version: copy.version,
      });
      void message.success(t('workspace.conflict.copied', { name: copy.name }));
      allowLeave.current = true;
      void navigate(`/projects/${copy.id}`);
    } catch (error) {
      notify.failure(error, t('workspace.conflict.keepMine'));
    } finally {
      setConflictBusy(false);
    }
  };

  const statusTag = (
    <CalculationStatusTag mode={mode} info={calc?.info ?? null} untouched={state.revision === 0} />
  );

  const profileChoices = useProfileChoices(doc.soil_profiles);
  // a missing E_s is found by the server calculation (the preview has no load cases)
  const layerMarks = useStiffnessMarks(calc?.result ?? null, doc.soil_profiles);

  const detailPile = detailRow != null ? doc.piles[detailRow] : undefined;
  const detailProfile = detailPile
    ? (doc.soil_profiles.find((p) => p.name === detailPile.BodenProfil?.trim()) ?? null)
    : null;

  const loadPointTab = (
    <div className="pp-tab-grid">
      <CatalogueGrid
        entity="pile"
        target={PILES}
        pathPrefix="piles"
        rows={doc.piles}
        dispatch={dispatch}
        readOnly={readOnly}
        errors={errors}
        resultRows={pileRows}
        resultMode={mode}
        rowIssues={rowIssues}
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
      <header className="pp-workspace__bar">
        <Tooltip title={t('workspace.back')}>
          <Button
            type="text"
            icon={<Icon name="back" />}
            onClick={back}
            aria-label={t('workspace.back')}
            data-testid="workspace-back"
          />
        </Tooltip>
        <h1
          className="pp-workspace__title"
          data-testid="workspace-title"
          title={project.number ? `${project.name} · ${project.number}` : project.name}
        >
          {project.name}
          {project.number && <span className="pp-muted"> · {project.number}</span>}
        </h1>
        {readOnly && <Tag>{t('workspace.readOnly')}</Tag>}
        <SaveIndicator status={store.status} planLimited={saveProblems.some((p) => p.plan)} />
        <span className="pp-workspace__sep" />
        <Tooltip title={t('workspace.calc.help')}>
          <Button
            type="primary"
            icon={<Icon name="calculate" />}
            loading={calculating !== null}
            disabled={readOnly}
            onClick={() => void calculate()}
            data-testid="calculate"
            data-tour="calculate"
          >
            {calculating !== null
              ? t('workspace.calc.running', { seconds: calculating })
              : t('workspace.calc.button')}
          </Button>
        </Tooltip>
        {/* one server: nothing to choose, no select taking toolbar room */}
        {(servers.data?.length ?? 1) > 1 && (
          <Select
            size="middle"
            value={serverId}
            onChange={setServer}
            loading={servers.isLoading}
            options={(servers.data ?? []).map((s) => ({
              value: s.id,
              // the built-in server in the UI language (the API names it in German)
              label: s.id === 'local' ? t('workspace.calc.localServer') : s.name,
            }))}
            style={{ minWidth: 150 }}
            aria-label={t('workspace.calc.server')}
            data-testid="calc-server"
          />
        )}
        <span className="pp-workspace__calcinfo" data-testid="calc-info">
          {statusTag}
          {preview.isComputing && <Spin size="small" />}
          {calc && (
            <span className="pp-muted">
              {t('workspace.calc.info', {
                engine: calc.info.engine_version,
                date: formatDateTime(calc.info.calculated_at),
              })}
            </span>
          )}
        </span>
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
            setCalc((c) => (c ? { ...c, revision: -1 } : c));
          }}
        />
        <span className="pp-workspace__spacer" />
        <Tooltip title={t('workspace.tour')}>
          <Button
            icon={<Icon name="tour" />}
            onClick={startTour}
            aria-label={t('workspace.tour')}
            data-testid="tour-start"
          />
        </Tooltip>
        {/* the settings dialog: the same as the tab "Berechnungseinstellungen" offers, named alike */}
        <Tooltip title={t('workspace.settings.edit')}>
          <Button
            icon={<Icon name="settings" />}
            onClick={() => setSettingsOpen(true)}
            aria-label={t('workspace.settings.edit')}
            data-tour="settings"
            data-testid="settings-button"
          />
        </Tooltip>
      </header>
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
      <Tabs
        className="pp-workspace__tabs"
        activeKey={tab}
        onChange={setTab}
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
                onSaved={setProject}
              />
            ),
          },
          {
            key: 'calcSettings',
            label: t('workspace.tabs.calcSettings'),
            children: (
              <CalculationSettingsTab
                settings={doc.settings}
                onOpenDialog={() => setSettingsOpen(true)}
              />
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
          { key: 'external', label: t('workspace.tabs.external'), children: loadPointTab },
          {
            key: 'soil',
            label: t('workspace.tabs.soil'),
            children: (
              <SoilProfilesTab
                profiles={doc.soil_profiles}
                piles={doc.piles}
                pileResults={pileResults}
                result={source}
                resultMode={mode}
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
                calculated={mode === 'fresh' || mode === 'stale' ? (calc?.workbook ?? null) : null}
                result={shown}
                onSelectLoadPoint={setLoadPointName}
                resultMode={mode}
                dispatch={dispatch}
                readOnly={readOnly}
                errors={errors}
                gridHeight="calc(100vh - 520px)"
                translateIssue={translateIssue}
              />
            ),
          },
          {
            key: 'prefs',
            label: t('workspace.tabs.settings'),
            children: (
              <PreferencesTab
                showMinimap={showMinimap}
                onShowMinimap={(on) => {
                  setShowMinimap(on);
                  localStorage.setItem(MINIMAP_KEY, on ? '1' : '0');
                }}
              />
            ),
          },
        ]}
      />
      <Drawer
        open={detailPile !== undefined}
        onClose={() => setDetailRow(null)}
        size="min(1100px, calc(100vw - 24px))"
        title={t('workspace.detail.title', { name: detailPile?.Pname ?? (detailRow ?? 0) + 1 })}
        data-testid="pile-detail-drawer"
      >
        {detailPile && (
          <PileDetailPanel
            pile={detailPile}
            result={pileResults[detailRow ?? -1] ?? null}
            profile={detailProfile}
            settings={doc.settings}
            isPreview={mode === 'preview'}
          />
        )}
      </Drawer>
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
        busy={conflictBusy}
        onReloadTheirs={() => store.conflict && store.replaceWith(store.conflict.workbook)}
        onKeepMine={() => void keepMine()}
      />
    </div>
  );
};

const PILES = { kind: 'piles' } as const;

export default WorkspacePage;
