/** Degrees → radians, the factor the predecessor applied to `AbtreppungsWinkelRad` and `phi` (docs/sources/legacy-format.md §L4.3). */
export const DEG_TO_RAD = Math.PI / 180;
