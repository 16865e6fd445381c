/** Version of the calculation engine, carried by every result (style guide §2.5). */
export const ENGINE_VERSION = '0.6.0';
