import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface RowActionProps {
  /** What it does, a verb ("Editar"): the button's text. */
  label: string;
  /** Names the row for screen readers: the accessible name is "Editar · 1234BCD". */
  row: string;
  /** The icon before the text. */
  icon: Icon;
  onClick: () => void;
  /** A destructive action (withdraw, deactivate): quieter and red. */
  danger?: boolean;
  /** The action is running: the button spins. */
  loading?: boolean;
}

/** A small button in a table's actions column. */
export function RowAction({ label, row, icon: IconOf, onClick, danger, loading }: RowActionProps) {
  return (
    <Button
      size="xs"
      variant={danger ? 'subtle' : 'light'}
      color={danger ? 'red' : undefined}
      leftSection={<IconOf size={14} aria-hidden />}
      onClick={onClick}
      loading={loading}
      aria-label={`${label} · ${row}`}
    >
      {label}
    </Button>
  );
}
