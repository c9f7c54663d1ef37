/*
 * Pure rules of the load exchange: no database, no HTTP. The certificate rule is the one
 * place that decides whether an expired certificate blocks offers; the certificates page
 * reuses it to show the same warning (issue 4: "blocks new offers, with the reason").
 */

/** One certificate of a carrier with what its type says about it. */
export interface CertificadoVigencia {
  /** `certificado_tipos.codigo`. */
  tipo: string;
  /** `certificado_tipos.nombre`, shown in the reason. */
  nombre: string;
  obligatorio: boolean;
  /** 'YYYY-MM-DD', the last day it is valid. */
  fecha_caducidad: string;
}

/** Why a carrier cannot offer: a mandatory certificate that expired. */
export interface CertificateBlock {
  tipo: string;
  nombre: string;
  fecha_caducidad: string;
}

/**
 * The expired mandatory certificate that blocks new offers, or null. A new upload of a type
 * replaces the old one, so only the latest expiry of each type counts; a certificate is valid
 * through its `fecha_caducidad` day. With several expired, the one that expired first is
 * reported. A mandatory type never uploaded does not block (the rule is about expiry; the
 * certificates page lists what is missing).
 */
export function certificateBlock(
  certs: readonly CertificadoVigencia[],
  today: string,
): CertificateBlock | null {
  const latest = new Map<string, CertificadoVigencia>();
  for (const cert of certs) {
    if (!cert.obligatorio) continue;
    const current = latest.get(cert.tipo);
    if (!current || cert.fecha_caducidad > current.fecha_caducidad) latest.set(cert.tipo, cert);
  }
  let block: CertificateBlock | null = null;
  for (const cert of latest.values()) {
    if (cert.fecha_caducidad >= today) continue;
    if (!block || cert.fecha_caducidad < block.fecha_caducidad) {
      block = { tipo: cert.tipo, nombre: cert.nombre, fecha_caducidad: cert.fecha_caducidad };
    }
  }
  return block;
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. */
export function formatFechaEs(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The Spanish reason shown to the carrier (and in the 409 of a refused offer). */
export function certificateBlockMessage(block: CertificateBlock): string {
  return `No puede ofertar: el certificado «${block.nombre}» caducó el ${formatFechaEs(block.fecha_caducidad)}.`;
}

/** Calendar date of the company (Spain) at an instant: certificates expire by local day. */
export function todayInSpain(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
