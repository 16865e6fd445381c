import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../preferences/usePreferences';
import { formatNumber } from '../../../../lib/format/number-format';
import { issueText, type DisplayIssue, type Translator } from '../utils/issue-text';

const COLOR = { error: 'red', warning: 'orange', info: 'blue' } as const;

/**
 * Coded engine issues, translated (`workspace.issue.<code>`), with a severity tag; the code is no text on
 * screen (only the `data-code` attribute, for support and tests).
 */
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
          data-code={issue.code}
          style={{ display: 'flex', gap: 8, padding: '3px 0', alignItems: 'baseline' }}
        >
          <Tag color={COLOR[issue.severity]} style={{ marginInlineEnd: 0, minWidth: 18 }}>
            {issue.severity === 'error' ? '!' : issue.severity === 'warning' ? '⚠' : 'i'}
          </Tag>
          <span>
            {issueText(
              {
                language: i18n.language,
                exists: (key) => i18n.exists(key),
                t: i18n.t as unknown as Translator['t'],
              },
              issue,
              numberText,
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
