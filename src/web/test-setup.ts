/**
 * Setup for the 'web' vitest project (jsdom): jest-dom matchers and the browser pieces
 * jsdom lacks but Mantine uses (matchMedia, ResizeObserver, scrollIntoView).
 */
import '@testing-library/jest-dom/vitest';
import { modals } from '@mantine/modals';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A screen's redraw after an answer took over the default second on a slow 2-core machine running two test files.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  // An error's exception dialog is opened once its chunk has loaded (lib/query-client.ts): waiting for that chunk
  // lets a dialog asked for by the test's last error be opened now, not in the next test's page.
  await import('./lib/exception-dialog');
  // A dialog asked for while the modals provider was still loading is held by the relay (lib/modal-relay.ts) and
  // would open in the next test's page: closing them all is held and sent after it, or closes the open ones now.
  act(() => modals.closeAll());
  cleanup();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
