/** Public entry point of the calculation engine. Everything outside this package imports from here. */
export const ENGINE_VERSION = '0.1.0';
