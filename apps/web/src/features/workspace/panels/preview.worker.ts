// Web Worker of the live preview: keeps the last workbook and result, answers each request with a full
// result or a patch of the changed rows (utils/preview-protocol.ts).
import { handleRequest, type PreviewRequest, type PreviewResponse } from './utils/preview-protocol';
import type { PreviewCache } from './utils/incremental-preview';

type WorkerScope = {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage: (message: PreviewResponse) => void;
};

const scope = self as unknown as WorkerScope;
let cache: PreviewCache = null;

scope.onmessage = (event) => {
  const out = handleRequest(cache, event.data);
  cache = out.cache;
  scope.postMessage(out.response);
};
