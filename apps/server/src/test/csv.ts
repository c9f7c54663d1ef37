/** The lines of a CSV export as sent (`;`-separated, CRLF), its byte order mark dropped. */
export function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

/** The CSV's data lines (no BOM, no header), split into cells. */
export function csvRows(body: string): string[][] {
  return csvLines(body)
    .slice(1)
    .map((line) => line.split(';'));
}
