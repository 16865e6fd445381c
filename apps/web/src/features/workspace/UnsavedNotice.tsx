import {
  formatIssuePath,
  type ErrorDetail,
  type SoilProfile,
  type WorkbookViolation,
} from '@pfahlplaner/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../i18n';
import { fieldText } from '../grid/column-model';
import { usePreferences } from '../preferences/usePreferences';
import { formatDateTime } from '../projects/format';
import type { Draft } from './state/draft-storage';

/** A refusal of a save in words: the plan limit with its numbers, or the coded error of a field. */
export type SaveProblem = { key: string; text: string; plan: boolean };

type ProblemSource = Pick<ErrorDetail, 'path' | 'code'> & {
  params?: WorkbookViolation['params'] | undefined;
};

/**
 * Why the project is not saved, for the notice above the tabs: plan rules (PLAN_LAYER_LIMIT,
 * PLAN_STEP_WIDTH) in words with their numbers, everything else as the field's error text with its
 * place. Known client-side (rules with the company's plan) and from the server's refusal, once each.
 */
export const useSaveProblems = (
  sources: readonly ProblemSource[],
  profiles: readonly SoilProfile[],
): SaveProblem[] => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const seen = new Set<string>();
  const problems: SaveProblem[] = [];
  for (const source of sources) {
    const key = `${source.path}|${source.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = source.params?.rule;
    if (rule === 'PLAN_LAYER_LIMIT') {
      const index = Number(/^soil_profiles\[(\d+)\]/.exec(source.path)?.[1] ?? -1);
      const profile = profiles[index];
      problems.push({
        key,
        plan: true,
        text: t('entry.plan.layerLimit', {
          max: source.params?.max ?? 2,
          count: profile?.soil_layers.length ?? 0,
          profile: profile?.name ?? '',
        }),
      });
    } else if (rule === 'PLAN_STEP_WIDTH') {
      problems.push({
        key,
        plan: true,
        text: t('entry.plan.stepWidth', { min: source.params?.min ?? 1 }),
      });
    } else if (!/\[\d+\]\.\w+$/.test(source.path)) {
      // cells of the grids are marked at the cell; anything else is named here by its field's label
      const field = /(\w+)(\[\d+\])?$/.exec(source.path)?.[1] ?? '';
      const label = fieldText(field, language)?.label;
      problems.push({
        key,
        plan: false,
        text: label ? `${label}: ${errorText(source.code)}` : errorText(source.code),
      });
    }
  }
  return problems;
};

/** Client-side rule violations as problem sources (wire paths as strings). */
export const violationSources = (violations: readonly WorkbookViolation[]): ProblemSource[] =>
  violations.map((v) => ({ path: formatIssuePath(v.path), code: v.code, params: v.params }));

type Props = {
  problems: readonly SaveProblem[];
  unsaved: boolean;
  restored: Draft | null;
  onDismissRestored: () => void;
  onDiscard: () => void;
};

/**
 * Above the tabs, where the user looks: why the project is not saved (with the way to upgrade for plan
 * limits) and that the work is kept in this browser; and, after opening, that unsaved work from an
 * earlier visit was restored, with the choice to discard it.
 */
export const UnsavedNotice = ({
  problems,
  unsaved,
  restored,
  onDismissRestored,
  onDiscard,
}: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plan = problems.some((p) => p.plan);
  return (
    <>
      {restored && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={onDismissRestored}
          data-testid="draft-restored"
          title={t('entry.draft.restored', { date: formatDateTime(restored.at) })}
          action={
            <Button size="small" danger onClick={onDiscard} data-testid="draft-discard">
              {t('entry.draft.discard')}
            </Button>
          }
        />
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="save-refused"
          title={unsaved ? t('entry.save.refused') : t('entry.save.wouldRefuse')}
          description={
            <div>
              {problems.map((p) => (
                <div key={p.key} data-testid={p.plan ? 'plan-problem' : 'save-problem'}>
                  {p.text}
                </div>
              ))}
              {unsaved && <div className="pp-muted">{t('entry.save.kept')}</div>}
            </div>
          }
          action={
            plan ? (
              <Button
                size="small"
                type="primary"
                onClick={() => void navigate('/upgrade')}
                data-testid="plan-upgrade"
              >
                {t('entry.plan.upgrade')}
              </Button>
            ) : undefined
          }
        />
      )}
    </>
  );
};
