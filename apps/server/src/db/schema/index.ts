export * from './tenants';
export * from './auth';
export * from './projects';
export * from './mail';
export * from './billing';
export * from './files';
export * from './limits';
export * from './jobs';
