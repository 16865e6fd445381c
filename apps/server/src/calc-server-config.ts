/*
 * The calculation servers of the configuration (CALC_SERVERS). Read by config.ts at start; the
 * calculation module (modules/calculation/calc-servers.ts) calls them. Knows no feature module.
 */

/** A configured calculation server: `local` is the in-process worker pool, others are HTTP endpoints. */
export type CalcServerConfig = { id: string; name: string; url: string | null };

export const LOCAL_SERVER: CalcServerConfig = {
  id: 'local',
  name: 'Lokal (dieser Server)',
  url: null,
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Parses `CALC_SERVERS`: a JSON array `[{ "id", "name"?, "url" }]` or `id=url,id2=url2`. `local` is
 * always present and the default. Throws with a readable message for a bad value.
 */
export const parseCalcServers = (value: string | undefined): CalcServerConfig[] => {
  const servers: CalcServerConfig[] = [LOCAL_SERVER];
  const text = value?.trim() ?? '';
  if (text === '') return servers;
  let entries: { id: unknown; name?: unknown; url: unknown }[];
  if (text.startsWith('[')) {
    entries = JSON.parse(text) as { id: unknown; name?: unknown; url: unknown }[];
    if (!Array.isArray(entries)) throw new Error('CALC_SERVERS must be a JSON array');
  } else {
    entries = text.split(',').map((part) => {
      const eq = part.indexOf('=');
      if (eq < 1) throw new Error(`CALC_SERVERS entry "${part}" is not id=url`);
      return { id: part.slice(0, eq).trim(), url: part.slice(eq + 1).trim() };
    });
  }
  for (const entry of entries) {
    const id = entry.id;
    if (typeof id !== 'string' || !ID.test(id) || id === 'local') {
      throw new Error(`CALC_SERVERS: invalid or reserved id ${JSON.stringify(id)}`);
    }
    if (servers.some((s) => s.id === id)) throw new Error(`CALC_SERVERS: duplicate id ${id}`);
    const url = typeof entry.url === 'string' ? entry.url.replace(/\/+$/, '') : '';
    if (!/^https?:\/\//.test(url)) throw new Error(`CALC_SERVERS: ${id} needs an http(s) URL`);
    const name = typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name : id;
    servers.push({ id, name, url });
  }
  return servers;
};
