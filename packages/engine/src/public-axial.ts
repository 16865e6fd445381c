// Public exports of the axial engine (input model, tables, axial procedures, project calculation).
export const ENGINE_VERSION = '0.1.0';
