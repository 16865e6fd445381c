/** Version of the calculation engine, carried by every result (ADR 0107). */
export const ENGINE_VERSION = '0.7.0';
