import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useOpenOnArrival } from '../../lib/use-open-on-arrival';

/** One entry of a row's menu. */
export interface RowMenuItem {
  /** What it does ("Descartar"). */
  label: string;
  /** The icon before the text. */
  icon: Icon;
  onClick: () => void;
}

export interface RowMenuProps {
  /** Accessible name of the button, naming the row ("Más acciones de la carga C26-5001"). */
  label: string;
  /** The row's other actions, in order; the menu has no entries without them. */
  items: readonly RowMenuItem[];
}

/**
 * "More actions" of a table row: a button that opens a menu of the row's other actions.
 *
 * The menu (Mantine's `Menu`: a popover with its portal, transition and positioning hooks) is
 * mounted the first time the button is used, not with the row: a list renders a row per load
 * on its first screen, and a closed menu per row cost that screen a sixth of its main-thread
 * time (issue 21). Until then the button is a plain one with the same name and state
 * (`useOpenOnArrival`).
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return (
      <ActionIcon
        {...look(label)}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setUsed(true)}
      >
        {dots}
      </ActionIcon>
    );
  }
  return <RowMenuOpened label={label} items={items} />;
}

/** The same button before and after the menu mounts: its look and name. */
function look(label: string) {
  return { variant: 'subtle', color: 'gray', 'aria-label': label } as const;
}

const dots = <IconDots size={18} aria-hidden />;

/** The menu, mounted on the button's first use: its button takes the focus and it opens. */
function RowMenuOpened({ label, items }: RowMenuProps) {
  const { opened, setOpened, buttonRef } = useOpenOnArrival(true);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={buttonRef} {...look(label)}>
          {dots}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map(({ label: itemLabel, icon: IconOf, onClick }) => (
          <Menu.Item
            key={itemLabel}
            leftSection={<IconOf size={14} aria-hidden />}
            onClick={onClick}
          >
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
