import { fireEvent, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

/*
 * jsdom has no canvas: tests of the signature pad record what it draws on a 2D context of their
 * own, and the PNG the browser would encode is a data URL naming the strokes drawn.
 */

export type Llamada = [string, ...unknown[]];

/** Installs the recording canvas; returns the calls made on it, shared by every canvas. */
export function canvasDePrueba(): Llamada[] {
  const llamadas: Llamada[] = [];
  const context = new Proxy(
    {},
    {
      get:
        (_target, name: string) =>
        (...args: unknown[]) => {
          llamadas.push([name, ...args]);
        },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
    () =>
      `data:image/png;base64,${btoa(
        JSON.stringify(llamadas.filter(([name]) => name === 'lineTo' || name === 'fillText')),
      )}`,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: 320,
    height: 180,
  } as DOMRect);
  return llamadas;
}

/** jsdom lacks PointerEvent: a mouse event with a pointer id is what React reads. */
class PointerEventDePrueba extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
if (!('PointerEvent' in window)) {
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventDePrueba });
}

/** A stroke through `points` (page coordinates) with one pointer. */
export function trazar(canvas: Element, points: Array<[number, number]>, pointerId = 1) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { clientX: first![0], clientY: first![1], pointerId });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { clientX: x, clientY: y, pointerId });
  fireEvent.pointerUp(canvas, { pointerId });
}

/** Fills a signature form as `nombre`: types the signer's name and draws one stroke on the pad. */
export async function firmarComo(user: UserEvent, form: HTMLElement, nombre: string) {
  await user.type(within(form).getByLabelText('Nombre y apellidos de quien firma'), nombre);
  trazar(within(form).getByRole('img', { name: 'Recuadro de firma' }), [
    [30, 50],
    [120, 90],
  ]);
}

/** Ticks "Firmar con reservas" in the consignee's signature form. */
export async function marcarReservas(user: UserEvent, form: HTMLElement) {
  await user.click(
    within(form).getByRole('checkbox', { name: 'Firmar con reservas (daños, bultos que faltan…)' }),
  );
}
