import { use } from 'react';
import { PreferencesContext, type Preferences } from './PreferencesProvider';

export const usePreferences = (): Preferences => {
  const preferences = use(PreferencesContext);
  if (!preferences) throw new Error('usePreferences needs a PreferencesProvider');
  return preferences;
};
