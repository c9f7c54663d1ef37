/*
 * What the service, its e-mails and the outbox's visitor notices share about a shipment link,
 * apart from service.ts so the outbox (which service.ts records events into) imports no cycle.
 */

const DIA_MS = 86_400_000;

/** The public page of a token. */
export function envioUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/envio/${token}`;
}

interface Caducidad {
  expires_at: string;
  dias_tras_entrega: number | null;
  entregado_at: string | null;
}

/**
 * When a link stops opening: its fixed instant, or for "until N days after delivery", N days
 * after the shipment's delivery, never beyond the cap stored in `expires_at`.
 */
export function caducaEl(e: Caducidad): Date {
  const tope = new Date(e.expires_at);
  if (e.dias_tras_entrega === null || e.entregado_at === null) return tope;
  const trasEntrega = new Date(new Date(e.entregado_at).getTime() + e.dias_tras_entrega * DIA_MS);
  return trasEntrega < tope ? trasEntrega : tope;
}

/** A link opens: neither revoked nor expired, its shipment not cancelled. */
export function enlaceVivo(
  e: Caducidad & { revoked_at: string | null; estado: string },
  now: Date,
): boolean {
  return e.revoked_at === null && e.estado !== 'anulado' && caducaEl(e) > now;
}
