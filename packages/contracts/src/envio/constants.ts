/** Longest a shipment link may live when its days are chosen (issue 19). */
export const ENVIO_DIAS_MAX = 90;
/** The default: until this many days after delivery. */
export const ENVIO_DIAS_TRAS_ENTREGA = 7;
/** Choices of the "Compartir envío" dialog besides the default (days). */
export const ENVIO_DIAS_OPCIONES = [1, 7, 30] as const;
