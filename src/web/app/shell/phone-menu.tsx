import { Drawer } from '@mantine/core';
import { NavMenu } from './nav-menu';

interface PhoneMenuProps {
  roles: readonly string[];
  opened: boolean;
  onClose: () => void;
}

/** The phone's side panel with the menu; a chunk of its own, loaded when the burger is first pressed. */
export function PhoneMenu({ roles, opened, onClose }: PhoneMenuProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="80%" closeButtonProps={{ 'aria-label': 'Luk menu' }}>
      <nav aria-label="Hovedmenu">
        <NavMenu roles={roles} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
