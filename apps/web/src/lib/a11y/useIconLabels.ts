import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { labelIcons, relabelIconButtons, type IconLabelKey } from './icon-labels';

const GRID = '.ag-root-wrapper';

/**
 * Keeps the antd icons of the whole page decorative and their icon-only buttons named in the UI language
 * (`labelIcons`, ADR 0194): once at start, for every element added later (dialogs, messages and drop-downs
 * are added outside the React root), and again when the language changes. What is added inside a grid
 * (AG Grid's root) is skipped: its cells hold no antd icons (ADR 0060) and it adds rows on every scroll step.
 */
export const useIconLabels = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const translate = (key: IconLabelKey) => t(key);
    const root = document.body;
    relabelIconButtons(root, translate);
    labelIcons(root, translate);
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.addedNodes.length === 0) continue;
        if (mutation.target instanceof Element && mutation.target.closest(GRID)) continue;
        for (const node of mutation.addedNodes) {
          if (node instanceof Element) labelIcons(node, translate);
        }
      }
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t, language]);
};
