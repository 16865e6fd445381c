import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    serverLogFile: string;
  }
}
