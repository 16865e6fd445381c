import type { Evaluation } from '../axial/evaluate';
import type { PileSetup } from '../axial/pile-setup';
import type { LengthSearch } from '../axial/required-length';
import type { EngineIssue } from '../issues/issue';

/** State of one calculated row between the phases. */
export type RowState = {
  setup: PileSetup;
  search: LengthSearch;
  /** Evaluation at IstLaenge with the full curve (set by `finalise`). */
  final: Evaluation | null;
  issues: EngineIssue[];
  coordinatedToe: number | null;
  governedBy: string | null;
};
