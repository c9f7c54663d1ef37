import { ActionIcon } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../test/render';
import { IconTooltip } from './icon-tooltip';

describe('IconTooltip', () => {
  it('keeps the button the same element while the mouse is over it, so its click is not lost', async () => {
    const onClick = vi.fn();
    render(
      <TestProviders queryClient={testQueryClient()}>
        <IconTooltip label="Avisos: 5 sin leer">
          <ActionIcon aria-label="Avisos: 5 sin leer" onClick={onClick}>
            A
          </ActionIcon>
        </IconTooltip>
      </TestProviders>,
    );
    const before = screen.getByRole('button', { name: 'Avisos: 5 sin leer' });
    await userEvent.hover(before);
    // The tooltip loaded on first hover replaced the button here (CI: the bell did not open).
    expect(screen.getByRole('button', { name: 'Avisos: 5 sin leer' })).toBe(before);
    await userEvent.click(before);
    expect(onClick).toHaveBeenCalledTimes(1);
    // The text the CSS shows (e2e/customer/shell.spec.ts sees it drawn in Chromium).
    expect(before.closest('[data-tooltip]')).toHaveAttribute('data-tooltip', 'Avisos: 5 sin leer');
  });
});
