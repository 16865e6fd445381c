type PileIllustrationProps = { title: string; className?: string };

/**
 * Section through a layered soil profile with a pile cap on three bored piles, drawn in SVG
 * (the app ships no images). Layer hatches follow the usual soil-profile conventions.
 */
export const PileIllustration = ({ title, className }: PileIllustrationProps) => (
  <svg className={className} viewBox="0 0 480 360" role="img" aria-label={title}>
    <title>{title}</title>
    <defs>
      <pattern id="pp-sand" width="10" height="10" patternUnits="userSpaceOnUse">
        <circle cx="2" cy="3" r="0.9" fill="#c9a75a" />
        <circle cx="7" cy="8" r="0.9" fill="#c9a75a" />
      </pattern>
      <pattern id="pp-clay" width="14" height="8" patternUnits="userSpaceOnUse">
        <path d="M0 4h6M8 4h6" stroke="#8d7a63" strokeWidth="0.9" />
      </pattern>
      <pattern id="pp-gravel" width="16" height="14" patternUnits="userSpaceOnUse">
        <circle cx="4" cy="4" r="2.4" fill="none" stroke="#7f8c99" strokeWidth="0.9" />
        <circle cx="12" cy="10" r="2" fill="none" stroke="#7f8c99" strokeWidth="0.9" />
      </pattern>
      <linearGradient id="pp-concrete" x1="0" x2="1">
        <stop offset="0" stopColor="#b9c3cf" />
        <stop offset="0.5" stopColor="#d9e0e8" />
        <stop offset="1" stopColor="#aab5c2" />
      </linearGradient>
    </defs>
    {/* soil layers */}
    <rect x="0" y="120" width="480" height="60" fill="#e9dcb8" />
    <rect x="0" y="120" width="480" height="60" fill="url(#pp-sand)" />
    <rect x="0" y="180" width="480" height="80" fill="#d7cbb9" />
    <rect x="0" y="180" width="480" height="80" fill="url(#pp-clay)" />
    <rect x="0" y="260" width="480" height="100" fill="#cfd5da" />
    <rect x="0" y="260" width="480" height="100" fill="url(#pp-gravel)" />
    <path
      d="M0 120h480M0 180h480M0 260h480"
      stroke="#0f2444"
      strokeOpacity="0.35"
      strokeWidth="1"
    />
    {/* ground water level */}
    <path d="M392 150h60" stroke="#2f6fd0" strokeWidth="1.5" />
    <path d="M416 141l6 8 6-8z" fill="none" stroke="#2f6fd0" strokeWidth="1.5" />
    <path d="M402 155h40M410 160h24" stroke="#2f6fd0" strokeWidth="1" />
    {/* piles */}
    {[150, 230, 310].map((x) => (
      <g key={x}>
        <rect
          x={x}
          y="112"
          width="22"
          height="200"
          fill="url(#pp-concrete)"
          stroke="#0f2444"
          strokeWidth="1.2"
        />
        <path
          d={`M${x + 4} 116v190M${x + 18} 116v190`}
          stroke="#0f2444"
          strokeOpacity="0.35"
          strokeDasharray="4 3"
        />
      </g>
    ))}
    {/* pile cap and column */}
    <rect
      x="130"
      y="88"
      width="222"
      height="30"
      fill="#dfe5ec"
      stroke="#0f2444"
      strokeWidth="1.4"
    />
    <rect x="222" y="28" width="38" height="60" fill="#eef2f6" stroke="#0f2444" strokeWidth="1.4" />
    {/* design action */}
    <path d="M241 0v22" stroke="#c2410c" strokeWidth="3" />
    <path d="M233 14l8 12 8-12z" fill="#c2410c" />
    <text x="254" y="18" fontSize="14" fill="#c2410c" fontWeight="600" fontStyle="italic">
      E
      <tspan fontSize="10" dy="4">
        d
      </tspan>
    </text>
    {/* shaft friction (upward along the shaft) and base resistance */}
    {[200, 240, 280].map((y) => (
      <g key={y} stroke="#1d4e89" strokeWidth="1.5" fill="none">
        <path d={`M340 ${y + 12}v-16`} />
        <path d={`M336 ${y}l4 -5 4 5`} />
      </g>
    ))}
    <text x="352" y="246" fontSize="13" fill="#1d4e89" fontWeight="600" fontStyle="italic">
      q
      <tspan fontSize="9" dy="4">
        s,k
      </tspan>
    </text>
    {[314, 321, 328].map((x) => (
      <g key={x} stroke="#1d4e89" strokeWidth="1.5" fill="none">
        <path d={`M${x} 334v-14`} />
        <path d={`M${x - 3} 324l3 -4 3 4`} />
      </g>
    ))}
    <text x="340" y="334" fontSize="13" fill="#1d4e89" fontWeight="600" fontStyle="italic">
      q
      <tspan fontSize="9" dy="4">
        b,k
      </tspan>
    </text>
    {/* soil groups to DIN 18196 and the reference level */}
    <g fontSize="11" fill="#33425a" fontWeight="600">
      <text x="12" y="114">
        ±0,00
      </text>
      <text x="12" y="140">
        SE
      </text>
      <text x="12" y="200">
        TL
      </text>
      <text x="12" y="280">
        GW
      </text>
    </g>
  </svg>
);
