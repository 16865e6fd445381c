/** `['piles', 3, 'SollDurchmesser']` → `piles[3].SollDurchmesser` (wire names, as the UI marks fields). */
export const formatPath = (segments: readonly PropertyKey[]): string =>
  segments.reduce<string>((acc, seg) => {
    if (typeof seg === 'number') return `${acc}[${seg}]`;
    const name = String(seg);
    return acc === '' ? name : `${acc}.${name}`;
  }, '');
