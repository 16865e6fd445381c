/** Degrees → radians, the factor the predecessor applied to `AbtreppungsWinkelRad` and `phi` (legacy-format.md §4.3). */
export const DEG_TO_RAD = Math.PI / 180;
