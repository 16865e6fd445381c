import type { Workbook } from '@pfahlplaner/contracts';
import { Button, Card, Col, Layout, Row, Select, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LoadCaseResultPanel } from '../LoadCaseResultPanel';
import { PileDetailPanel } from '../PileDetailPanel';
import { SettingsDialog } from '../SettingsDialog';
import { SoilProfileDrawing } from '../SoilProfileDrawing';
import { useLivePreview } from '../useLivePreview';
import { WorkspaceTour } from '../WorkspaceTour';
import { exampleResult, exampleWorkbook } from './example-data';

const param = (name: string) => new URLSearchParams(window.location.search).get(name);

/** Development page (/dev/panels, DEV builds only): every panel with the example project's real results. */
export function DevPanelsPage() {
  const [workbook, setWorkbook] = useState<Workbook>(exampleWorkbook);
  const result = useMemo(() => exampleResult(workbook), [workbook]);
  const [pileIndex, setPileIndex] = useState(Number(param('pile') ?? 0));
  const [settingsOpen, setSettingsOpen] = useState(param('settings') !== null);
  const [tourOpen, setTourOpen] = useState(param('tour') !== null);
  const [isPreviewOn, setPreviewOn] = useState(true);
  const preview = useLivePreview(workbook, isPreviewOn);
  const pile = workbook.piles[pileIndex]!;
  const profile = workbook.soil_profiles.find((p) => p.name === pile.BodenProfil) ?? null;
  const loadCase = workbook.horizontal_loadcases[0]!;
  const shown = preview.result?.piles[pileIndex] ?? result.piles[pileIndex] ?? null;
  const raiseLoad = () =>
    setWorkbook((wb) => ({
      ...wb,
      piles: wb.piles.map((p, i) =>
        i === pileIndex
          ? {
              ...p,
              AlternativeCharakteristischeLastZ: (p.AlternativeCharakteristischeLastZ ?? 0) + 250,
            }
          : p,
      ),
    }));
  const profilePiles = (name: string) =>
    workbook.piles.flatMap((p, i) =>
      p.BodenProfil === name && p.SollPfahlOberKante !== null
        ? [
            {
              Pname: p.Pname ?? '',
              topLevel: p.SollPfahlOberKante,
              toeLevel: result.piles[i]?.Soll_UK_Pfahl ?? null,
              diameter: p.SollDurchmesser ?? 0.5,
            },
          ]
        : [],
    );
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          /dev/panels
        </Typography.Title>
        <Select
          data-tour="grid"
          value={pileIndex}
          style={{ width: 160 }}
          onChange={setPileIndex}
          options={workbook.piles.map((p, i) => ({
            value: i,
            label: `${p.Pname} (${p.PfahlTyp})`,
          }))}
        />
        <Button data-tour="add-row" onClick={raiseLoad}>
          E_k + 250 kN
        </Button>
        <Button data-tour="calculate" onClick={() => setPreviewOn((v) => !v)}>
          preview {isPreviewOn ? 'on' : 'off'} {preview.isComputing ? '…' : ''}
        </Button>
        <Button data-tour="settings" onClick={() => setSettingsOpen(true)}>
          Settings
        </Button>
        <Button data-tour="save-state" onClick={() => setTourOpen(true)}>
          Tour
        </Button>
        <span data-testid="preview-state">
          R_d preview: {preview.result?.piles[pileIndex]?.R_d?.toFixed(1) ?? '–'}, s ={' '}
          {preview.result?.piles[pileIndex]?.Setzung?.toFixed(3) ?? '–'} cm
        </span>
      </Space>
      <Tabs
        data-tour="tabs"
        defaultActiveKey={param('tab') ?? 'detail'}
        items={[
          {
            key: 'detail',
            label: 'PileDetailPanel',
            children: (
              <PileDetailPanel
                pile={pile}
                result={shown}
                profile={profile}
                settings={workbook.settings}
                isPreview={preview.result !== null}
              />
            ),
          },
          {
            key: 'profile',
            label: 'SoilProfileDrawing',
            children: (
              <Row gutter={12}>
                {workbook.soil_profiles.map((p) => (
                  <Col key={p.name} span={12}>
                    <Card size="small" title={p.name}>
                      <SoilProfileDrawing profile={p} piles={profilePiles(p.name)} height={520} />
                    </Card>
                  </Col>
                ))}
              </Row>
            ),
          },
          {
            key: 'loadcase',
            label: 'LoadCaseResultPanel',
            children: (
              <LoadCaseResultPanel
                loadCase={loadCase}
                result={result}
                selectedPname={param('pname') ?? '101'}
              />
            ),
          },
        ]}
      />
      <SettingsDialog
        open={settingsOpen}
        settings={workbook.settings}
        readOnly={param('readonly') !== null}
        onCancel={() => setSettingsOpen(false)}
        onSave={(settings) => {
          setWorkbook((wb) => ({ ...wb, settings }));
          setSettingsOpen(false);
        }}
      />
      <WorkspaceTour open={tourOpen} onClose={() => setTourOpen(false)} />
    </Layout>
  );
}
