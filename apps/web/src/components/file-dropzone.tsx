import { Box, Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileUpload, IconPaperclip } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './file-dropzone.module.css';

export interface FileDropzoneProps {
  /** Visible label, e.g. "Albarán (CMR)". */
  label: string;
  /** Accepted types as an input `accept` list: MIME types and/or extensions ("application/pdf,.pdf"). */
  accept: string;
  /** Short human list of the accepted types for the hint, e.g. "PDF, JPEG o PNG". */
  acceptLabel: string;
  /** Largest file in bytes; a bigger one is refused with a message. */
  maxBytes: number;
  /**
   * Offer a "Hacer foto" button (phones only) whose input has this `capture`, so the phone
   * opens its camera ('environment' = the rear one).
   */
  capture?: 'user' | 'environment';
  /** The chosen file (controlled). */
  value: File | null;
  /** Called with the accepted file, or null when removed or refused. */
  onChange: (file: File | null) => void;
  /** A validation message from the form (Spanish). */
  error?: string;
  /** No picking while an upload runs. */
  disabled?: boolean;
  /** The form needs a file: the label shows the asterisk of required fields. */
  required?: boolean;
}

/** "1,2 MB", "830 KB", "512 B" with Spanish decimals. */
export function formatBytes(bytes: number): string {
  const number = (value: number) =>
    new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${number(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Whether `file` matches one entry of an `accept` list (MIME, `type/*` or `.ext`). */
export function matchesAccept(file: File, accept: string): boolean {
  const entries = accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/**
 * A file field: "Elegir fichero" (a real button, so Tab/Enter/Space work), a drop area for
 * desktop drag and drop, and on phones "Hacer foto" for the camera. Checks the type and the
 * size before anything is sent (the server checks the content again) and shows the chosen
 * file's name and size with a button to remove it.
 */
export function FileDropzone({
  label,
  accept,
  acceptLabel,
  maxBytes,
  capture,
  value,
  onChange,
  error,
  disabled = false,
  required = false,
}: FileDropzoneProps) {
  const { t } = useTranslation();
  // "Arrastre el fichero aquí" only where dragging exists: a mouse or a trackpad, not a finger.
  // Read on the first render, not in an effect: a dropzone in a closed accordion panel renders
  // inside React's hidden <Activity>, where effects wait until the panel opens.
  const canDrag = useMediaQuery('(pointer: fine)', true, { getInitialValueInEffect: false });
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child: count them to know when the pointer really left.
  const depth = useRef(0);
  const resetRef = useRef<() => void>(null);
  const resetCameraRef = useRef<() => void>(null);

  function pick(file: File | null) {
    if (!file) return;
    if (!matchesAccept(file, accept)) {
      setLocalError(t('subida.tipoNoAdmitido', { tipos: acceptLabel }));
      onChange(null);
    } else if (file.size > maxBytes) {
      setLocalError(t('subida.demasiadoGrande', { max: formatBytes(maxBytes) }));
      onChange(null);
    } else if (file.size === 0) {
      setLocalError(t('subida.vacio'));
      onChange(null);
    } else {
      setLocalError(null);
      onChange(file);
    }
    // The same file can be picked again after removing it.
    resetRef.current?.();
    resetCameraRef.current?.();
  }

  function onDragEnter(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  }
  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }
  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    // Without this the browser opens the dropped file instead.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const files = event.dataTransfer.files;
    if (files.length > 1) {
      setLocalError(t('subida.soloUno'));
      return;
    }
    pick(files[0] ?? null);
  }

  const shownError = localError ?? error;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500} component="span">
        {label}
        {required && (
          <Text component="span" c="red.8" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        className={classes.zone}
        data-dragging={dragging || undefined}
        data-error={shownError ? true : undefined}
        data-disabled={disabled || undefined}
        onDragEnter={onDragEnter}
        onDragLeave={onDragLeave}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <Group gap="sm" wrap="wrap" align="center">
          <IconFileUpload size={28} stroke={1.5} aria-hidden className={classes.icon} />
          <Text size="sm" c="dimmed" id={hintId} style={{ flex: '1 1 12rem' }}>
            {t(canDrag ? 'subida.hint' : 'subida.hintSinArrastre', {
              tipos: acceptLabel,
              max: formatBytes(maxBytes),
            })}
          </Text>
        </Group>
        <Group gap="xs" mt="xs" wrap="wrap">
          <FileButton onChange={pick} accept={accept} disabled={disabled} resetRef={resetRef}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                disabled={disabled}
                aria-describedby={hintId}
              >
                {t('subida.elegir')}
              </Button>
            )}
          </FileButton>
          {capture && (
            <FileButton
              onChange={pick}
              accept="image/*"
              capture={capture}
              disabled={disabled}
              resetRef={resetCameraRef}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconCamera size={16} aria-hidden />}
                  disabled={disabled}
                  hiddenFrom="sm"
                >
                  {t('subida.foto')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {value && (
          <Group gap="xs" mt="xs" wrap="nowrap" className={classes.file}>
            <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
              {value.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBytes(value.size)}
            </Text>
            <CloseButton
              size="sm"
              aria-label={t('subida.quitar', { nombre: value.name })}
              onClick={() => {
                setLocalError(null);
                onChange(null);
              }}
              disabled={disabled}
            />
          </Group>
        )}
      </Box>
      {shownError && (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
