import { type ComponentType, lazy } from 'react';
import { retryImport } from './retry-import';

/** `React.lazy` for a page module with a named export, retried 5 times 1 s apart on a failed chunk load. */
export const lazyWithRetry = <M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
) =>
  lazy(async () => {
    const module = await retryImport(load);
    return { default: module[exportName] as ComponentType };
  });
