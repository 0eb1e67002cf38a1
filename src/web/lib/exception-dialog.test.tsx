import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { ApiError } from './api-client';
import { renderWithProviders } from '../test-utils';

function Failing({ error, meta, label = 'Gem' }: { error: unknown; meta?: Record<string, unknown>; label?: string }) {
  const mutation = useMutation({
    mutationFn: async () => {
      throw error;
    },
    meta,
  });
  return <Button onClick={() => mutation.mutate()}>{label}</Button>;
}

function renderFailing(error: unknown, meta?: Record<string, unknown>) {
  renderWithProviders(<Failing error={error} meta={meta} />, { queryClient: createQueryClient() });
  return userEvent.setup();
}

describe('exception dialog', () => {
  it('lists the field errors of a VALIDATION_ERROR under the message, with Danish field names', async () => {
    const user = renderFailing(
      new ApiError({
        status: 400,
        type: 'VALIDATION_ERROR',
        message: 'Der er fejl i de indtastede oplysninger',
        errors: { initials: ['Initialerne bruges allerede af en anden bruger'] },
      }),
      { fieldLabels: { initials: 'Initialer' }, errorMessage: 'Oprettelse af brugeren mislykkedes' },
    );
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der er fejl i de indtastede oplysninger' });
    expect(dialog).toHaveTextContent('Initialer: Initialerne bruges allerede af en anden bruger');
    expect(await screen.findByText('Oprettelse af brugeren mislykkedes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the stack trace of a 500', async () => {
    const user = renderFailing(
      new ApiError({
        status: 500,
        type: 'GENERIC_ERROR',
        message: 'Der opstod en uventet fejl',
        stackTrace: 'Error: boom\n    at handler',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der opstod en uventet fejl' });
    expect(dialog).toHaveTextContent('Error: boom');
  });

  it('stays closed for other errors and for aborted requests (an aborted one shows no toast either)', async () => {
    // Every dialog asked for, by its id (the modal relay may send one twice: held, then sent again).
    const opened = new Set<string>();
    const record = (event: Event) => opened.add(String((event as CustomEvent<{ modalId?: string }>).detail?.modalId));
    window.addEventListener('mantine-modals:openModal', record);
    try {
      renderWithProviders(
        <>
          <Failing
            error={new DOMException('The operation was aborted.', 'AbortError')}
            meta={{ errorMessage: 'Udbakken kunne ikke hentes' }}
          />
          <Failing label="Slet" error={new Error('boom')} meta={{ errorMessage: 'Sletningen mislykkedes' }} />
          <Failing
            label="Send"
            error={new ApiError({ status: 500, type: 'GENERIC_ERROR', message: 'Der opstod en uventet fejl' })}
            meta={{ errorMessage: 'Afsendelsen mislykkedes' }}
          />
        </>,
        { queryClient: createQueryClient() },
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Gem' }));
      await user.click(screen.getByRole('button', { name: 'Slet' }));
      // Last a failure that opens the dialog: dialogs and toasts come in the order they were asked for, so once its
      // dialog and toast show, any the two before asked for would show too.
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByRole('dialog', { name: 'Der opstod en uventet fejl' })).toBeInTheDocument();
      expect(await screen.findByText('Afsendelsen mislykkedes')).toBeInTheDocument();
      expect(opened.size).toBe(1);
      expect(screen.getByText('Sletningen mislykkedes')).toBeInTheDocument();
      expect(screen.queryByText('Udbakken kunne ikke hentes')).not.toBeInTheDocument();
    } finally {
      window.removeEventListener('mantine-modals:openModal', record);
    }
  });
});
