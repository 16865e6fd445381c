import type { PileRow, ProjectSettings, SoilProfile } from '@pfahlplaner/contracts';
import type { AxialPileResult } from '@pfahlplaner/engine';
import { Alert, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IssueList } from './components/IssueList';
import { IterationTable } from './components/IterationTable';
import { LayerTraceTable } from './components/LayerTraceTable';
import { PreviewBadge } from './components/PreviewBadge';
import { ResistanceCurveChart } from './components/ResistanceCurveChart';
import { ResistanceSummary } from './components/ResistanceSummary';
import { TraceInputs } from './components/TraceInputs';
import { SoilProfileDrawing } from './SoilProfileDrawing';
import { sortIssues } from './utils/issue-text';
import { hasUnverifiedValues, layerRows } from './utils/trace-rows';
import { isFailedResult } from '../results';

const CARD = { size: 'small', styles: { body: { padding: 8 } } } as const;

/** Calculation trace of one load point: inputs, q values with sources, resistances, curve, iteration, profile. */
export function PileDetailPanel({
  pile,
  result,
  profile,
  settings,
  isPreview,
}: {
  pile: PileRow;
  result: AxialPileResult | null;
  profile: SoilProfile | null;
  settings: ProjectSettings;
  isPreview: boolean;
}) {
  const { t } = useTranslation();
  const trace = result?.trace ?? null;
  const header = (
    <Space size={8} align="center">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('panels.detail.title', { name: pile.Pname })}
      </Typography.Title>
      {isPreview && <PreviewBadge />}
    </Space>
  );
  const issues = sortIssues(result?.issues ?? []);
  // a failed row shows why and what to change, never the numbers of a length that did not pass
  const failed = isFailedResult(result);
  const unverified = trace !== null && hasUnverifiedValues(layerRows(trace, profile));
  const allowed = trace?.inputs.allowedSettlementCm ?? settings.zulaessigeSetzungCm;
  return (
    <div className="pp-pile-detail" data-testid="pile-detail" style={{ display: 'grid', gap: 8 }}>
      {header}
      {unverified && <Alert type="warning" showIcon title={t('panels.detail.unverifiedHint')} />}
      {(result === null || trace === null) && issues.length === 0 && (
        <Typography.Text type="secondary">{t('panels.notCalculated')}</Typography.Text>
      )}
      {failed && (
        <Alert type="error" showIcon title={t('panels.detail.failed')} data-testid="pile-failed" />
      )}
      {issues.length > 0 && (
        <Card {...CARD} title={t('panels.detail.issues')}>
          <IssueList issues={issues} />
        </Card>
      )}
      {result !== null && trace !== null && (
        <>
          {!failed && (
            <div className="pp-pile-detail__pair">
              <Card {...CARD} title={t('panels.detail.resistances')}>
                <ResistanceSummary result={result} />
              </Card>
              <Card {...CARD} title={t('panels.detail.curve')}>
                {trace.curve !== null ? (
                  <ResistanceCurveChart
                    points={trace.curve.points}
                    Ek={trace.inputs.Ek}
                    allowedSettlementCm={allowed}
                    settlementCm={result.Setzung}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('panels.notCalculated')}</Typography.Text>
                )}
              </Card>
            </div>
          )}
          <Card {...CARD} title={t('panels.detail.layers')}>
            <div className="pp-pile-detail__scroll">
              <LayerTraceTable trace={trace} profile={profile} />
            </div>
          </Card>
          <div className="pp-pile-detail__pair pp-pile-detail__pair--wide">
            <Card {...CARD} title={t('panels.detail.inputs')}>
              <TraceInputs trace={trace} />
            </Card>
            <Card {...CARD} title={t('panels.detail.profile')}>
              {profile !== null && pile.SollPfahlOberKante !== null && (
                <SoilProfileDrawing
                  profile={profile}
                  height={340}
                  piles={[
                    {
                      Pname: pile.Pname ?? '',
                      topLevel: pile.SollPfahlOberKante,
                      toeLevel: failed ? null : result.Soll_UK_Pfahl,
                      diameter: pile.SollDurchmesser ?? trace.inputs.D,
                    },
                  ]}
                />
              )}
            </Card>
          </div>
          <Card {...CARD} title={t('panels.detail.iteration')}>
            <div className="pp-pile-detail__scroll">
              <IterationTable
                steps={trace.iteration.trace}
                mode={trace.iteration.mode}
                count={trace.iteration.steps}
              />
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
