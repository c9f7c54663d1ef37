import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import '../i18n';
import { FileDropzone, formatBytes, matchesAccept } from './file-dropzone';

const PDF_ACCEPT = 'application/pdf,.pdf';

function Harness({
  onChange,
  accept = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png',
  capture,
}: {
  onChange: (file: File | null) => void;
  accept?: string;
  capture?: 'environment';
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <MantineProvider theme={theme} env="test">
      <FileDropzone
        label="Albarán (CMR)"
        accept={accept}
        acceptLabel="PDF, JPEG o PNG"
        maxBytes={1000}
        capture={capture}
        value={file}
        onChange={(next) => {
          setFile(next);
          onChange(next);
        }}
      />
    </MantineProvider>
  );
}

function fileInputs(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')];
}

describe('FileDropzone', () => {
  it('passes `accept` to the picker and shows the chosen file with its size', () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} accept={PDF_ACCEPT} />);
    const [input] = fileInputs(container);
    expect(input).toHaveAttribute('accept', PDF_ACCEPT);
    expect(input).not.toHaveAttribute('capture');

    const file = new File(['%PDF-1.4 hola'], 'cmr.pdf', { type: 'application/pdf' });
    fireEvent.change(input!, { target: { files: [file] } });
    expect(onChange).toHaveBeenLastCalledWith(file);
    expect(screen.getByText('cmr.pdf')).toBeInTheDocument();
    expect(screen.getByText('13 B')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar cmr.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('cmr.pdf')).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit with a Spanish message', () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    const big = new File([new Uint8Array(1001)], 'grande.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInputs(container)[0]!, { target: { files: [big] } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El fichero supera el tamaño máximo de 1000 B.',
    );
  });

  it('refuses a dropped file of another type', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} accept={PDF_ACCEPT} />);
    const zone = screen.getByRole('group', { name: 'Albarán (CMR)' });
    const exe = new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' });
    fireEvent.drop(zone, { dataTransfer: { files: [exe] } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Tipo de fichero no admitido');

    const pdf = new File(['%PDF'], 'ok.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf] } });
    expect(onChange).toHaveBeenLastCalledWith(pdf);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the camera with capture="environment" on a separate photo button', () => {
    const { container } = render(<Harness onChange={vi.fn()} capture="environment" />);
    const inputs = fileInputs(container);
    expect(inputs).toHaveLength(2);
    const camera = inputs.find((input) => input.hasAttribute('capture'));
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Hacer foto' })).toBeInTheDocument();
    // The file picker is a real, focusable button.
    expect(screen.getByRole('button', { name: 'Elegir fichero' })).not.toBeDisabled();
  });

  it('formats sizes and matches accept lists', () => {
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    const jpg = new File(['x'], 'foto.JPG', { type: 'image/jpeg' });
    expect(matchesAccept(jpg, 'image/*')).toBe(true);
    expect(matchesAccept(jpg, '.jpg')).toBe(true);
    expect(matchesAccept(jpg, 'application/pdf')).toBe(false);
  });

  it('says "Arrastre el fichero aquí" only where a fine pointer (mouse) can drag', async () => {
    const matchMedia = window.matchMedia;
    const withPointer = (fine: boolean) =>
      vi.fn((query: string) => ({
        ...matchMedia(query),
        matches: query === '(pointer: fine)' ? fine : false,
      }));
    try {
      window.matchMedia = withPointer(true);
      const { unmount } = render(<Harness onChange={vi.fn()} />);
      expect(await screen.findByText(/^Arrastre el fichero aquí/)).toBeInTheDocument();
      unmount();
      window.matchMedia = withPointer(false);
      render(<Harness onChange={vi.fn()} />);
      expect(await screen.findByText(/^Elija el fichero: PDF, JPEG o PNG/)).toBeInTheDocument();
      expect(screen.queryByText(/Arrastre/)).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
