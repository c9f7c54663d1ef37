import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import { canvasDePrueba, trazar } from './test-canvas';

afterEach(() => vi.restoreAllMocks());

function pad() {
  const llamadas = canvasDePrueba();
  const ref = createRef<SignaturePadHandle>();
  const onChange = vi.fn();
  render(<SignaturePad ref={ref} label="Recuadro de firma" onChange={onChange} />);
  return {
    llamadas,
    ref,
    onChange,
    canvas: screen.getByRole('img', { name: 'Recuadro de firma' }),
  };
}

describe('SignaturePad', () => {
  it('gives no PNG before anything is drawn', () => {
    const { ref, onChange } = pad();
    expect(ref.current!.toPng()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws the pointer’s path in the canvas’s own coordinates and hands out its PNG', () => {
    const { ref, onChange, canvas, llamadas } = pad();
    trazar(canvas, [
      [40, 120],
      [90, 60],
      [150, 140],
    ]);
    expect(onChange).toHaveBeenLastCalledWith(true);
    // The page's points less the canvas's top-left corner (10, 20).
    expect(llamadas).toContainEqual(['moveTo', 30, 100]);
    expect(llamadas).toContainEqual(['lineTo', 80, 40]);
    expect(llamadas).toContainEqual(['lineTo', 140, 120]);
    const png = ref.current!.toPng();
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(JSON.parse(atob(png!.split(',')[1]!))).toEqual(
      expect.arrayContaining([
        ['lineTo', 80, 40],
        ['lineTo', 140, 120],
      ]),
    );
  });

  it('follows one finger at a time: a second pointer draws nothing', () => {
    const { canvas, llamadas } = pad();
    canvas.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, clientX: 20, clientY: 30, pointerId: 1 }),
    );
    trazar(
      canvas,
      [
        [200, 100],
        [250, 150],
      ],
      2,
    );
    expect(llamadas).not.toContainEqual(['lineTo', 240, 130]);
  });

  it('clears to nothing, and writes a typed name as the signature of someone who cannot draw', () => {
    const { ref, onChange, canvas, llamadas } = pad();
    trazar(canvas, [
      [40, 120],
      [90, 60],
    ]);
    act(() => ref.current!.clear());
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(ref.current!.toPng()).toBeNull();

    act(() => ref.current!.write('  Ana Gómez '));
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(llamadas.filter(([name]) => name === 'fillText').at(-1)?.[1]).toBe('Ana Gómez');
    expect(ref.current!.toPng()).toMatch(/^data:image\/png;base64,/);
  });
});
