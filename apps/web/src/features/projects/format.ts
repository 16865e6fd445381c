import dayjs from 'dayjs';

/** Dates of the project list and the workspace: day.month.year hours:minutes:seconds, local time. */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD.MM.YYYY HH:mm:ss') : '';

/** Sort parameter of the list route from an antd sorter (`-` prefix = descending). */
export const sortParam = (
  field: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
): string | undefined => (field && order ? `${order === 'descend' ? '-' : ''}${field}` : undefined);
