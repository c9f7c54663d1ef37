import { z } from 'zod';
import { customerResources } from '../menus/menu.js';
import { RegionCode } from '../regiones/region.js';
import { ErpId, lote, opcional, texto } from './integracion.js';

/** The two portals a user may have resources in. */
export const PortalUsuario = z.enum(['clientes', 'proveedores']);
export type PortalUsuario = z.infer<typeof PortalUsuario>;

/** The external Security Circuit: the one resource whose URL is not ours but given (`url`). */
export const RECURSO_EXTERNO = customerResources.circuitoSeguridad;

/**
 * A menu resource of a user (spec §3): the section's key in a portal. Its `api` and menu
 * number come from the server's catalog; only the external Circuitoseguridad takes a `url`.
 */
export const RecursoUsuario = z.object({
  portal: PortalUsuario,
  recurso: texto(100),
  /** Only for Circuitoseguridad (required there): the external circuit's URL. */
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable()
    .optional(),
});
export type RecursoUsuario = z.infer<typeof RecursoUsuario>;

/** An e-mail as stored: trimmed, lower-case. */
export const EmailUsuario = z.string().trim().toLowerCase().pipe(z.email().max(200));

/**
 * A portal user as the ERP sends it. Links (by the companies' `erp_id`) and resources are the
 * whole set: what is not listed is removed. A new user has no usable password.
 */
export const UsuarioErp = z.object({
  erp_id: ErpId,
  region: RegionCode,
  email: EmailUsuario,
  nombre: texto(200),
  /** The code posted with the e-mail to the Security Circuit. */
  codigo: opcional(40),
  /** `false` ends the user's sessions and remember tokens. */
  activo: z.boolean().default(true),
  /** `erp_id`s of the customer companies the user works for. */
  clientes: z.array(ErpId).max(1000).default([]),
  /** `erp_id`s of the carriers the user works for. */
  proveedores: z.array(ErpId).max(1000).default([]),
  recursos: z.array(RecursoUsuario).max(50).default([]),
  /** Sends the password-recovery e-mail, so the user chooses a password (active users only). */
  invitar: z.boolean().default(false),
});
export type UsuarioErp = z.infer<typeof UsuarioErp>;

/** The user of the OpenAPI example (tests start from it too). */
export const usuarioEjemplo = {
  erp_id: 'U-501',
  region: 'es',
  email: 'trafico@conservasebro.es',
  nombre: 'Lucía Martínez',
  codigo: 'LM501',
  activo: true,
  clientes: ['C-1001'],
  proveedores: [],
  recursos: [
    { portal: 'clientes', recurso: 'apiweb.clientes.tracking' },
    { portal: 'clientes', recurso: 'apiweb.clientes.facturas' },
    {
      portal: 'clientes',
      recurso: 'Circuitoseguridad',
      url: 'https://circuito.example.com/entrada',
    },
  ],
  invitar: true,
} satisfies z.input<typeof UsuarioErp>;

/** Body of `PUT /api/integration/v1/usuarios`: also no two users with one e-mail in a region. */
export const LoteUsuarios = lote(UsuarioErp)
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((u, index) => {
      const key = `${u.region} ${u.email}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'email'],
          message: 'E-mail repetido en el lote para la misma región.',
        });
      }
      seen.add(key);
    });
  })
  .meta({
    example: { items: [usuarioEjemplo] },
  });
export type LoteUsuarios = z.infer<typeof LoteUsuarios>;
