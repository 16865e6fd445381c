import type { HorizontalLoadCase } from '@pfahlplaner/contracts';
import type { HorizontalLoadRowResult, ProjectResult } from '@pfahlplaner/engine';
import { Card, Col, Descriptions, Empty, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForceDiagram } from './components/ForceDiagram';
import { IssueList } from './components/IssueList';
import { useNum } from './components/useNum';
import { fieldText } from './utils/field-texts';
import { sortIssues } from './utils/issue-text';
import {
  distributionSeries,
  findLoadCaseResult,
  findLoadRowResult,
} from './utils/loadcase-adapter';

const CARD = { size: 'small', styles: { body: { padding: 8 } } } as const;
const COLORS = { w: '#1d4e89', M: '#b23a48', Q: '#2f7d32' } as const;
// x direction: deflection wx, moment My (from Hx, My), shear Qx; y direction: wy, Mx, Qy (engine LateralDistribution).
const DIRECTIONS = [
  { key: 'x', w: 'wx', M: 'My', Q: 'Qx' },
  { key: 'y', w: 'wy', M: 'Mx', Q: 'Qy' },
] as const;

function Diagrams({ row }: { row: HorizontalLoadRowResult }) {
  const { t } = useTranslation();
  const level = row.distribution?.level ?? [];
  if (level.length < 2) return null;
  const levels = [Math.min(...level), Math.max(...level)] as const;
  return (
    <Row gutter={[8, 8]}>
      {DIRECTIONS.map((d) => (
        <Col key={d.key} xs={24} xl={12}>
          <Card {...CARD} title={t(`panels.loadCase.${d.key}`)}>
            <div
              style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 4 }}
            >
              {(['w', 'M', 'Q'] as const).map((q) => (
                <ForceDiagram
                  key={q}
                  series={distributionSeries(row, d[q])}
                  levels={levels}
                  title={t(`panels.loadCase.${q}`)}
                  direction={t(`panels.loadCase.${d.key}`)}
                  color={COLORS[q]}
                />
              ))}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Values({ row }: { row: HorizontalLoadRowResult }) {
  const { t, i18n } = useTranslation();
  const num = useNum();
  const field = (key: keyof HorizontalLoadRowResult, decimals = 2) => {
    const text = fieldText(i18n.language, key);
    const value = row[key];
    return {
      key,
      label: text.unit ? `${text.label} [${text.unit}]` : text.label,
      children: typeof value === 'string' ? value : num(value as number | null, decimals),
    };
  };
  const head = [
    field('wOben'),
    field('MMax', 1),
    field('QMax', 1),
    field('MdKopf', 1),
    field('wStrichKopf', 5),
  ];
  const steel = row.steel;
  const plain = (key: string, label: string, children: string) => ({ key, label, children });
  const notDesignable = t('panels.loadCase.steel.notDesignable');
  const mm = (value: number) => num(value * 1000, 1);
  const steelItems = steel
    ? [
        plain('grade', t('panels.loadCase.steel.grade'), `${steel.grade} / ${steel.sectionClass}`),
        plain(
          'manufacture',
          t('panels.loadCase.steel.manufacture'),
          t(`panels.loadCase.steel.manufactureValue.${steel.manufacture}`),
        ),
        plain('wall', t('panels.loadCase.steel.wall'), `${mm(steel.t)} / ${mm(steel.corrosion)}`),
        plain('net', t('panels.loadCase.steel.net'), `${mm(steel.DNet)} × ${mm(steel.tNet)}`),
        plain(
          'NEd',
          'N_Ed / M_Ed [kN / kNm]',
          `${num(steel.NEdUsed, 1)} / ${num(steel.MEdUsed, 1)}`,
        ),
        plain('VEd', 'V_Ed [kN]', num(steel.VEdUsed, 1)),
        plain('NRd', 'N_pl,Rd [kN]', num(steel.NRd, 1)),
        plain('MRd', 'M_c,Rd [kNm]', num(steel.MRd, 1)),
        plain('VRd', 'V_pl,Rd [kN]', num(steel.VRd, 1)),
        plain(
          'rho',
          t('panels.loadCase.steel.shear'),
          `${num(steel.utilisationShear, 3)} / ${num(steel.rho, 3)}`,
        ),
        plain('MNRd', t('panels.loadCase.steel.mnrd'), num(steel.MNRd, 1)),
        plain(
          'uSection',
          t('panels.loadCase.steel.section'),
          steel.utilisationSection === null ? notDesignable : num(steel.utilisationSection, 3),
        ),
        ...(steel.buckling
          ? [
              plain('Lcr', t('panels.loadCase.steel.lcr'), num(steel.buckling.Lcr, 2)),
              plain(
                'chi',
                t('panels.loadCase.steel.slenderness'),
                `${num(steel.buckling.lambdaBar, 3)} / ${steel.buckling.curve} / ${num(steel.buckling.chi, 3)}`,
              ),
              plain('NbRd', 'N_b,Rd [kN]', num(steel.buckling.NbRd, 1)),
              plain(
                'uMember',
                t('panels.loadCase.steel.member'),
                num(steel.buckling.utilisation, 3),
              ),
            ]
          : []),
        plain(
          'u',
          t('panels.loadCase.steel.governing'),
          steel.utilisation === null ? notDesignable : num(steel.utilisation, 3),
        ),
      ]
    : null;
  // a steel pipe row without a check result (class 4, wall or corrosion invalid): no capacity, no reinforcement
  const isSteelWithoutCheck = !steel && row.sectionKind === 'steel-pipe';
  const bars = [
    field('AsLaengsCalc'),
    field('AsLaengs'),
    field('BewTyp'),
    field('AsQuerCalc'),
    field('AsQuer'),
    field('Eps0', 3),
    field('Eps1', 3),
    field('KoteUeberdrueckt'),
    field('BewBZWLieferlaenge'),
  ];
  const styles = {
    label: { padding: '3px 8px', whiteSpace: 'nowrap' },
    content: { padding: '3px 8px', fontVariantNumeric: 'tabular-nums' },
  } as const;
  return (
    <Row gutter={[8, 8]}>
      <Col xs={24} lg={10}>
        <Card {...CARD} title={t('panels.loadCase.head')}>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={styles}
            items={head}
            data-testid="head-values"
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        {isSteelWithoutCheck ? (
          <Card {...CARD} title={t('panels.loadCase.steel.title')}>
            <Typography.Text type="danger" data-testid="steel-check-missing">
              {t('panels.loadCase.steel.none')}
            </Typography.Text>
          </Card>
        ) : steelItems ? (
          <Card {...CARD} title={t('panels.loadCase.steel.title')}>
            <Descriptions
              size="small"
              bordered
              column={1}
              styles={styles}
              items={steelItems}
              data-testid="steel-check"
            />
          </Card>
        ) : (
          <Card {...CARD} title={t('panels.loadCase.reinforcement')}>
            <Descriptions
              size="small"
              bordered
              column={2}
              styles={styles}
              items={bars}
              data-testid="reinforcement"
            />
          </Card>
        )}
      </Col>
    </Row>
  );
}

/** Results of the selected load point in a horizontal load case: w, M, Q along the pile, head values, reinforcement. */
export function LoadCaseResultPanel({
  loadCase,
  result,
  selectedPname,
}: {
  loadCase: HorizontalLoadCase;
  result: ProjectResult | null;
  selectedPname: string | null;
}) {
  const { t } = useTranslation();
  if (selectedPname === null) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panels.loadCase.noRow')} />;
  }
  const row = findLoadRowResult(findLoadCaseResult(result, loadCase), selectedPname);
  if (row === null) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panels.loadCase.noResults')} />
    );
  }
  const issues = sortIssues(row.issues);
  return (
    <div data-testid="loadcase-result" style={{ display: 'grid', gap: 8 }}>
      <Space>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('panels.loadCase.row', { name: row.Pname })}
        </Typography.Title>
        <Typography.Text type="secondary">{loadCase.name}</Typography.Text>
      </Space>
      <Diagrams row={row} />
      <Values row={row} />
      <Card {...CARD} title={t('panels.loadCase.issues')}>
        <IssueList issues={issues} />
      </Card>
    </div>
  );
}
