import { ActionIcon } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../test/render';
import { TooltipOnUse } from './tooltip-on-use';

describe('TooltipOnUse (issue 21 point 6)', () => {
  it('shows its text while the mouse is over the target, from the first time', async () => {
    const onMouseEnter = vi.fn();
    render(
      <TestProviders queryClient={testQueryClient()}>
        <TooltipOnUse label="Avisos">
          <ActionIcon aria-label="Avisos" onMouseEnter={onMouseEnter}>
            A
          </ActionIcon>
        </TooltipOnUse>
      </TestProviders>,
    );
    const button = screen.getByRole('button', { name: 'Avisos' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Avisos');
    // The target's own handler still runs.
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    await userEvent.unhover(screen.getByRole('button', { name: 'Avisos' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});
