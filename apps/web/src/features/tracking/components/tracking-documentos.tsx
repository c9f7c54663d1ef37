import { Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadArchivoCliente } from '@extranet/contracts/archivos/endpoints';
import type { DocumentoPorte } from '@extranet/contracts/tracking/tracking';
import { endpointUrl } from '../../../lib/endpoint-client';

/** Where a document downloads from: the customer file download. */
export function documentoUrl(documento: DocumentoPorte): string {
  return endpointUrl(downloadArchivoCliente, { params: { id: documento.id } });
}

/** The shipment's documents (CMR/POD, invoice) as download links. */
export function TrackingDocumentos({ documentos }: { documentos: readonly DocumentoPorte[] }) {
  const { t } = useTranslation();
  if (documentos.length === 0) {
    return (
      <Text c="gray.7" size="sm">
        {t('tracking.sinDocumentos')}
      </Text>
    );
  }
  return (
    <List
      spacing="xs"
      aria-label={t('tracking.documentos')}
      icon={
        <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
          <IconFileDownload size={14} />
        </ThemeIcon>
      }
    >
      {documentos.map((documento) => (
        <List.Item key={`${documento.tipo}-${documento.id}`}>
          <Anchor href={documentoUrl(documento)} download>
            {t(`tracking.tipoDocumento.${documento.tipo}`, { defaultValue: documento.tipo })}
            {' · '}
            {documento.nombre}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
