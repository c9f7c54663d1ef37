import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import { UploadProgress } from './upload-progress';

export interface FormFooterProps {
  /** The text of the submit button (a verb: "Enviar oferta"). */
  submitLabel: string;
  /** The request is running: the submit button spins (and Cancelar waits for an upload). */
  pending?: boolean;
  /** Submitting is not possible now (e.g. offers blocked). */
  submitDisabled?: boolean;
  /** Icon left of the submit text. */
  submitIcon?: ReactNode;
  /** Why the server refused (Spanish message), shown above the buttons. */
  error?: string | null;
  /** An upload's progress, shown while `pending`: its percentage and what is being sent. */
  upload?: { percent: number; label: string };
  /** Adds a Cancelar button (dialogs) that runs this. */
  onCancel?: () => void;
  /** Says what the asterisks mean (every form of the app has required fields); false hides it. */
  requiredNote?: boolean;
}

/**
 * The end of a form: the upload's progress, the server's error and the buttons (Cancelar, then
 * the submit button on the right).
 */
export function FormFooter({
  submitLabel,
  pending = false,
  submitDisabled = false,
  submitIcon,
  error,
  upload,
  onCancel,
  requiredNote = true,
}: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {requiredNote && (
        <Text size="xs" c="gray.7">
          {t('form.obligatorios')}
        </Text>
      )}
      {upload && pending && <UploadProgress percent={upload.percent} label={upload.label} />}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          // An upload cannot be cancelled half-way: Cancelar waits for it.
          <Button variant="default" onClick={onCancel} disabled={Boolean(upload) && pending}>
            {t('tabla.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending} disabled={submitDisabled} leftSection={submitIcon}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
