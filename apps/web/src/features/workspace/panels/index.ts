// Public surface of the workspace panels (display panels, dialogs, tour, live preview).
export { SoilProfileDrawing } from './SoilProfileDrawing';
export type { PilePlot } from './SoilProfileDrawing';
export { PileDetailPanel } from './PileDetailPanel';
export { LoadCaseResultPanel } from './LoadCaseResultPanel';
export { SettingsDialog } from './SettingsDialog';
export { WorkspaceTour } from './WorkspaceTour';
export { useLivePreview } from './useLivePreview';
export { ResistanceCurveChart } from './components/ResistanceCurveChart';
export { normalizeColorInput, layerFill } from './utils/color';
export { TOUR_TARGETS } from './utils/tour-steps';
