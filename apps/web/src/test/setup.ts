import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from '../i18n';
import '../i18n/calendar-locale';
import es from '../i18n/es.json';

// In development and tests every response is checked against its contract, whose schema module
// loads on the first call of a file (transformed on demand): on a busy CI machine that first load
// can outlast Testing Library's 1 s default for `findBy…`.
configure({ asyncUtilTimeout: 4000 });

// In the app main.tsx loads Spanish (its own chunk) before the first render and the data scope
// registers the calendar locale; tests start with both.
i18n.addResourceBundle('es', 'translation', es, true, true);

// A Spanish browser, as the browser tests' (playwright.config.ts): the portal follows the
// browser's language until the user chooses one (issue 20 point 7), and jsdom says en-US.
Object.defineProperty(window.navigator, 'languages', {
  configurable: true,
  value: ['es-ES', 'es'],
});
Object.defineProperty(window.navigator, 'language', { configurable: true, value: 'es-ES' });

// jsdom lacks the layout APIs Mantine and the router touch.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  getComputedStyle(element, pseudo);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
