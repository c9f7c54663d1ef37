import { Button, Menu } from '@mantine/core';
import { IconColumns3, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

/** One entry of the column menu. */
export interface ColumnMenuEntry {
  id: string;
  /** The column's heading. */
  header: string;
  /** Shown now (the user's choice, else the default for this screen width). */
  shown: boolean;
  /** A column the user cannot hide: the one naming the row, the actions. */
  fixed: boolean;
}

export interface ColumnMenuProps {
  /** The table's accessible name: the button is "Columnas de …" for screen readers. */
  tableLabel: string;
  entries: readonly ColumnMenuEntry[];
  /** Called when the user ticks or unticks a column. */
  onToggle: (columnId: string, shown: boolean) => void;
  /** Called by "Restablecer": back to the defaults for each width. */
  onReset: () => void;
  /** The user has chosen something ("Restablecer" is enabled). */
  customised: boolean;
}

/**
 * "Columnas" (issue 20 point 3): a menu of checkbox items (role menuitemcheckbox: arrows, Space
 * and Enter, Escape closes), one per column, and "Restablecer".
 */
export function ColumnMenu({
  tableLabel,
  entries,
  onToggle,
  onReset,
  customised,
}: ColumnMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={240}
      classNames={{ item: classes.menuItem }}
    >
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns3 size={16} aria-hidden />}
          aria-label={t('tabla.columnsOf', { label: tableLabel })}
        >
          {t('tabla.columns')}
        </Button>
      </Menu.Target>
      {/* No Menu.Label: its role=presentation is not allowed inside role=menu (axe). */}
      <Menu.Dropdown aria-label={t('tabla.columnsOf', { label: tableLabel })}>
        {entries.map((entry) => (
          <Menu.CheckboxItem
            key={entry.id}
            checked={entry.shown}
            // Not `disabled`: the menu's focus trap would try to focus a disabled first item and
            // leave the focus on the button (no arrows, no Escape). These stay focusable,
            // skipped by the arrows, and say they are unavailable.
            data-disabled={entry.fixed || undefined}
            aria-disabled={entry.fixed || undefined}
            onChange={(checked) => onToggle(entry.id, checked)}
          >
            {entry.header}
          </Menu.CheckboxItem>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconRestore size={16} aria-hidden />}
          disabled={!customised}
          onClick={onReset}
        >
          {t('tabla.columnsReset')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
