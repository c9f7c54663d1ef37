import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

export interface ConfirmDialogModalProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Dialog title, e.g. "Retirar oferta". */
  title: string;
  /** The question, naming what will change. */
  message: string;
  /** Text of the confirming button (a verb: "Retirar oferta", "Desactivar"). */
  confirmLabel: string;
  /** Runs the action; the caller closes the dialog when it succeeds. */
  onConfirm: () => void;
  /** Closes without doing anything (Cancelar, Esc, outside click). */
  onCancel: () => void;
  /** The action is running: the button shows a spinner. */
  loading?: boolean;
  /** The action failed: its Spanish message. */
  error?: string | null;
}

/** A small confirmation dialog for destructive actions (focus trapped, Esc cancels). */
export function ConfirmDialogModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
  error,
}: ConfirmDialogModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('tabla.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
