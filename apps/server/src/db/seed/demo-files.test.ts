import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage/local-disk-storage.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { storeDemoFilesIn } from './demo-files.js';
import { seedDemo } from './demo.js';

describe.each(testDatabases())('ficheros de demostración ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'extranet-demo-files-')));

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, {
      today: new Date('2026-11-22T10:30:00.000Z'),
      storeFile: storeDemoFilesIn(storage),
    });
  });
  afterAll(() => handle.dispose());

  it('cada fila de archivos tiene sus bytes en el almacenamiento, con su sha256 y tamaño', async () => {
    const archivos = await handle.db.selectFrom('archivos').selectAll().execute();
    expect(archivos.length).toBeGreaterThan(50);
    for (const archivo of archivos) {
      const object = await storage.get(archivo.storage_key);
      const bytes = await buffer(object.body);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(archivo.sha256);
      expect(bytes.length).toBe(archivo.tamano_bytes);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(archivo.mime).toBe('application/pdf');
    }
    const tipos = new Set(archivos.map((a) => a.tipo));
    for (const tipo of ['cmr', 'factura', 'factura_proveedor', 'certificado', 'prevencion']) {
      expect(tipos).toContain(tipo);
    }
  });

  it('cada factura de cliente apunta a su propio PDF', async () => {
    const facturas = await handle.db
      .selectFrom('facturas')
      .innerJoin('archivos', 'archivos.id', 'facturas.archivo_id')
      .select(['facturas.serie', 'facturas.numero', 'archivos.nombre', 'archivos.sha256'])
      .execute();
    expect(facturas.length).toBeGreaterThan(5);
    for (const f of facturas) expect(f.nombre).toBe(`Factura ${f.serie}-${f.numero}.pdf`);
    expect(new Set(facturas.map((f) => f.sha256)).size).toBe(facturas.length);
  });
});
