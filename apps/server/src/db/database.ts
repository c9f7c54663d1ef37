import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Types of every table, shared by both dialects (docs/decisions/002-portable-sql-types.md):
 * ids are JS numbers, money is integer cents (`*_centimos`), weights integer kg, flags 0/1,
 * instants ISO-8601 UTC strings ending in `Z`, calendar dates 'YYYY-MM-DD' strings.
 */

/** An instant: ISO-8601 UTC text (`2026-11-22T10:00:00.000Z`), filled by the database. */
export type CreatedAt = ColumnType<string, string | undefined, string>;
/** A 0/1 flag with a database default. */
export type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
/** Integer id assigned by the database. */
export type Id = Generated<number>;

export type RegionCodigo = 'ma' | 'tr' | 'es' | 'it' | 'ro' | 'rs';
export type Portal = 'clientes' | 'proveedores';

export interface RegionesTable {
  codigo: RegionCodigo;
  nombre: string;
  activa: Flag;
  orden: ColumnType<number, number | undefined, number>;
}

export interface UsuariosTable {
  id: Id;
  region: RegionCodigo;
  /** Stored lower-case; unique per region (the same e-mail may exist in several regions). */
  email: string;
  nombre: string;
  /** The user's code, posted with the e-mail to the Security Circuit. */
  codigo: string | null;
  clave_hash: string;
  activo: Flag;
  ultimo_login_at: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The ERP's id of the user, the integration API's upsert key (null if made by an operator). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The portal language the user chose (`IDIOMAS`), null until chosen (issue 20 point 7). */
  idioma: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A company of either portal: the customers (`clientes`) and the carriers (`proveedores`). */
export interface EmpresasTable {
  id: Id;
  region: RegionCodigo;
  razon_social: string;
  localidad: string;
  cif: string | null;
  direccion: string | null;
  cp: string | null;
  pais_iso: string | null;
  email: string | null;
  telefono: string | null;
  activo: Flag;
  /** The ERP's own id: the key of the integration API's upserts (null if never synced). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export type ClientesTable = EmpresasTable;
export type ProveedoresTable = EmpresasTable;

export interface UsuariosClientesTable {
  usuario_id: number;
  cliente_id: number;
}

export interface UsuariosProveedoresTable {
  usuario_id: number;
  proveedor_id: number;
}

/** A menu entry of one user in one portal; its presence gates that section. */
export interface RecursosTable {
  id: Id;
  usuario_id: number;
  portal: Portal;
  /** e.g. 'apiweb.clientes.tracking', 'Circuitoseguridad'. */
  recurso: string;
  /** URL of the section's API (or the external URL for Circuitoseguridad). */
  api: string;
  menu: number;
}

/** Where a load or a shipment goes from and to (the ERP may omit the coordinates). */
export interface LugaresColumns {
  origen_poblacion: string;
  origen_cp: string;
  origen_pais_iso: string;
  origen_lat: number | null;
  origen_lng: number | null;
  destino_poblacion: string;
  destino_cp: string;
  destino_pais_iso: string;
  destino_lat: number | null;
  destino_lng: number | null;
}

export type CargaEstado = 'abierta' | 'asignada' | 'cerrada' | 'anulada';

export interface CargasTable extends LugaresColumns {
  id: Id;
  referencia: string;
  region: RegionCodigo;
  fecha_carga: string;
  fecha_descarga: string;
  /** A code of the contracts' `TipoVehiculo` list (e.g. 'lona'). */
  tipo_vehiculo: string;
  peso_kg: number;
  palets: number;
  precio_guia_centimos: number | null;
  observaciones: string | null;
  estado: ColumnType<CargaEstado, CargaEstado | undefined, CargaEstado>;
  proveedor_asignado_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type OfertaEstado = 'pendiente' | 'aceptada' | 'rechazada' | 'retirada';

export interface OfertasTable {
  id: Id;
  carga_id: number;
  proveedor_id: number;
  usuario_id: number | null;
  precio_centimos: number;
  comentarios: string | null;
  /** The carrier's vehicle offered for the load, if it said. */
  vehiculo_id: ColumnType<number | null, number | null | undefined, number | null>;
  estado: ColumnType<OfertaEstado, OfertaEstado | undefined, OfertaEstado>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A carrier hides a load from its list. */
export interface DescartesTable {
  proveedor_id: number;
  carga_id: number;
  usuario_id: number | null;
  created_at: CreatedAt;
}

export interface VehiculosTable {
  id: Id;
  proveedor_id: number;
  /** Upper case without spaces; unique per carrier. */
  matricula: string;
  /** A code of the contracts' `TipoVehiculo` list. */
  tipo: string;
  capacidad_kg: number;
  palets: number;
  conductor_nombre: string | null;
  conductor_telefono: string | null;
  disponible: Flag;
  disponible_desde: string | null;
  disponible_hasta: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 once deactivated: it stays for history but leaves the panel and cannot be offered. */
  activo: Flag;
  ultima_lat: number | null;
  ultima_lng: number | null;
  ultima_poblacion: string | null;
  ultima_posicion_at: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type TransporteEstado = 'asignado' | 'en_transito' | 'entregado' | 'anulado';

export interface TransportesTable {
  id: Id;
  proveedor_id: number;
  carga_id: number | null;
  vehiculo_id: number | null;
  referencia: string;
  /** Snapshot at assignment time: the vehicle row may change or go. */
  matricula: string | null;
  conductor: string | null;
  origen_poblacion: string;
  origen_cp: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_cp: string;
  destino_pais_iso: string;
  fecha_carga: string;
  fecha_descarga: string;
  importe_centimos: number;
  estado: ColumnType<TransporteEstado, TransporteEstado | undefined, TransporteEstado>;
  /** "Incidencia": what went wrong on the transport, null when nothing did. */
  incidencia: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The ERP's id of the transport, the integration API's upsert key (null if not from it). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
  /*
   * Kept by triggers from the legs and the invoice links (migration 17,
   * docs/decisions/007-transport-totals-by-trigger.md): read-only for the app.
   */
  subpartidas_n: ColumnType<number, never, never>;
  subpartidas_bultos: ColumnType<number, never, never>;
  subpartidas_peso_kg: ColumnType<number, never, never>;
  /** Legs still without their CMR. */
  subpartidas_sin_cmr: ColumnType<number, never, never>;
  /** 1 once a carrier invoice covers the transport. */
  facturado: ColumnType<number, never, never>;
}

/** One shipment leg of a transport; each needs a CMR (delivery note). */
export interface SubpartidasTable {
  id: Id;
  transporte_id: number;
  numero: number;
  porte_id: number | null;
  origen_poblacion: string;
  destino_poblacion: string;
  bultos: number;
  peso_kg: number;
  cmr_archivo_id: number | null;
  cmr_subido_at: string | null;
  created_at: CreatedAt;
  /** The ERP's id of the leg, unique within its transport (null if not from it). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type FacturaProveedorEstado = 'recibida' | 'aprobada' | 'pagada';

export interface FacturasProveedorTable {
  id: Id;
  proveedor_id: number;
  /** "Serie" of the carrier's invoice, when it gives one apart from the number. */
  serie: ColumnType<string | null, string | null | undefined, string | null>;
  numero: string;
  fecha_emision: string;
  /** "Vto": due date, when the invoice states one. */
  vto: ColumnType<string | null, string | null | undefined, string | null>;
  base_imponible_centimos: number;
  iva_centimos: number;
  importe_centimos: number;
  estado: ColumnType<
    FacturaProveedorEstado,
    FacturaProveedorEstado | undefined,
    FacturaProveedorEstado
  >;
  fecha_pago: string | null;
  archivo_id: number | null;
  usuario_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A transport is invoiced once: `transporte_id` is unique. */
export interface FacturasProveedorTransportesTable {
  factura_proveedor_id: number;
  transporte_id: number;
}

export type PorteEstado = 'pendiente' | 'en_transito' | 'entregado' | 'incidencia' | 'anulado';

/** A customer shipment; `partida` is the shipment id the customer sees. */
export interface PortesTable extends LugaresColumns {
  id: Id;
  partida: string;
  cliente_id: number;
  ref_cliente: string | null;
  /** "Carga Prevista": the planned loading date. */
  fecha_carga_prevista: string;
  fecha_entrega_prevista: string | null;
  entregado_at: string | null;
  bultos: number;
  peso_kg: number;
  /** "P.Facturable": chargeable weight in kg. */
  p_facturable_kg: number;
  estado: ColumnType<PorteEstado, PorteEstado | undefined, PorteEstado>;
  incidencia: string | null;
  /** The consignee as the ERP sends it (e-CMR box 2); null when it does not. */
  destinatario_nombre: string | null;
  destinatario_cif: string | null;
  destinatario_direccion: string | null;
  cmr_archivo_id: number | null;
  pod_archivo_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A tracking stop, fields as in the spec's sample stop (`poblacionB` → `poblacion_b`). */
export interface SeguimientoTable {
  id: Id;
  porte_id: number;
  partida: string;
  fecha: string;
  /** 'HH:MM' local time of the stop as reported. */
  hora: string;
  comentarios: string | null;
  cp: string | null;
  kilometros_destino: number | null;
  pais: string | null;
  pais_iso: string | null;
  poblacion: string | null;
  poblacion_b: string | null;
  /** Delay in minutes (0 = on time). */
  retraso: ColumnType<number, number | undefined, number>;
  lat: number | null;
  lng: number | null;
  /** The ERP's id of the stop, unique within the shipment (null for stops not from the ERP). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface FacturasTable {
  id: Id;
  cliente_id: number;
  serie: string;
  numero: number;
  fecha_emision: string;
  vto: string | null;
  base_imponible_centimos: number;
  iva_porcentaje: number;
  iva_centimos: number;
  importe_centimos: number;
  pagada: Flag;
  archivo_id: number | null;
  created_at: CreatedAt;
  /** Hash of what the ERP sent (header and lines, not `pagada`); null for invoices not from it. */
  contenido_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** The linked PDF is the ERP's own (1), or the portal's rendering (0). */
  pdf_erp: Flag;
}

export interface FacturaLineasTable {
  id: Id;
  factura_id: number;
  orden: number;
  concepto: string;
  partida: string | null;
  porte_id: number | null;
  cantidad: number;
  precio_centimos: number;
  importe_centimos: number;
}

export type ArchivoPropietarioTipo = 'proveedor' | 'cliente' | 'sistema';
export type ArchivoTipo =
  'cmr' | 'pod' | 'factura_proveedor' | 'factura' | 'certificado' | 'prevencion' | 'otro';

/** Every stored file; the bytes live in storage under `storage_key` (content-addressed). */
export interface ArchivosTable {
  id: Id;
  propietario_tipo: ArchivoPropietarioTipo;
  propietario_id: number | null;
  tipo: ArchivoTipo;
  nombre: string;
  /** Sniffed from the content, not trusted from the upload. */
  mime: string;
  tamano_bytes: number;
  sha256: string;
  storage_key: string;
  usuario_id: number | null;
  created_at: CreatedAt;
}

/**
 * The last time an upload (or a generated PDF) relied on the bytes under `storage_key`: the
 * orphan purge leaves them alone for a grace period after it (decision 009).
 */
export interface ReservasContenidoTable {
  storage_key: string;
  reservado_en: string;
}

/** Catalogue of carrier documents; an expired `obligatorio` one blocks new offers. */
export interface CertificadoTiposTable {
  codigo: string;
  nombre: string;
  obligatorio: Flag;
  orden: ColumnType<number, number | undefined, number>;
}

export interface CertificadosTable {
  id: Id;
  proveedor_id: number;
  /** `certificado_tipos.codigo`. */
  tipo: string;
  descripcion: string | null;
  archivo_id: number | null;
  fecha_emision: string | null;
  fecha_caducidad: string;
  created_at: CreatedAt;
}

export interface PrevencionDocumentosTable {
  id: Id;
  titulo: string;
  descripcion: string | null;
  archivo_id: number | null;
  obligatorio: Flag;
  publicado_at: CreatedAt;
  created_at: CreatedAt;
  /** The ERP's id of the document, the integration API's upsert key (null if not from it). */
  erp_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An inactive document is not shown to carriers. */
  activo: Flag;
}

/**
 * A certificate the ERP requires of one carrier: `obligatorio` overrides the catalogue's;
 * `certificado_id` is the version the ERP validated itself (no file), if it sent an expiry.
 */
export interface ProveedorCertificadosTable {
  proveedor_id: number;
  tipo: string;
  obligatorio: Flag;
  certificado_id: number | null;
  updated_at: CreatedAt;
}

/** A supplier's acknowledgement of a prevention document. */
export interface PrevencionLecturasTable {
  documento_id: number;
  proveedor_id: number;
  usuario_id: number | null;
  leido_at: CreatedAt;
}

export type SolicitudEstado = 'recibida' | 'en_estudio' | 'aceptada' | 'rechazada';

export interface SolicitudesTable {
  id: Id;
  cliente_id: number;
  usuario_id: number | null;
  origen_poblacion: string;
  origen_cp: string | null;
  origen_pais_iso: string | null;
  /** Street address of the pickup, if given. */
  origen_direccion: ColumnType<string | null, string | null | undefined, string | null>;
  destino_poblacion: string;
  destino_cp: string | null;
  destino_pais_iso: string | null;
  destino_direccion: ColumnType<string | null, string | null | undefined, string | null>;
  fecha_carga: string;
  fecha_entrega: string | null;
  mercancia: string | null;
  bultos: number | null;
  peso_kg: number | null;
  /** Vehicle needed: a code of the contracts' `TipoVehiculo` list, if given. */
  tipo_vehiculo: ColumnType<string | null, string | null | undefined, string | null>;
  observaciones: string | null;
  estado: ColumnType<SolicitudEstado, SolicitudEstado | undefined, SolicitudEstado>;
  created_at: CreatedAt;
}

export interface SugerenciasTable {
  id: Id;
  cliente_id: number;
  usuario_id: number | null;
  /** Optional subject line. */
  asunto: ColumnType<string | null, string | null | undefined, string | null>;
  texto: string;
  created_at: CreatedAt;
}

export interface PushSubscriptionsTable {
  id: Id;
  usuario_id: number;
  portal: Portal;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A user's TOTP secret (encrypted); `confirmado_at` null until the first code is right. */
export interface UsuariosTotpTable {
  usuario_id: number;
  secreto_cifrado: string;
  confirmado_at: string | null;
  /** 30-second step of the last accepted code: a code is never accepted twice. */
  ultimo_paso: number | null;
  /** Wrong codes since the last right one, and when the last one came. */
  fallos: ColumnType<number, number | undefined, number>;
  ultimo_fallo_at: string | null;
  created_at: CreatedAt;
}

/** A single-use TOTP recovery code: an argon2id hash; `usado_at` set by the one use. */
export interface TotpCodigosRecuperacionTable {
  id: Id;
  usuario_id: number;
  codigo_hash: string;
  usado_at: string | null;
  created_at: CreatedAt;
}

/** A login past its password and waiting for its code; `id` is the SHA-256 of the cookie. */
export interface TotpPendientesTable {
  id: string;
  usuario_id: number;
  portal: Portal;
  remember_token_id: number | null;
  intentos: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  expires_at: string;
}

/** Server-side session; `id` is the SHA-256 of the cookie value, never the value itself. */
export interface SesionesTable {
  id: string;
  /** Null for a session opened from an id+token access link. */
  usuario_id: number | null;
  portal: Portal;
  region: RegionCodigo;
  cliente_id: number | null;
  proveedor_id: number | null;
  /** Free JSON text for small per-session state (e.g. afterLogin). */
  datos: string | null;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  /** Absolute expiry; the idle expiry is counted from `last_seen_at`. */
  expires_at: string;
  /** The access link that opened this session; revoking it ends the session. */
  access_token_id: number | null;
}

export interface RememberTokensTable {
  id: Id;
  usuario_id: number;
  portal: Portal;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Id;
  usuario_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: string;
  used_at: string | null;
}

/** Revocable `{id}/{token}` access links bound to one customer or supplier. */
export interface AccessTokensTable {
  id: Id;
  portal: Portal;
  cliente_id: number | null;
  proveedor_id: number | null;
  token_hash: string;
  descripcion: string | null;
  created_at: CreatedAt;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AuditLogTable {
  id: Id;
  created_at: CreatedAt;
  usuario_id: number | null;
  portal: Portal | null;
  accion: string;
  entidad: string | null;
  entidad_id: string | null;
  ip: string | null;
  /** JSON text. */
  detalles: string | null;
}

/** An ERP key `ext_<prefix>_<secret>`: only the SHA-256 of the whole key is stored. */
export interface ApiKeysTable {
  id: Id;
  nombre: string;
  prefix: string;
  key_hash: string;
  /** JSON text array of scopes, e.g. `["portes:write"]`. */
  scopes: string;
  created_at: CreatedAt;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One authenticated call of the integration API. */
export interface ApiKeyUsosTable {
  id: Id;
  api_key_id: number;
  metodo: string;
  ruta: string;
  status: number;
  at: CreatedAt;
}

/** The stored answer of a write sent with `Idempotency-Key`; unique per API key. */
export interface IdempotencyKeysTable {
  id: Id;
  api_key_id: number;
  clave: string;
  /** SHA-256 of method, path and the canonical JSON body. */
  request_hash: string;
  status_code: number;
  /** JSON text of the response body. */
  response_body: string;
  created_at: CreatedAt;
}

/** Key/value settings: generated secrets, VAPID keys, seed markers. */
export interface AjustesTable {
  clave: string;
  valor: string;
  updated_at: CreatedAt;
}

/** Outbox (issue 6): something that happened, written in the transaction of the change. */
export interface EventosTable {
  id: Id;
  /** 'oferta.creada', 'cmr.subido'… (outbox/events.ts). */
  tipo: string;
  /** JSON text. */
  payload: string;
  created_at: CreatedAt;
}

export type CanalEntrega = 'email' | 'push' | 'webhook';
export type EstadoEntrega = 'pendiente' | 'entregada' | 'fallida';

/** One delivery of an event on one channel to one target; also the delivery log. */
export interface EntregasTable {
  id: Id;
  evento_id: number;
  canal: CanalEntrega;
  /** 'operadores', 'usuario:<id>' (e-mail, push) or the webhook id. */
  destino: string;
  estado: ColumnType<EstadoEntrega, EstadoEntrega | undefined, EstadoEntrega>;
  intentos: ColumnType<number, number | undefined, number>;
  /** Due time; while a worker holds the row, the end of its lease. */
  proximo_intento_at: string;
  ultimo_error: string | null;
  entregada_at: string | null;
  created_at: CreatedAt;
}

/** A URL that receives signed events of the listed types. */
export interface WebhooksTable {
  id: Id;
  url: string;
  /** HMAC-SHA256 key of the signature header. */
  secret: string;
  /** JSON array of event types. */
  tipos: string;
  activo: Flag;
  created_at: CreatedAt;
}

/** The delay last told to a shipment's customer (0: back on time, a new delay is told). */
export interface AvisosRetrasoTable {
  porte_id: number;
  retraso_minutos: number;
  updated_at: CreatedAt;
}

/** A certificate whose coming expiry was told to the carrier, once per expiry date. */
export interface AvisosCertificadoTable {
  certificado_id: number;
  fecha_caducidad: string;
  created_at: CreatedAt;
}

/** One notice of the notice centre (issue 20 point 2), per user, portal and company. */
export interface AvisosUsuarioTable {
  id: Id;
  usuario_id: number;
  portal: Portal;
  /** The client (customer portal) or carrier (supplier portal) it is about. */
  empresa_id: number;
  /** Its kind (`TIPOS_AVISO` of the contracts): what the preferences are per. */
  tipo: string;
  evento_id: number | null;
  /** The push notification's words, Spanish: what a notice without `datos` shows. */
  titulo: string;
  texto: string;
  /** Its message and parameters, JSON (`DatosAviso`), worded by the web; null before 2026-11-28. */
  datos: string | null;
  /** The portal page of its subject, relative to the origin. */
  url: string;
  /** Unique per user when set: the same fact told twice is one notice. */
  clave: string | null;
  leido_at: string | null;
  created_at: CreatedAt;
}

/** A user's channels for one kind of notice; no row: the kind's defaults. */
export interface AvisosPreferenciasTable {
  usuario_id: number;
  tipo: string;
  push: 0 | 1;
  email: 0 | 1;
  updated_at: CreatedAt;
}

/** A carrier user's saved load search: the load list's filters as JSON. */
export interface BusquedasCargasTable {
  id: Id;
  usuario_id: number;
  proveedor_id: number;
  nombre: string;
  filtro: string;
  created_at: CreatedAt;
}

/** A driver's capability link to one transport (issue 17); only the token's SHA-256 is kept. */
export interface EnlacesConductorTable {
  id: Id;
  transporte_id: number;
  proveedor_id: number;
  token_hash: string;
  usuario_id: number | null;
  created_at: CreatedAt;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** A shipment's capability link for someone without an account (issue 19); hashes only. */
export interface EnlacesPorteTable {
  id: Id;
  porte_id: number;
  cliente_id: number;
  token_hash: string;
  /** The hash of the e-mailed copy's token, made when the outbox sends it. */
  token_hash_correo: string | null;
  usuario_id: number | null;
  api_key_id: number | null;
  /** Who made it, as shown in the list: the user's name or the API key's. */
  creado_por: string;
  /** Shows the delivery proof (CMR/POD, the delivered e-CMR). */
  muestra_entrega: Flag;
  muestra_factura: Flag;
  /**
   * Whoever holds the link is taken for the consignee: may sign the delivery of a leg's e-CMR
   * when the driver asks for a contactless signature (migration 26).
   */
  permite_firma: Flag;
  destinatario_email: string | null;
  /** Null: it lives until `expires_at`; else until this many days after delivery (capped). */
  dias_tras_entrega: number | null;
  created_at: CreatedAt;
  expires_at: string;
  revoked_at: string | null;
  aperturas: ColumnType<number, number | undefined, number>;
  last_opened_at: string | null;
}

/** An e-mail subscribed through a shipment link to that shipment's notices. */
export interface EnlacesPorteAvisosTable {
  id: Id;
  enlace_id: number;
  email: string;
  created_at: CreatedAt;
  /** The page's language when the visitor subscribed; null: Spanish. */
  idioma: string | null;
  /**
   * Random; with the server's secret it derives the subscription's page and unsubscribe
   * tokens (modules/envio/avisos.ts). Set on insert (and for older rows by migration 25).
   */
  clave: ColumnType<string, string, never>;
  /** When the visitor unsubscribed; null while subscribed. */
  baja_at: string | null;
}

export type ParadaTipo = 'carga' | 'descarga';

/** A planned stop of a transport, what the driver reported there and its last computed ETA. */
export interface TransporteParadasTable {
  id: Id;
  transporte_id: number;
  orden: number;
  tipo: ParadaTipo;
  subpartida_id: number | null;
  porte_id: number | null;
  poblacion: string;
  cp: string | null;
  pais_iso: string | null;
  direccion: string | null;
  lat: number | null;
  lng: number | null;
  ventana_desde: string;
  ventana_hasta: string;
  llegada_at: ColumnType<string | null, string | null | undefined, string | null>;
  completada_at: ColumnType<string | null, string | null | undefined, string | null>;
  km_restantes: ColumnType<number | null, number | null | undefined, number | null>;
  eta_at: ColumnType<string | null, string | null | undefined, string | null>;
  eta_desde: ColumnType<string | null, string | null | undefined, string | null>;
  eta_hasta: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One position ping of the driver's phone; unique per transport by the phone's ping id. */
export interface PosicionesConductorTable {
  id: Id;
  transporte_id: number;
  ping_id: string;
  lat: number;
  lng: number;
  precision_m: number | null;
  tomada_at: string;
  recibida_at: string;
}

export type EstadoEta = 'a_tiempo' | 'en_riesgo' | 'con_retraso';

/** The latest position and ETA status of a transport, recomputed on each ping batch. */
export interface TransporteEtaTable {
  transporte_id: number;
  lat: number;
  lng: number;
  posicion_at: string;
  km_restantes: number | null;
  velocidad_kmh: number;
  estado: EstadoEta;
  calculado_at: string;
}

export type EventoParadaTipo = 'llegada' | 'carga' | 'descarga' | 'incidencia';

/** What the driver reported at a stop; unique per transport by the phone's event id. */
export interface EventosParadaTable {
  id: Id;
  transporte_id: number;
  parada_id: number;
  evento_cliente_id: string;
  tipo: EventoParadaTipo;
  texto: string | null;
  archivo_id: number | null;
  ocurrido_at: string;
  created_at: CreatedAt;
}

export type EcmrEstado = 'sin_firmar' | 'recogida_firmada' | 'entregada' | 'con_reservas';
export type EcmrRol = 'remitente' | 'transportista' | 'destinatario';
export type EcmrCanal = 'movil_conductor' | 'enlace_email' | 'codigo' | 'enlace_envio';

/** The e-CMR of one subpartida (issue 18, decision 013). */
export interface EcmrTable {
  id: Id;
  subpartida_id: number;
  transporte_id: number;
  numero: string;
  /** Random id of the QR code's verification page. */
  verificacion_id: string;
  version_actual: number;
  estado: EcmrEstado;
  /** Events in the chain and the hash of the last one: where the next event links. */
  eventos_n: number;
  ultimo_hash: string;
  /** The stored PDF of the delivered note (the subpartida's CMR), null before delivery. */
  archivo_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** One version of a note: its canonical JSON and that text's SHA-256. */
export interface EcmrVersionesTable {
  id: Id;
  ecmr_id: number;
  version: number;
  contenido: string;
  documento_sha256: string;
  usuario_id: number | null;
  created_at: CreatedAt;
}

/** A signature of a version of a note; `fotos` is JSON text `[{ archivo_id, sha256 }]`. */
export interface EcmrFirmasTable {
  id: Id;
  ecmr_id: number;
  version: number;
  rol: EcmrRol;
  nombre: string;
  canal: EcmrCanal;
  firmado_at: string;
  documento_sha256: string;
  /** The drawn signature, PNG as base64. */
  imagen_png: string;
  imagen_sha256: string;
  lat: number | null;
  lng: number | null;
  precision_m: number | null;
  dispositivo: string | null;
  reservas: string | null;
  fotos: string;
}

/** A reservation photo of a signature: the foreign key that keeps it from the purge. */
export interface EcmrFotosTable {
  id: Id;
  firma_id: number;
  archivo_id: number | null;
}

/** An event of a note's hash chain, sealed with the server's Ed25519 key. */
export interface EcmrEventosTable {
  id: Id;
  ecmr_id: number;
  secuencia: number;
  tipo: string;
  ocurrido_at: string;
  /** Canonical JSON of the event's data. */
  datos: string;
  hash_anterior: string;
  hash: string;
  /** Ed25519 signature of the hash, base64. */
  sello: string;
  clave_id: string;
}

/** A contactless signing invitation: a one-time e-mailed link or a short code (hashed). */
export interface EcmrInvitacionesTable {
  id: Id;
  ecmr_id: number;
  rol: EcmrRol;
  canal: 'email' | 'codigo';
  email: string | null;
  codigo_hash: string | null;
  token_hash: string | null;
  created_at: CreatedAt;
  expires_at: string;
  /** When the code was exchanged for a signing token (a code is exchanged once). */
  canjeada_at: string | null;
  usada_at: string | null;
  firma_id: number | null;
}

/**
 * Change counters of the conditional reads (decision 014): bumped only by the triggers of
 * migration 22, read by `db/versiones.ts`. `ambito` 'cargas' (id 0), 'cliente' or 'proveedor'.
 */
/**
 * A change counter's part (decision 014): an owner's version is the sum of its parts, one per
 * PostgreSQL backend slot that bumped it (one part, 0, on SQLite). Written by triggers only.
 */
export interface VersionesTable {
  ambito: 'cargas' | 'cliente' | 'proveedor';
  id: number;
  parte: ColumnType<number, never, never>;
  n: ColumnType<number, never, never>;
}

export interface Database {
  regiones: RegionesTable;
  usuarios: UsuariosTable;
  clientes: ClientesTable;
  proveedores: ProveedoresTable;
  usuarios_clientes: UsuariosClientesTable;
  usuarios_proveedores: UsuariosProveedoresTable;
  recursos: RecursosTable;
  cargas: CargasTable;
  ofertas: OfertasTable;
  descartes: DescartesTable;
  vehiculos: VehiculosTable;
  transportes: TransportesTable;
  subpartidas: SubpartidasTable;
  facturas_proveedor: FacturasProveedorTable;
  facturas_proveedor_transportes: FacturasProveedorTransportesTable;
  portes: PortesTable;
  seguimiento: SeguimientoTable;
  facturas: FacturasTable;
  factura_lineas: FacturaLineasTable;
  archivos: ArchivosTable;
  reservas_contenido: ReservasContenidoTable;
  certificado_tipos: CertificadoTiposTable;
  certificados: CertificadosTable;
  prevencion_documentos: PrevencionDocumentosTable;
  prevencion_lecturas: PrevencionLecturasTable;
  proveedor_certificados: ProveedorCertificadosTable;
  solicitudes: SolicitudesTable;
  sugerencias: SugerenciasTable;
  push_subscriptions: PushSubscriptionsTable;
  sesiones: SesionesTable;
  remember_tokens: RememberTokensTable;
  password_resets: PasswordResetsTable;
  access_tokens: AccessTokensTable;
  audit_log: AuditLogTable;
  ajustes: AjustesTable;
  api_keys: ApiKeysTable;
  api_key_usos: ApiKeyUsosTable;
  idempotency_keys: IdempotencyKeysTable;
  eventos: EventosTable;
  entregas: EntregasTable;
  webhooks: WebhooksTable;
  avisos_retraso: AvisosRetrasoTable;
  avisos_certificado: AvisosCertificadoTable;
  avisos_usuario: AvisosUsuarioTable;
  avisos_preferencias: AvisosPreferenciasTable;
  busquedas_cargas: BusquedasCargasTable;
  usuarios_totp: UsuariosTotpTable;
  enlaces_conductor: EnlacesConductorTable;
  enlaces_porte: EnlacesPorteTable;
  enlaces_porte_avisos: EnlacesPorteAvisosTable;
  transporte_paradas: TransporteParadasTable;
  posiciones_conductor: PosicionesConductorTable;
  transporte_eta: TransporteEtaTable;
  eventos_parada: EventosParadaTable;
  ecmr: EcmrTable;
  ecmr_versiones: EcmrVersionesTable;
  ecmr_firmas: EcmrFirmasTable;
  ecmr_fotos: EcmrFotosTable;
  ecmr_eventos: EcmrEventosTable;
  ecmr_invitaciones: EcmrInvitacionesTable;
  totp_pendientes: TotpPendientesTable;
  totp_codigos_recuperacion: TotpCodigosRecuperacionTable;
  versiones: VersionesTable;
}

export type Usuario = Selectable<UsuariosTable>;
export type NewUsuario = Insertable<UsuariosTable>;
export type UsuarioUpdate = Updateable<UsuariosTable>;
export type Cliente = Selectable<ClientesTable>;
export type Proveedor = Selectable<ProveedoresTable>;
export type Recurso = Selectable<RecursosTable>;
export type Carga = Selectable<CargasTable>;
export type Oferta = Selectable<OfertasTable>;
export type Vehiculo = Selectable<VehiculosTable>;
export type Transporte = Selectable<TransportesTable>;
export type Subpartida = Selectable<SubpartidasTable>;
export type FacturaProveedor = Selectable<FacturasProveedorTable>;
export type Porte = Selectable<PortesTable>;
export type Seguimiento = Selectable<SeguimientoTable>;
export type Factura = Selectable<FacturasTable>;
export type FacturaLinea = Selectable<FacturaLineasTable>;
export type Archivo = Selectable<ArchivosTable>;
export type NewArchivo = Insertable<ArchivosTable>;
export type Certificado = Selectable<CertificadosTable>;
export type Sesion = Selectable<SesionesTable>;
