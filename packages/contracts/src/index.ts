/** Shared API and file contracts: zod schemas, error codes, roles and the field catalogue. */
export * from './error-codes';
export * from './engine-issue-codes';
export * from './engine-issue-texts';
export * from './engine-issue-params';
export * from './envelope';
export * from './roles';
export * from './auth';
export * from './geo';
export * from './fields';
export * from './workbook';
export * from './i18n';
export * from './projects';
export * from './teams';
export * from './files';
export * from './email-change';
export * from './numbers';
