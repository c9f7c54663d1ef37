import { describe, expect, it } from 'vitest';
import { jpegsToPdf } from './pdf';

/** jsdom's Blob has no `arrayBuffer()`: read it the older way. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('jpegsToPdf', () => {
  it('puts one page per photo and a cross-reference table pointing at each object', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const blob = jpegsToPdf([
      { bytes: jpeg, width: 1200, height: 1600 },
      { bytes: jpeg, width: 1600, height: 1200 },
    ]);
    const bytes = await bytesOf(blob);
    const text = new TextDecoder('latin1').decode(bytes);
    expect(blob.type).toBe('application/pdf');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/Count 2');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2);

    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    expect(offsets).toHaveLength(8);
    offsets.forEach((offset, index) => {
      expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true);
    });
  });
});
