import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { AvisosBell } from './avisos-bell';

describe('AvisosBell', () => {
  it('names the unread count', async () => {
    mockApi({ 'GET /api/usuario/avisos/resumen': () => json(200, { noLeidos: 3 }) });
    render(
      <TestProviders queryClient={testQueryClient()}>
        <AvisosBell pushPanel={null} />
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Avisos: 3 sin leer' })).toBeInTheDocument();
  });
});
