import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../preferences/usePreferences';
import { formatNumber } from '../../../../lib/format/number-format';
import { issueText, type DisplayIssue, type Translator } from '../utils/issue-text';

const COLOR = { error: 'red', warning: 'orange', info: 'blue' } as const;

/** Coded engine issues, translated (`workspace.issue.<code>`), with severity tag and raw code as fallback. */
export function IssueList({ issues }: { issues: readonly DisplayIssue[] }) {
  const { t, i18n } = useTranslation();
  const { decimalSeparator } = usePreferences();
  const numberText = (value: number) => formatNumber(value, decimalSeparator, { maxDecimals: 4 });
  if (issues.length === 0) {
    return <Typography.Text type="secondary">{t('panels.detail.noIssues')}</Typography.Text>;
  }
  return (
    <ul className="pp-panels-issues" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {issues.map((issue, i) => (
        <li
          key={`${issue.code}-${i}`}
          data-severity={issue.severity}
          style={{ display: 'flex', gap: 8, padding: '3px 0', alignItems: 'baseline' }}
        >
          <Tag color={COLOR[issue.severity]} style={{ marginInlineEnd: 0, minWidth: 18 }}>
            {issue.severity === 'error' ? '!' : issue.severity === 'warning' ? '⚠' : 'i'}
          </Tag>
          <span>
            {issueText(
              { exists: (key) => i18n.exists(key), t: i18n.t as unknown as Translator['t'] },
              issue,
              numberText,
            )}
            {i18n.exists(`workspace.issue.${issue.code}`) && (
              <Typography.Text type="secondary" style={{ fontSize: 11, marginInlineStart: 6 }}>
                {issue.code}
              </Typography.Text>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
