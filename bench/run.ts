// Benchmarks print numbers; they never assert timings. Each entry prints its own lines.
type BenchModule = { run: () => Promise<void> | void };
const modules: { name: string; load: () => Promise<BenchModule> }[] = [
  { name: 'axial', load: () => import('./axial') },
  { name: 'structural', load: () => import('./structural') },
  { name: 'formats', load: () => import('./formats') },
  { name: 'projects', load: () => import('./projects') },
  { name: 'preview', load: () => import('./preview') },
  { name: 'files', load: () => import('./files') },
  { name: 'xlsx-import', load: () => import('./xlsx-import') },
  { name: 'grid', load: () => import('./grid') },
  { name: 'startup', load: () => import('./startup') },
  { name: 'instances', load: () => import('./instances') },
  { name: 'starvation', load: () => import('./starvation') },
];

// `npm run bench -- formats projects` runs only the named entries; without names, all.
const only = process.argv.slice(2);
for (const entry of modules.filter((m) => only.length === 0 || only.includes(m.name))) {
  console.log(`# ${entry.name}`);
  const loaded = await entry.load();
  await loaded.run();
}
export {};
