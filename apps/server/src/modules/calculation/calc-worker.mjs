// Bootstrap of a calculation worker: the server runs TypeScript through tsx, and a worker thread starts
// without the parent's loader, so it registers tsx itself before loading the TypeScript worker (ADR 0047).
import { register } from 'tsx/esm/api';

register();
await import('./calc-worker.ts');
