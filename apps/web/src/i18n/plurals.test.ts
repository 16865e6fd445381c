import { describe, expect, it } from 'vitest';
import { initI18n } from './index';

// Once "1 Zeilen löschen", "1 Projekte"; now counted texts use i18next plural keys (_one/_other)
describe('counted texts', () => {
  it('says one row / one project in the singular and more in the plural, in German and English', async () => {
    const i18n = initI18n('de');
    const t = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    expect(t('workspace.grid.removeRowsCount', { count: 1 })).toBe('1 Zeile löschen');
    expect(t('workspace.grid.removeRowsCount', { count: 60 })).toBe('60 Zeilen löschen');
    expect(t('workspace.projects.total', { count: 1 })).toBe('1 Projekt');
    expect(t('workspace.projects.total', { count: 0 })).toBe('0 Projekte');
    await i18n.changeLanguage('en');
    expect(t('workspace.grid.removeRowsCount', { count: 1 })).toBe('Delete 1 row');
    expect(t('workspace.projects.total', { count: 2 })).toBe('2 projects');
    await i18n.changeLanguage('de');
  });
});
