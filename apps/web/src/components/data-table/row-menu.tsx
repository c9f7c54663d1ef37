import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';

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
 * time (issue 21). Until then the button is a plain one with the same name and state; on first
 * use the menu's own button takes the focus and then opens, so that closing the menu returns
 * the focus to it, as with any menu.
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The first use: the menu's button, as it appears, takes the focus and opens the menu.
  const firstUse = useRef(false);
  const onArrival = useCallback((element: HTMLButtonElement | null) => {
    if (!element || !firstUse.current) return;
    firstUse.current = false;
    element.focus();
    setOpened(true);
  }, []);
  // The same button before and after the menu mounts: its look, name and icon.
  const look = { variant: 'subtle', color: 'gray', 'aria-label': label } as const;
  const dots = <IconDots size={18} aria-hidden />;
  if (!mounted) {
    return (
      <ActionIcon
        {...look}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => {
          firstUse.current = true;
          setMounted(true);
        }}
      >
        {dots}
      </ActionIcon>
    );
  }
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={onArrival} {...look}>
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
