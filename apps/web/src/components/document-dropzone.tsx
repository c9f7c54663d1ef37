import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '../lib/upload';
import { FileDropzone, type FileDropzoneProps } from './file-dropzone';

/** What a scanned or photographed document may be (the server checks the content again). */
const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/**
 * A document (a CMR, a certificate) as a PDF or a photo, up to the upload limit; on phones it
 * offers the rear camera.
 */
export function DocumentDropzone(
  props: Omit<FileDropzoneProps, 'accept' | 'acceptLabel' | 'maxBytes' | 'capture'>,
) {
  const { t } = useTranslation();
  return (
    <FileDropzone
      accept={DOCUMENT_ACCEPT}
      acceptLabel={t('subida.pdfImagen')}
      maxBytes={UPLOAD_MAX_BYTES}
      capture="environment"
      {...props}
    />
  );
}
