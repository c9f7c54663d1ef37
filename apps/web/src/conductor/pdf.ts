/**
 * Several photographed pages of one CMR as one PDF: the server takes one file per subpartida
 * (the carrier's own upload path), so the pages travel together, each a JPEG image on an A4
 * page (the JPEG bytes as they are, DCTDecode; nothing re-encoded).
 */
export interface JpegPage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 18;

export function jpegsToPdf(pages: readonly JpegPage[]): Blob {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (n: number, body: () => void) => {
    offsets[n] = length;
    write(`${n} 0 obj\n`);
    body();
    write('\nendobj\n');
  };

  // Objects: 1 catalog, 2 page tree, then per page: page, content, image.
  const pageIds = pages.map((_, index) => 3 + index * 3);
  write('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  object(1, () => write('<< /Type /Catalog /Pages 2 0 R >>'));
  object(2, () =>
    write(
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ),
  );
  pages.forEach((page, index) => {
    const [pageId, contentId, imageId] = [
      pageIds[index]!,
      pageIds[index]! + 1,
      pageIds[index]! + 2,
    ];
    // Fit the image in the page, landscape photos on a landscape page.
    const landscape = page.width > page.height;
    const box = landscape ? { width: A4.height, height: A4.width } : A4;
    const scale = Math.min(
      (box.width - 2 * MARGIN) / page.width,
      (box.height - 2 * MARGIN) / page.height,
    );
    const w = page.width * scale;
    const h = page.height * scale;
    const x = (box.width - w) / 2;
    const y = (box.height - h) / 2;
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)} cm /Im0 Do Q`;
    object(pageId, () =>
      write(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${box.width} ${box.height}] ` +
          `/Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
    object(contentId, () =>
      write(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    );
    object(imageId, () => {
      write(
        `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ` +
          `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.bytes.length} >>\nstream\n`,
      );
      write(page.bytes);
      write('\nendstream');
    });
  });

  const count = 3 + pages.length * 3;
  const xref = length;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n += 1) write(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Blob(chunks as BlobPart[], { type: 'application/pdf' });
}
