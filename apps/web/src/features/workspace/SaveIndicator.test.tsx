// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { SaveIndicator } from './SaveIndicator';

afterEach(() => cleanup());

describe('SaveIndicator', () => {
  it.each([
    [{ kind: 'saved', at: null } as const, 'Gespeichert'],
    [{ kind: 'saving' } as const, 'Speichern…'],
    [{ kind: 'pending' } as const, 'Speichern…'],
    [{ kind: 'invalid', count: 2 } as const, 'Nicht gespeichert: 2 ungültige Werte'],
    [{ kind: 'error', code: null } as const, 'Speichern fehlgeschlagen'],
    [{ kind: 'conflict' } as const, 'Konflikt – nicht gespeichert'],
  ])('shows %o as "%s"', (status, text) => {
    renderPage(<SaveIndicator status={status} />);
    expect(screen.getByTestId('save-state').textContent).toBe(text);
    expect(screen.getByTestId('save-state').getAttribute('data-state')).toBe(status.kind);
  });
});
