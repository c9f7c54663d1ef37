import { describe, expect, it } from 'vitest';
import { MAX_LONG_SIDE, targetSize } from './compress';

describe('targetSize', () => {
  it('brings a 12-megapixel phone photo down to 1600 px on its long side, keeping its shape', () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small picture', () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least a pixel on a very thin picture', () => {
    expect(targetSize(20_000, 2)).toEqual({ width: MAX_LONG_SIDE, height: 1 });
  });
});
