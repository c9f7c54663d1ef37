import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no layout: for the tests of this file, every element measures like a desktop
 * scroller (1024 × 640), so a virtualised table renders rows. Call it at the top of the file.
 */
export function withDesktopLayout() {
  const sizes = {
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
  };
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get: () => 640,
    });
    Object.defineProperty(Element.prototype, 'clientWidth', {
      configurable: true,
      get: () => 1024,
    });
  });
  afterAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', sizes.clientHeight!);
    Object.defineProperty(Element.prototype, 'clientWidth', sizes.clientWidth!);
  });
}
