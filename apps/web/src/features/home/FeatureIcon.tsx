/** Small line icons for the home page features (inline SVG, currentColor). */
const paths: Record<string, string> = {
  axial: 'M12 3v13M7 11l5 5 5-5M5 20h14',
  settlement: 'M4 5v14h16M7 8c3 0 4 2 6 5s3 4 6 4',
  length: 'M12 3v18M8 6l4-3 4 3M8 18l4 3 4-3M4 12h4M16 12h4',
  groups: 'M4 6h16v3H4zM7 9v10M12 9v10M17 9v10',
  lateral: 'M4 12h10M10 8l4 4-4 4M18 4v16',
  reinforcement: 'M6 4h12v16H6zM9 8h.01M15 8h.01M9 16h.01M15 16h.01M12 4v16',
  import: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  calculate: 'M5 4h14v16H5zM8 8h8M8 12h2M12 12h2M16 12h.01M8 16h2M12 16h2',
  report: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
};

export const FeatureIcon = ({ name }: { name: keyof typeof paths }) => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.7"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={paths[name]} />
  </svg>
);
