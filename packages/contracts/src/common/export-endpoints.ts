import { endpoint, type Endpoint, type EndpointSchemas } from './endpoint.js';

/** The formats of a list's export: CSV for Excel in Spanish locales, or XLSX. */
export type ExportFormat = 'csv' | 'xlsx';

const MEDIA_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The two export endpoints of a list (`<path>.csv` and `<path>.xlsx`): the whole filtered
 * result, streamed by the server, with the list's filters as query. `operationId` gets the
 * format as suffix (`exportTransportesCsv`).
 */
export function exportEndpoints<S extends EndpointSchemas>(
  definition: Omit<Endpoint<S>, 'method' | 'produces' | 'status'>,
): Record<ExportFormat, Endpoint<S>> {
  const of = (format: ExportFormat, suffix: string) =>
    endpoint({
      ...definition,
      operationId: `${definition.operationId}${suffix}`,
      method: 'GET',
      path: `${definition.path}.${format}`,
      summary: `${definition.summary} (${format.toUpperCase()})`,
      produces: MEDIA_TYPE[format],
    });
  return { csv: of('csv', 'Csv'), xlsx: of('xlsx', 'Xlsx') };
}
