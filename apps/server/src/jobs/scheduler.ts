import type { FastifyInstance } from 'fastify';
import { avisarCertificadosPorCaducar } from './certificados.js';
import { limpiar } from './limpieza.js';
import { createPoller } from '../lib/poller.js';

export interface JobScheduler {
  /** Runs the jobs now, then every `intervalMs`. */
  start(): void;
  /** Stops scheduling and waits for the run in progress. */
  stop(): Promise<void>;
  /** One run of every job; a failing job is logged and does not stop the others. */
  runOnce(): Promise<void>;
}

/**
 * The periodic jobs (issue 6): certificate expiry notices and purges of dead rows. Each job is
 * safe to run on several instances at once, so every instance runs the scheduler.
 */
export function createJobScheduler(
  app: FastifyInstance,
  options: { intervalMs: number },
): JobScheduler {
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ['certificados por caducar', () => avisarCertificadosPorCaducar(app.db)],
    ['limpieza', () => limpiar(app.db, app.storage, app.config)],
  ];

  async function runOnce(): Promise<void> {
    for (const [name, job] of jobs) {
      try {
        const result = await job();
        app.log.info({ job: name, result }, 'scheduled job done');
      } catch (err) {
        app.log.error({ err, job: name }, 'scheduled job failed');
      }
    }
  }

  const poller = createPoller({
    intervalMs: options.intervalMs,
    run: runOnce,
    onError: (err) => app.log.error({ err }, 'scheduled jobs failed'),
  });
  return { runOnce, start: poller.start, stop: poller.stop };
}
