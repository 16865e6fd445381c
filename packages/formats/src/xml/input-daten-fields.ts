/**
 * Field maps of the `InputDaten` document shared by the reader and the writer: the namespaces and the fields the
 * predecessor's format has no element for (written to and read from our extension `PfahlplanerDaten`, ADR 0053).
 * @see docs/sources/legacy-format.md §L4.4
 */
import { fieldsOf, type FieldDef } from '@pfahlplaner/contracts';

export const INPUT_DATEN_NAMESPACE = 'http://schemas.datacontract.org/2004/07/DHPD';
export const PFAHLPLANER_NAMESPACE = 'urn:pfahlplaner:xml:1';

/** One record (settings, profile, layer, pile, load case, load row) by wire name. */
export type Row = Record<string, unknown>;

/** Settings without a predecessor element, by wire name (ADR 0053 "extension section"). */
export const extensionSettings = (): FieldDef[] =>
  (fieldsOf('settings') as readonly FieldDef[]).filter((f) => f.xml === null && f.role === 'input');

/** Load-point inputs the predecessor's format has no element for (rake, tolerance, steel pipe wall). */
export const extensionPileFields = (): FieldDef[] =>
  (fieldsOf('pile') as readonly FieldDef[]).filter((f) => f.xml === null && f.role === 'input');
