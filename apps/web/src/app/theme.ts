import type { ThemeConfig } from 'antd';

/** Brand colours: a deep engineering blue, cool greys, system fonts (the product runs offline). */
export const BRAND = {
  navy: '#0f2444',
  navyDeep: '#0a1a33',
  primary: '#1d4e89',
  accent: '#5b8def',
  surface: '#f4f6f9',
  border: '#dbe1ea',
  text: '#1a2433',
  muted: '#5b6778',
} as const;

/** Height of the application header (px): the antd layout token, and where toasts start below it. */
export const HEADER_HEIGHT = 56;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorLink: BRAND.primary,
    colorTextBase: BRAND.text,
    colorBgLayout: BRAND.surface,
    colorBorderSecondary: '#e6eaf0',
    borderRadius: 4,
    borderRadiusLG: 6,
    fontFamily:
      "'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
    fontSize: 14,
    controlHeight: 34,
    wireframe: false,
  },
  components: {
    Layout: {
      headerBg: BRAND.navy,
      headerHeight: HEADER_HEIGHT,
      headerPadding: '0 24px',
      bodyBg: BRAND.surface,
    },
    Button: { primaryShadow: 'none', fontWeight: 500 },
    Card: { headerFontSize: 16 },
    Form: { itemMarginBottom: 18, verticalLabelPadding: '0 0 4px' },
    Menu: {
      darkItemBg: BRAND.navy,
      darkItemSelectedBg: '#1d3a66',
      darkPopupBg: BRAND.navy,
      itemSelectedBg: '#e8eff9',
    },
    Steps: { iconSize: 28 },
    Tabs: { horizontalMargin: '0 0 20px 0' },
  },
};
