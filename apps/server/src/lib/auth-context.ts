import type { Role } from '@pfahlplaner/contracts';

/** Who calls: the signed-in user, their company and role, read from the access token (modules/auth). */
export type AuthContext = { userId: number; companyId: number; role: Role; email: string };
