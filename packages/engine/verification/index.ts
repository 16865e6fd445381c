import { AXIAL_COORDINATION } from './axial-coordination';
import { AXIAL_CURVE } from './axial-curve';
import { AXIAL_DRAG } from './axial-drag';
import { AXIAL_TABLES } from './axial-tables';
import { LATERAL } from './lateral';
import { SECTION_EC2 } from './section-ec2';
import { STEEL_PIPE } from './steel-pipe';
import type { VerificationFamily } from './types';

/** Every family of worked examples, in the order of the manual. */
export const VERIFICATION_FAMILIES: readonly VerificationFamily[] = [
  AXIAL_TABLES,
  AXIAL_CURVE,
  AXIAL_COORDINATION,
  AXIAL_DRAG,
  LATERAL,
  SECTION_EC2,
  STEEL_PIPE,
];

/** Path of the manual relative to the repository root. */
export const MANUAL_PATH = 'docs/verification.md';
