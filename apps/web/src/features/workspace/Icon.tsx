/** Line icons of the project list and the workspace toolbar (inline SVG, currentColor, 16 px). */
const PATHS = {
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  cut: 'M6 7a2 2 0 1 0 0-.01M6 19a2 2 0 1 0 0-.01M8 8l12 10M8 16L20 6',
  paste: 'M8 4h8v3H8zM6 5H5v16h14V5h-1M9 12h6M9 16h6',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  team: 'M9 11a3 3 0 1 0 0-.01M3 20c0-3 3-5 6-5s6 2 6 5M17 11a2.5 2.5 0 1 0 0-.01M16 15c3 0 5 2 5 4',
  calculate: 'M5 4h14v16H5zM8 8h8M8 12h2M12 12h2M16 12h.01M8 16h2M12 16h2',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  insert: 'M4 6h16M4 18h16M12 9v6M9 12h6',
  columns: 'M4 4h16v16H4zM10 4v16M16 4v16',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 12l2-1-1-3-2 .3-1.3-1.3L17 5l-3-1-1 2h-2L10 4 7 5l.3 2L6 8.3 4 8l-1 3 2 1v0l-2 1 1 3 2-.3L7.3 17 7 19l3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3z',
  back: 'M15 5l-7 7 7 7',
  detail: 'M4 12s3-6 8-6 8 6 8 6-3 6-8 6-8-6-8-6zM12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  warning: 'M12 4l9 16H3zM12 10v4M12 17h.01',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
  check: 'M5 12l5 5 9-10',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v4h16v-4',
  tour: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM10 9a2 2 0 1 1 3 2c-1 .5-1 1-1 2M12 17h.01',
} as const;

export type IconName = keyof typeof PATHS;

export const Icon = ({ name, size = 16 }: { name: IconName; size?: number }) => (
  <svg
    className="pp-icon"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={PATHS[name]} />
  </svg>
);
