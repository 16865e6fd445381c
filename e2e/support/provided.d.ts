import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    serverLogFile: string;
    /** SUPPORT_TOKEN of the server: support routes (licence states of the banner tests). */
    supportToken: string;
  }
}
