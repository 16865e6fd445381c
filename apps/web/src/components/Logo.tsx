import { Link } from 'react-router';

type LogoProps = { to?: string; inverted?: boolean; compact?: boolean };

/** Word mark: a pile cap over two piles, then "Pfahlplaner". Pure SVG (no image requests). */
export const Logo = ({ to = '/', inverted = true, compact = false }: LogoProps) => (
  <Link
    to={to}
    className={`pp-logo ${inverted ? 'pp-logo--inverted' : ''}`}
    aria-label="Pfahlplaner"
  >
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="6" width="26" height="5" rx="1" fill="currentColor" />
      <path d="M8 11h5v13l-2.5 4L8 24z" fill="#5b8def" />
      <path d="M19 11h5v13l-2.5 4-2.5-4z" fill="#5b8def" />
    </svg>
    {!compact && <span className="pp-logo__text">Pfahlplaner</span>}
  </Link>
);
