import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

/** A point of a stroke, in CSS pixels from the pad's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/** What the parent asks of the pad. */
export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toPng: () => string | null;
  clear: () => void;
  /** Writes `text` in a handwriting style: the signature of someone who cannot draw one. */
  write: (text: string) => void;
}

/** Pad height in CSS pixels: room for a signature on a 360 px wide phone. */
export const PAD_HEIGHT = 180;
const INK = '#10215a';

/**
 * A drawn signature (e-CMR, decision 013): a canvas that follows one pointer (finger, pen or
 * mouse) through pointer events, kept as strokes so a resize or rotation redraws them.
 */
export function SignaturePad({
  label,
  onChange,
  ref,
}: {
  /** Accessible name of the drawing area. */
  label: string;
  /** Called with whether the pad holds a signature, on every change. */
  onChange: (hasInk: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const written = useRef<string | null>(null);
  const drawing = useRef<number | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  const context = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return undefined;
    const scale = canvas.width / Math.max(1, canvas.clientWidth || canvas.width);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    return ctx;
  };

  const redraw = () => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (written.current !== null) {
      ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", cursive';
      ctx.textBaseline = 'middle';
      ctx.fillText(written.current, 16, PAD_HEIGHT / 2, canvas.clientWidth - 32);
    }
    for (const stroke of strokes.current) {
      const [first, ...rest] = stroke;
      if (!first) continue;
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      // A tap is a dot: a segment of no length drawn with round caps.
      for (const point of rest.length > 0 ? rest : [first]) ctx.lineTo(point.x, point.y);
      ctx.stroke();
    }
  };

  // The canvas's pixels follow its displayed size and the screen's density.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const width = Math.round((canvas.clientWidth || 320) * ratio);
      const height = Math.round(PAD_HEIGHT * ratio);
      if (canvas.width === width && canvas.height === height) return;
      canvas.width = width;
      canvas.height = height;
      redraw();
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redraw reads refs only
  }, []);

  const hasInk = () => strokes.current.length > 0 || written.current !== null;

  useImperativeHandle(ref, () => ({
    toPng: () => (hasInk() && canvasRef.current ? canvasRef.current.toDataURL('image/png') : null),
    clear: () => {
      strokes.current = [];
      written.current = null;
      redraw();
      changed.current(false);
    },
    write: (text: string) => {
      written.current = text.trim() === '' ? null : text.trim();
      strokes.current = [];
      redraw();
      changed.current(hasInk());
    },
  }));

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return (
    <canvas
      ref={canvasRef}
      className="pad"
      role="img"
      aria-label={label}
      style={{ height: PAD_HEIGHT }}
      onPointerDown={(event) => {
        if (drawing.current !== null) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        drawing.current = event.pointerId;
        strokes.current.push([pointOf(event)]);
        redraw();
        changed.current(true);
      }}
      onPointerMove={(event) => {
        if (drawing.current !== event.pointerId) return;
        const stroke = strokes.current.at(-1);
        if (!stroke) return;
        // Coalesced events keep a fast signature smooth on phones that batch them.
        const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
        const box = event.currentTarget.getBoundingClientRect();
        const points =
          events.length > 0
            ? events.map((e) => ({ x: e.clientX - box.left, y: e.clientY - box.top }))
            : [pointOf(event)];
        const ctx = context();
        const from = stroke.at(-1)!;
        stroke.push(...points);
        if (!ctx) return;
        ctx.beginPath();
        ctx.moveTo(from.x, from.y);
        for (const point of points) ctx.lineTo(point.x, point.y);
        ctx.stroke();
      }}
      onPointerUp={(event) => {
        if (drawing.current === event.pointerId) drawing.current = null;
      }}
      onPointerCancel={(event) => {
        if (drawing.current === event.pointerId) drawing.current = null;
      }}
    />
  );
}
