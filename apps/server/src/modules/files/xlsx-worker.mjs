// Bootstrap of an Excel-reading worker: the server runs TypeScript through tsx, and a worker thread starts
// without the parent's loader, so it registers tsx itself before loading the TypeScript worker (ADR 0120,
// as the calculation worker of ADR 0047).
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-worker.ts');
