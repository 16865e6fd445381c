import { Drawer, type DrawerProps } from 'antd';
import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Whether focus should go back to the element that opened an overlay once its closing animation has ended:
 * only when nothing else holds it — focus is on the page body, gone, or still inside the closed overlay. When
 * the user has meanwhile clicked into another element (a grid cell, a field), that element keeps it.
 */
export const shouldReturnFocus = (active: Element | null, overlay: Element | null): boolean => {
  if (active === null || active === active.ownerDocument.body) return true;
  if (overlay !== null && overlay.contains(active)) return true;
  return !active.isConnected;
};

/**
 * Ant Design's drawer with one change (ADR 0203): antd returns focus to the element that opened the drawer
 * when the closing animation ends, whatever happened in between. A user who closes the drawer and at once
 * clicks a grid cell and types lost the keystrokes — focus jumped back to the opening button under their
 * fingers, and Enter opened the drawer again. Here focus goes back only when nothing else holds it
 * (`shouldReturnFocus`). Every drawer of the app is this one (ESLint forbids antd's `Drawer` elsewhere).
 */
export const AppDrawer = ({ open, afterOpenChange, ...props }: DrawerProps) => {
  const opener = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    // Layout effects of the drawer itself ran first; it moves focus into its panel only in a later effect.
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const onAfterOpenChange = useCallback(
    (visible: boolean) => {
      afterOpenChange?.(visible);
      if (visible) return;
      const target = opener.current;
      opener.current = null;
      const overlay = panel.current?.closest('.ant-drawer') ?? panel.current;
      if (target?.isConnected && shouldReturnFocus(document.activeElement, overlay ?? null)) {
        target.focus({ preventScroll: true });
      }
    },
    [afterOpenChange],
  );
  return (
    <Drawer
      {...props}
      open={open}
      afterOpenChange={onAfterOpenChange}
      focusable={{ ...props.focusable, focusTriggerAfterClose: false }}
      panelRef={panel}
    />
  );
};
