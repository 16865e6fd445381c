import { PROJECT_SORTS, type ProjectSort } from '@pfahlplaner/contracts';
import dayjs from 'dayjs';

/** Dates of the project list and the workspace: day.month.year hours:minutes:seconds, local time. */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD.MM.YYYY HH:mm:ss') : '';

/** Sort parameter of the list route from an antd sorter (`-` prefix = descending); unknown keys: none. */
export const sortParam = (
  field: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
): ProjectSort | undefined => {
  if (!field || !order) return undefined;
  const value = `${order === 'descend' ? '-' : ''}${field}`;
  return PROJECT_SORTS.find((sort) => sort === value);
};
