import { Button, Select, Spin, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../projects/api';
import { formatDateTime } from '../projects/format';
import { Icon } from './Icon';
import { SaveIndicator } from './SaveIndicator';
import type { SaveStatus } from './state/autosave';
import type { useCalculation } from './useCalculation';

type Props = {
  project: ProjectSummary;
  readOnly: boolean;
  saveStatus: SaveStatus;
  /** A plan limit keeps the workbook from being saved. */
  planLimited: boolean;
  calculation: ReturnType<typeof useCalculation>;
  /** The results' state (CalculationStatusTag). */
  statusTag: ReactNode;
  isPreviewComputing: boolean;
  /** Import and export (WorkspaceFileActions). */
  fileActions: ReactNode;
  onBack: () => void;
  onTour: () => void;
  onSettings: () => void;
};

/** The workspace toolbar: back, project name, save state, calculate, results' state, files, tour, settings. */
export const WorkspaceHeader = ({
  project,
  readOnly,
  saveStatus,
  planLimited,
  calculation,
  statusTag,
  isPreviewComputing,
  fileActions,
  onBack,
  onTour,
  onSettings,
}: Props) => {
  const { t } = useTranslation();
  const { calc, calculating, servers, serverId } = calculation;
  return (
    <header className="pp-workspace__bar">
      <Tooltip title={t('workspace.back')}>
        <Button
          type="text"
          icon={<Icon name="back" />}
          onClick={onBack}
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
      <SaveIndicator status={saveStatus} planLimited={planLimited} />
      <span className="pp-workspace__sep" />
      <Tooltip title={t('workspace.calc.help')}>
        <Button
          type="primary"
          icon={<Icon name="calculate" />}
          loading={calculating !== null}
          disabled={readOnly}
          onClick={() => void calculation.calculate()}
          data-testid="calculate"
          data-tour="calculate"
        >
          {calculating !== null
            ? t('workspace.calc.running', { seconds: calculating })
            : t('workspace.calc.button')}
        </Button>
      </Tooltip>
      {/* one server: nothing to choose, no select taking toolbar room */}
      {(servers?.length ?? 1) > 1 && (
        <Select
          size="middle"
          value={serverId}
          onChange={calculation.setServer}
          loading={calculation.serversLoading}
          options={(servers ?? []).map((s) => ({
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
        {isPreviewComputing && <Spin size="small" />}
        {calc && (
          <span className="pp-muted">
            {t('workspace.calc.info', {
              engine: calc.info.engine_version,
              date: formatDateTime(calc.info.calculated_at),
            })}
          </span>
        )}
      </span>
      {fileActions}
      <span className="pp-workspace__spacer" />
      <Tooltip title={t('workspace.tour')}>
        <Button
          icon={<Icon name="tour" />}
          onClick={onTour}
          aria-label={t('workspace.tour')}
          data-testid="tour-start"
        />
      </Tooltip>
      {/* the settings dialog: the same as the tab "Berechnungseinstellungen" offers, named alike */}
      <Tooltip title={t('workspace.settings.edit')}>
        <Button
          icon={<Icon name="settings" />}
          onClick={onSettings}
          aria-label={t('workspace.settings.edit')}
          data-tour="settings"
          data-testid="settings-button"
        />
      </Tooltip>
    </header>
  );
};
