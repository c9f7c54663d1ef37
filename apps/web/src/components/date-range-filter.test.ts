import { describe, expect, it } from 'vitest';
import { fromPickerValue, toPickerValue } from './date-range-filter';

describe('DateRangeFilter value mapping', () => {
  it('maps a range to the picker tuple and back', () => {
    expect(toPickerValue({ desde: '2026-03-01', hasta: '2026-03-09' })).toEqual([
      '2026-03-01',
      '2026-03-09',
    ]);
    expect(toPickerValue({})).toEqual([null, null]);
    expect(fromPickerValue(['2026-03-01', '2026-03-09'])).toEqual({
      desde: '2026-03-01',
      hasta: '2026-03-09',
    });
  });

  it('accepts Dates and date-times, keeps only the day, and orders the ends', () => {
    expect(fromPickerValue([new Date(2026, 2, 9), '2026-03-01 00:00:00'])).toEqual({
      desde: '2026-03-01',
      hasta: '2026-03-09',
    });
  });

  it('leaves out missing ends', () => {
    expect(fromPickerValue(['2026-03-01', null])).toEqual({ desde: '2026-03-01' });
    expect(fromPickerValue([null, null])).toEqual({});
  });
});
