import { ModalsProvider } from '@mantine/modals';
import { useLayoutEffect } from 'react';
import { releaseModalEvents } from '../lib/modal-relay';

/**
 * Mantine's modals provider, a chunk of its own drawn with the first dialog (lib/modal-relay.ts). It listens from
 * its own layout effect, which runs before this one; then the dialogs asked for while it loaded are sent again.
 */
export function ModalsHost() {
  useLayoutEffect(() => releaseModalEvents(), []);
  return (
    <ModalsProvider labels={{ confirm: 'OK', cancel: 'Annuller' }} modalProps={{ closeButtonProps: { 'aria-label': 'Luk dialogen' } }} />
  );
}
