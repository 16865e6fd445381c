/** Public entry point of the calculation engine. Everything outside this package imports from here. */
export * from './public-axial';
export * from './public-structural';
