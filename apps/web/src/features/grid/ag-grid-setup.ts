import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  LocaleModule,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TooltipModule,
  themeQuartz,
} from 'ag-grid-community';

/** Only the AG Grid Community modules the workspace grids use (smaller bundle than AllCommunityModule). */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  TextEditorModule,
  SelectEditorModule,
  CheckboxEditorModule,
  // our own editors: the soil-profile list (ChoiceCellEditor)
  CustomEditorModule,
  CellStyleModule,
  RowStyleModule,
  TooltipModule,
  RowSelectionModule,
  ColumnAutoSizeModule,
  RenderApiModule,
  RowApiModule,
  ScrollApiModule,
  // AG Grid's own texts (empty grid, screen-reader labels) in the UI language: CatalogueGrid's getLocaleText
  LocaleModule,
]);

/** Dense engineering table: 26 px rows, small type, brand blue focus (AG Grid Theming API). */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#1d4e89',
  fontSize: 12.5,
  headerFontSize: 12,
  headerFontWeight: 600,
  rowHeight: 26,
  headerHeight: 46,
  spacing: 5,
  cellHorizontalPadding: 6,
  wrapperBorderRadius: 4,
  borderColor: '#dbe1ea',
  headerBackgroundColor: '#f1f4f8',
  oddRowBackgroundColor: '#fbfcfe',
  foregroundColor: '#1a2433',
  columnBorder: true,
  fontFamily: 'inherit',
});
