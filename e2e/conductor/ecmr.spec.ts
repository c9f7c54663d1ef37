import { mkdirSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { driverLinkOf, MADRID, MADRID_GEO, postErpTransport } from '../erp-transport.js';
import { newestMailMentioning, signIn } from '../fixtures.js';
import { apiGet } from '../supplier/helpers.js';

/*
 * Issue 18, the phone side of the e-CMR, one whole transport of its own (made through the ERP
 * API, so no other spec touches it): the driver signs and hands the phone to the sender at
 * pick-up; the consignee signs with reservations and a photo on their own phone through the
 * e-mailed one-time link; the PDF carries the three signatures; its QR's page says "intact".
 */

const SCREENSHOTS = 'build/e2e-ecmr';

/** A phone: 360×740, touch, Spanish, geolocation granted in Madrid. */
function phone(browser: Browser) {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    permissions: ['geolocation'],
    geolocation: { ...MADRID_GEO, accuracy: 20 },
  });
}

/** Draws a signature on the pad: a zigzag stroke with the pointer, then a dot. */
async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('pad not visible');
  const at = (x: number, y: number) => [box.x + x, box.y + y] as const;
  await page.mouse.move(...at(30, 120));
  await page.mouse.down();
  for (const [x, y] of [
    [70, 50],
    [110, 130],
    [160, 60],
    [200, 140],
    [260, 70],
    [300, 110],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
  await page.mouse.click(...at(310, 140));
}

/** A phone photo of a torn pallet wrap, as a JPEG drawn by the browser. */
async function photo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#8d6e4b';
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = '#d9d2c5';
    context.fillRect(300, 300, 1800, 1200);
    context.strokeStyle = '#b00';
    context.lineWidth = 30;
    context.beginPath();
    context.moveTo(500, 500);
    context.lineTo(1900, 1300);
    context.stroke();
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** The images and the text drawn in a PDF (pdf-lib's hex strings, WinAnsi). */
async function pdfContents(bytes: Buffer): Promise<{ images: number; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  let images = 0;
  const chunks: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      images++;
      continue;
    }
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.contents);
    let content: string;
    try {
      content = (filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      chunks.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return { images, text: chunks.join('\n') };
}

test('an e-CMR signed by the driver, the sender on the handed phone and the consignee contactless, with reservations; its PDF and QR check out', async ({
  browser,
  page,
  request,
}) => {
  // Three browsers, a PDF and the outbox on a shared two-core machine.
  test.setTimeout(420_000);
  mkdirSync(SCREENSHOTS, { recursive: true });

  // The ERP posts a shipment of cliente@demo.es and the demo carrier's transport carrying it.
  const { sufijo, referencia } = await postErpTransport(request, {
    nombre: 'ERP e2e e-CMR',
    prefijo: 'ECMR',
    origen: MADRID,
    destino: { poblacion: 'Valencia', cp: '46001', pais_iso: 'ES', lat: 39.4699, lng: -0.3763 },
    cargaEnDias: 0,
    entregaEnDias: 1,
    bultos: 24,
    pesoKg: 12000,
    matricula: '1234ECM',
    conductor: 'Marta Ruiz',
    importeCentimos: 75_000,
    estadoTransporte: 'asignado',
  });

  // The carrier makes the driver link.
  const { path: linkPath } = await driverLinkOf(page, referencia);

  // The driver's phone: the trip, sharing its position (signatures record it).
  const driverPhone = await phone(browser);
  const driver = await driverPhone.newPage();
  let pings = 0;
  driver.on('response', (response) => {
    if (/\/api\/conductor\/[^/]+\/posiciones$/.test(response.url()) && response.ok()) pings++;
  });
  await driver.goto(linkPath);
  await expect(
    driver.getByRole('heading', { level: 1, name: `Viaje ${referencia}` }),
  ).toBeVisible();
  await driver.getByRole('button', { name: 'Compartir mi posición' }).click();
  await expect.poll(() => pings).toBeGreaterThanOrEqual(1);

  const ecmr = driver.getByRole('group', { name: /^e-CMR / });
  await expect(ecmr.getByText('Sin firmar', { exact: true })).toBeVisible();
  await ecmr.scrollIntoViewIfNeeded();
  await driver.screenshot({ path: `${SCREENSHOTS}/01-conductor-sin-firmar.png` });
  await ecmr.getByRole('button', { name: 'Leer la carta de porte' }).click();
  await expect(ecmr.getByText('1. Remitente')).toBeVisible();
  await expect(ecmr.getByRole('table', { name: '6–12. Mercancía' })).toContainText('24');
  await ecmr.screenshot({ path: `${SCREENSHOTS}/02-carta-de-porte.png` });
  await ecmr.getByRole('button', { name: 'Ocultar la carta de porte' }).click();

  const signed = () =>
    driver.waitForResponse(
      (r) => /\/subpartidas\/\d+\/ecmr\/firmas$/.test(r.url()) && r.status() === 201,
    );

  // 1. The driver signs: the name comes from the transport, the signature is drawn.
  const transportista = ecmr.getByRole('listitem', { name: 'Conductor (transportista)' });
  await transportista.getByRole('button', { name: 'Firmar como conductor' }).click();
  const driverForm = ecmr.getByRole('form', { name: 'Firma: Conductor (transportista)' });
  await expect(driverForm.getByLabel('Nombre y apellidos de quien firma')).toHaveValue(
    'Marta Ruiz',
  );
  const firmar = driverForm.getByRole('button', { name: 'Firmar', exact: true });
  await expect(firmar).toBeDisabled();
  await draw(driver, driverForm.getByRole('img', { name: 'Recuadro de firma' }));
  await expect(firmar).toBeEnabled();
  await driver.screenshot({ path: `${SCREENSHOTS}/03-firma-conductor.png` });
  const driverSigned = signed();
  await firmar.click();
  const afterDriver = (await (await driverSigned).json()) as {
    firmas: Array<{ rol: string; posicion: unknown }>;
  };
  expect(afterDriver.firmas[0]).toMatchObject({ rol: 'transportista' });
  expect(afterDriver.firmas[0]!.posicion).not.toBeNull();
  await expect(transportista.getByText(/^Firmado por Marta Ruiz el /)).toBeVisible();

  // 2. At pick-up the driver hands the phone to the sender.
  const remitente = ecmr.getByRole('listitem', { name: 'Remitente' });
  await remitente.getByRole('button', { name: 'Firma del remitente en este móvil' }).click();
  await expect(
    ecmr.getByText(
      'Entregue el móvil al remitente para que lea la carta de porte y firme la recogida.',
    ),
  ).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/04-entregar-al-remitente.png` });
  await ecmr.getByRole('button', { name: 'Soy el remitente: leer y firmar' }).click();
  // The sender sees the note and the form, not the driver's trip.
  await expect(driver.getByRole('heading', { name: 'Paradas' })).toBeHidden();
  const senderForm = ecmr.getByRole('form', { name: 'Firma: Remitente' });
  await senderForm.getByLabel('Nombre y apellidos de quien firma').fill('Luis Pérez Almacén');
  await draw(driver, senderForm.getByRole('img', { name: 'Recuadro de firma' }));
  await driver.screenshot({ path: `${SCREENSHOTS}/05-firma-remitente.png`, fullPage: true });
  const senderSigned = signed();
  await senderForm.getByRole('button', { name: 'Firmar', exact: true }).click();
  await senderSigned;
  await expect(ecmr.getByText('Devuelva el móvil al conductor.')).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/06-devolver-el-movil.png` });
  await ecmr.getByRole('button', { name: 'Soy el conductor: continuar' }).click();
  await expect(ecmr.getByText('Recogida firmada', { exact: true })).toBeVisible();
  await expect(remitente.getByText(/^Firmado por Luis Pérez Almacén el /)).toBeVisible();

  // 3. At delivery the consignee signs on their own phone: the driver shows a code…
  const destinatario = ecmr.getByRole('listitem', { name: 'Destinatario' });
  await destinatario.getByRole('button', { name: 'Firma sin contacto' }).click();
  await ecmr.getByRole('button', { name: 'Mostrar un código en pantalla' }).click();
  const codigo = ecmr.getByLabel('Código de firma');
  await expect(codigo).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await driver.screenshot({ path: `${SCREENSHOTS}/07-codigo-en-pantalla.png` });

  // Each phone is a window of its own: the one in use is brought to the front.
  const signerPhone = await phone(browser);
  const signer = await signerPhone.newPage();
  await signer.goto('/ecmr/firmar');
  await expect(signer.getByRole('heading', { level: 1, name: 'Firma del e-CMR' })).toBeVisible();
  await signer.getByLabel('Código').fill('ABCD-EFGH');
  await signer.getByRole('button', { name: 'Abrir la carta de porte' }).click();
  await expect(signer.getByRole('alert')).toHaveText(
    'Código no válido. Compruébelo y vuelva a escribirlo.',
  );
  await signer.screenshot({ path: `${SCREENSHOTS}/08-codigo-no-valido.png` });
  await signer.getByLabel('Código').fill((await codigo.textContent())!.toLowerCase());
  await signer.getByRole('button', { name: 'Abrir la carta de porte' }).click();
  await expect(
    signer.getByText(/^Le piden que firme, como destinatario, la entrega/),
  ).toBeVisible();
  await signer.screenshot({ path: `${SCREENSHOTS}/09-codigo-canjeado.png` });

  // …but the consignee's clerk would rather sign from the office: an e-mailed one-time link.
  await driver.bringToFront();
  await ecmr.getByRole('button', { name: 'Volver' }).click();
  await destinatario.getByRole('button', { name: 'Firma sin contacto' }).click();
  const email = `recepcion-${sufijo.toLowerCase()}@valencia.example`;
  await ecmr.getByLabel('E-mail de quien firma').fill(email);
  await ecmr.getByRole('button', { name: 'Enviar el enlace de firma' }).click();
  await expect(ecmr.getByText(`Enlace de firma enviado a ${email}.`)).toBeVisible();
  await expect(ecmr.getByText('Esperando la firma…')).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/10-enlace-enviado.png` });

  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = /https?:\/\/[^\s"<>]+\/ecmr\/firmar#[\w-]+/.exec(
          newestMailMentioning(email) ?? '',
        )?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  const signerLink = new URL(link!);
  await signer.bringToFront();
  // A fresh load: the signer opens the e-mail's link (the same page only changed its fragment).
  await signer.goto('about:blank');
  await signer.goto(`${signerLink.pathname}${signerLink.hash}`);
  await expect(signer.getByRole('heading', { name: /^e-CMR / })).toBeVisible();
  await expect(signer.getByText(/^Remitente: Firmado por Luis Pérez Almacén/)).toBeVisible();
  await signer.screenshot({ path: `${SCREENSHOTS}/11-firmante-carta.png`, fullPage: true });

  const consigneeForm = signer.getByRole('form', { name: 'Firma: Destinatario' });
  await consigneeForm.getByLabel('Nombre y apellidos de quien firma').fill('Ana Gómez Recepción');
  await draw(signer, consigneeForm.getByRole('img', { name: 'Recuadro de firma' }));
  await consigneeForm
    .getByRole('checkbox', { name: 'Firmar con reservas (daños, bultos que faltan…)' })
    .check();
  await consigneeForm
    .getByLabel('Describa las reservas')
    .fill('Dos palés con el film roto; falta un bulto.');
  await consigneeForm
    .getByLabel('Hacer una foto')
    .setInputFiles({ name: 'pale.jpg', mimeType: 'image/jpeg', buffer: await photo(signer) });
  // Compressed in the browser first: slow on a busy machine.
  await expect(consigneeForm.getByRole('img', { name: 'Foto 1 de las reservas' })).toBeVisible({
    timeout: 30_000,
  });
  await signer.screenshot({ path: `${SCREENSHOTS}/12-firmante-reservas.png`, fullPage: true });
  const uploaded = signer.waitForResponse(
    (r) => /\/api\/ecmr\/firma\/[^/]+\/fotos$/.test(r.url()) && r.status() === 201,
  );
  await consigneeForm.getByRole('button', { name: 'Firmar', exact: true }).click();
  await uploaded;
  await expect(signer.getByRole('heading', { name: /^e-CMR .+ firmado\.$/ })).toBeVisible();
  await signer.screenshot({ path: `${SCREENSHOTS}/13-firmante-hecho.png` });

  // The link is spent: opening it again says so.
  await signer.reload();
  await expect(signer.getByRole('alert')).toContainText('Este enlace ya se ha usado para firmar.', {
    timeout: 30_000,
  });
  await signer.screenshot({ path: `${SCREENSHOTS}/14-enlace-usado.png` });

  // The driver's screen sees the signature arrive; the delivered note is the leg's CMR.
  await driver.bringToFront();
  await expect(destinatario.getByText(/^Firmado por Ana Gómez Recepción el /)).toBeVisible({
    timeout: 20_000,
  });
  await expect(ecmr.getByText('Con reservas', { exact: true }).first()).toBeVisible();
  await expect(driver.getByText('CMR entregado.')).toBeVisible();
  await ecmr.scrollIntoViewIfNeeded();
  await driver.screenshot({ path: `${SCREENSHOTS}/15-conductor-con-reservas.png` });

  // The carrier's PDF: three drawn signatures and the QR, the signers' names printed.
  const trip = await apiGet<{ subpartidas: Array<{ id: number }> }>(
    page,
    `/api/conductor/${linkPath.split('/')[2]}`,
  );
  const subpartidaId = trip.subpartidas[0]!.id;
  const pdf = await page.request.get(`/api/proveedores/subpartidas/${subpartidaId}/ecmr/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(`${SCREENSHOTS}/ecmr.pdf`, bytes);
  const { images, text } = await pdfContents(bytes);
  expect(images).toBeGreaterThanOrEqual(4);
  for (const nombre of ['Marta Ruiz', 'Luis Pérez Almacén', 'Ana Gómez Recepción']) {
    expect(text).toContain(nombre);
  }
  // The box wraps its lines: each line is a text chunk of its own.
  expect(text.replace(/\s+/g, ' ')).toContain(
    'Reservas: Dos palés con el film roto; falta un bulto.',
  );

  // Its first page, as Chromium's PDF viewer shows it.
  const viewer = await browser.newPage({ viewport: { width: 900, height: 1200 } });
  await viewer.route('**/e-cmr.pdf', (route) =>
    route.fulfill({ contentType: 'application/pdf', body: bytes }),
  );
  await viewer.goto('/e-cmr.pdf').catch(() => undefined);
  await viewer.waitForLoadState('load');
  await viewer.screenshot({ path: `${SCREENSHOTS}/16-pdf.png` });
  await viewer.close();

  // The verification URL, printed on the PDF from the same value its QR encodes (the page with
  // the start of the last event hash): it is the carrier's note's, and its page says intact.
  const printed = /https?:\/\/\S+\/ecmr\/verificar\/\S+/.exec(text)?.[0];
  expect(printed, 'the verification URL on the PDF').toBeDefined();
  const qr = new URL(printed!);
  const detalle = await apiGet<{ verificacion_url: string; eventos: Array<{ hash: string }> }>(
    page,
    `/api/proveedores/subpartidas/${subpartidaId}/ecmr`,
  );
  expect(qr.href).toBe(
    `${detalle.verificacion_url}?h=${detalle.eventos.at(-1)!.hash.slice(0, 16)}`,
  );
  await signer.bringToFront();
  await signer.goto(`${qr.pathname}${qr.search}`);
  await expect(signer.getByText('El documento está intacto', { exact: true })).toBeVisible();
  await expect(signer.getByText(/Destinatario: Ana Gómez Recepción/)).toBeVisible();
  await signer.screenshot({ path: `${SCREENSHOTS}/17-verificacion.png`, fullPage: true });

  await driverPhone.close();
  await signerPhone.close();
});

/** A drawn signature for the signatures made through the API: a 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('the consignee signs the delivery from the shipment link the customer made for them, when the driver asks; the driver sees it and the PDF says how', async ({
  browser,
  page,
  request,
}) => {
  // Four browsers (carrier, customer, driver, consignee), a PDF, on a shared two-core machine.
  test.setTimeout(420_000);
  mkdirSync(SCREENSHOTS, { recursive: true });

  const { partida, referencia } = await postErpTransport(request, {
    nombre: 'ERP e2e firma desde el envío',
    prefijo: 'EFIR',
    origen: MADRID,
    destino: { poblacion: 'Sevilla', cp: '41001', pais_iso: 'ES', lat: 37.3891, lng: -5.9845 },
    cargaEnDias: 0,
    entregaEnDias: 1,
    bultos: 18,
    pesoKg: 9000,
    matricula: '5678FIR',
    conductor: 'Jorge Navarro',
    importeCentimos: 68_000,
    estadoTransporte: 'en_transito',
  });

  // The carrier's driver link; the driver and the sender have signed at pick-up (on the phone).
  const { path: linkPath, token: driverToken } = await driverLinkOf(page, referencia);
  const trip = await apiGet<{ subpartidas: Array<{ id: number }> }>(
    page,
    `/api/conductor/${driverToken}`,
  );
  const subpartidaId = trip.subpartidas[0]!.id;
  const ecmrPath = `/api/conductor/${driverToken}/subpartidas/${subpartidaId}/ecmr`;
  const nota = (await (await request.get(ecmrPath)).json()) as { documento_sha256: string };
  for (const [rol, nombre] of [
    ['transportista', 'Jorge Navarro'],
    ['remitente', 'Luis Pérez Almacén'],
  ] as const) {
    const signed = await request.post(`${ecmrPath}/firmas`, {
      data: { rol, nombre, firma_png: PNG_1X1, documento_sha256: nota.documento_sha256 },
    });
    expect(signed.status(), await signed.text()).toBe(201);
  }

  // The customer shares the shipment with the consignee, who may sign its delivery.
  const customer = await browser.newPage();
  await signIn(customer, 'cliente@demo.es');
  await customer.goto(`/clientes/tracking-porte/${encodeURIComponent(partida)}`);
  await customer.getByRole('button', { name: 'Compartir envío' }).click();
  const dialog = customer.getByRole('dialog', { name: `Compartir envío ${partida}` });
  const puedeFirmar = dialog.getByRole('checkbox', {
    name: 'El destinatario puede firmar la entrega',
  });
  await expect(puedeFirmar).not.toBeChecked();
  await puedeFirmar.check();
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Enlace del envío' }).inputValue();
  await expect(
    dialog.getByText(/^Seguimiento, prueba de entrega, firma de la entrega · /),
  ).toBeVisible();
  await customer.screenshot({ path: `${SCREENSHOTS}/20-cliente-enlace-para-firmar.png` });

  // The consignee opens it on their phone: nothing to sign until the driver asks.
  const consigneePhone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  const consignee = await consigneePhone.newPage();
  await consignee.goto(new URL(url).pathname);
  await expect(consignee.getByRole('heading', { name: `Envío ${partida}` })).toBeVisible();
  const firmaEntrega = consignee.getByRole('region', { name: 'Firma de la entrega' });
  await expect(firmaEntrega).toHaveCount(0);

  // At the dock the driver asks for the consignee's contactless signature: a code on screen.
  const driverPhone = await phone(browser);
  const driver = await driverPhone.newPage();
  await driver.goto(linkPath);
  const ecmr = driver.getByRole('group', { name: /^e-CMR / });
  await expect(ecmr.getByText('Recogida firmada', { exact: true })).toBeVisible();
  const destinatario = ecmr.getByRole('listitem', { name: 'Destinatario' });
  await destinatario.getByRole('button', { name: 'Firma sin contacto' }).click();
  await ecmr.getByRole('button', { name: 'Mostrar un código en pantalla' }).click();
  await expect(ecmr.getByLabel('Código de firma')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(ecmr.getByText('Esperando la firma…')).toBeVisible();

  // The consignee's page (read again) offers the signature.
  await consignee.bringToFront();
  await consignee.reload();
  await expect(firmaEntrega).toContainText(/El conductor le pide que firme la entrega \(e-CMR /);
  await consignee.screenshot({ path: `${SCREENSHOTS}/21-envio-firmar-la-entrega.png` });
  await firmaEntrega.getByRole('button', { name: 'Firmar la entrega' }).click();
  await expect(
    consignee.getByText(/^Le piden que firme, como destinatario, la entrega/),
  ).toBeVisible();
  await expect(consignee.getByText(/^Remitente: Firmado por Luis Pérez Almacén/)).toBeVisible();
  const form = consignee.getByRole('form', { name: 'Firma: Destinatario' });
  await form.getByLabel('Nombre y apellidos de quien firma').fill('Rocío Márquez Almacén');
  await draw(consignee, form.getByRole('img', { name: 'Recuadro de firma' }));
  await form
    .getByRole('checkbox', { name: 'Firmar con reservas (daños, bultos que faltan…)' })
    .check();
  await form.getByLabel('Describa las reservas').fill('Una caja aplastada.');
  await form
    .getByLabel('Hacer una foto')
    .setInputFiles({ name: 'caja.jpg', mimeType: 'image/jpeg', buffer: await photo(consignee) });
  await expect(form.getByRole('img', { name: 'Foto 1 de las reservas' })).toBeVisible({
    timeout: 30_000,
  });
  await consignee.screenshot({
    path: `${SCREENSHOTS}/22-envio-firma-formulario.png`,
    fullPage: true,
  });
  const uploaded = consignee.waitForResponse(
    (r) => /\/api\/envio\/[^/]+\/ecmr\/\d+\/fotos$/.test(r.url()) && r.status() === 201,
  );
  const signed = consignee.waitForResponse(
    (r) => /\/api\/envio\/[^/]+\/ecmr\/\d+$/.test(r.url()) && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Firmar', exact: true }).click();
  await uploaded;
  expect((await signed).status()).toBe(201);
  await expect(consignee.getByRole('heading', { name: /^e-CMR .+ firmado\.$/ })).toBeVisible();
  await consignee.screenshot({ path: `${SCREENSHOTS}/23-envio-firmada.png` });
  await consignee.getByRole('button', { name: 'Volver al envío' }).click();
  await expect(
    firmaEntrega.getByText(
      /^e-CMR .+: entrega firmada por Rocío Márquez Almacén el .+ Con reservas\.$/,
    ),
  ).toBeVisible();
  await expect(firmaEntrega.getByRole('button', { name: 'Firmar la entrega' })).toHaveCount(0);
  await consignee.screenshot({
    path: `${SCREENSHOTS}/24-envio-entrega-firmada.png`,
    fullPage: true,
  });

  // The driver's screen sees the signature arrive.
  await driver.bringToFront();
  await expect(destinatario.getByText(/^Firmado por Rocío Márquez Almacén el /)).toBeVisible({
    timeout: 20_000,
  });
  await expect(ecmr.getByText('Con reservas', { exact: true }).first()).toBeVisible();

  // The PDF names the consignee and says the signature came through the shipment link.
  const pdf = await page.request.get(`/api/proveedores/subpartidas/${subpartidaId}/ecmr/pdf`);
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  writeFileSync(`${SCREENSHOTS}/ecmr-enlace-envio.pdf`, bytes);
  const { text } = await pdfContents(bytes);
  const plano = text.replace(/\s+/g, ' ');
  expect(plano).toContain('Rocío Márquez Almacén');
  expect(plano).toContain('con el enlace del envío, en su propio dispositivo');
  expect(plano).toContain('Reservas: Una caja aplastada.');

  await driverPhone.close();
  await consigneePhone.close();
  await customer.close();
});
