import type { LugarEcmr, NotaEcmr as Nota, ParteEcmr } from '@extranet/contracts/ecmr/ecmr';
import type { T } from '../use-texts';

const join = (parts: Array<string | number | null | undefined>, separator = ', ') =>
  parts.filter((part) => part !== null && part !== undefined && part !== '').join(separator);

function parte(p: ParteEcmr) {
  return join([p.nombre, p.cif, p.direccion, join([p.cp, p.poblacion], ' '), p.pais_iso]);
}

/** 'YYYY-MM-DD' in the reader's language, without a time zone shift. */
function fecha(iso: string | null, language: string) {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

function lugar(l: LugarEcmr, language: string) {
  return join([l.direccion, join([l.cp, l.poblacion], ' '), l.pais_iso, fecha(l.fecha, language)]);
}

/**
 * The consignment note as its signers read it: the boxes of CMR article 6 that hold something,
 * numbered as on the paper form.
 */
export function NotaEcmr({ nota, t, language }: { nota: Nota; t: T; language: string }) {
  const filas: Array<[string, string | null]> = [
    [t('ecmrSender'), parte(nota.remitente)],
    [t('ecmrConsignee'), parte(nota.destinatario)],
    [t('ecmrDelivery'), lugar(nota.lugar_entrega, language)],
    [t('ecmrPickup'), lugar(nota.lugar_carga, language)],
    [
      t('ecmrCarrier'),
      join([
        parte(nota.transportista),
        nota.transportista.matricula && t('plate', { plate: nota.transportista.matricula }),
        nota.transportista.conductor && t('ecmrDriverName', { name: nota.transportista.conductor }),
      ]),
    ],
    [t('ecmrSuccessive'), nota.porteadores_sucesivos.map(parte).join(' · ')],
    [t('ecmrDocuments'), nota.documentos_anexos],
    [t('ecmrInstructions'), nota.instrucciones_remitente],
    [
      t('ecmrPayment'),
      nota.forma_pago === null
        ? null
        : nota.forma_pago === 'porte_pagado'
          ? t('ecmrPaid')
          : t('ecmrDue'),
    ],
    [t('ecmrCashOnDelivery'), nota.reembolso],
    [t('ecmrCarrierReservations'), nota.reservas_transportista],
    [t('ecmrAgreements'), nota.estipulaciones],
    [
      t('ecmrEstablished'),
      join([nota.establecido_en.lugar, fecha(nota.establecido_en.fecha, language)]),
    ],
  ];
  return (
    <div className="nota">
      <dl>
        {filas
          .filter(([, valor]) => valor !== null && valor !== '')
          .map(([campo, valor]) => (
            <div key={campo}>
              <dt>{campo}</dt>
              <dd>{valor}</dd>
            </div>
          ))}
      </dl>
      <table>
        <caption>{t('ecmrGoods')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ecmrGoodsNature')}</th>
            <th scope="col">{t('ecmrGoodsPackages')}</th>
            <th scope="col">{t('ecmrGoodsWeight')}</th>
          </tr>
        </thead>
        <tbody>
          {nota.mercancias.map((m, index) => (
            <tr key={index}>
              <td>{join([m.naturaleza, m.embalaje, m.marcas], ' · ') || '—'}</td>
              <td>{m.bultos.toLocaleString(language)}</td>
              <td>
                {m.peso_bruto_kg.toLocaleString(language)}
                {m.volumen_m3 === null ? '' : ` · ${m.volumen_m3.toLocaleString(language)} m³`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
